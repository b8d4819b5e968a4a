//===- SourceNames.cpp - Kernel parameter names from the source -----------===//
#include "analysis/SourceNames.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cctype>

using namespace llvm;

namespace sectorscope {

// The last identifier of one parameter declaration ("const float *in",
// "float (*fp)(float)", "int n = 4").
static std::string lastIdentifier(StringRef Decl) {
  Decl = Decl.split('=').first.trim();
  // A function pointer: the name is inside the first parentheses.
  if (size_t Star = Decl.find("(*"); Star != StringRef::npos) {
    StringRef In = Decl.drop_front(Star + 2);
    Decl = In.take_until([](char C) { return C == ')'; });
  } else {
    // Array parameters: "float a[16]".
    Decl = Decl.take_until([](char C) { return C == '['; });
  }
  size_t End = Decl.size();
  while (End > 0 &&
         !(isalnum((unsigned char)Decl[End - 1]) || Decl[End - 1] == '_'))
    --End;
  size_t Begin = End;
  while (Begin > 0 &&
         (isalnum((unsigned char)Decl[Begin - 1]) || Decl[Begin - 1] == '_'))
    --Begin;
  if (Begin == End || isdigit((unsigned char)Decl[Begin]))
    return "";
  return Decl.slice(Begin, End).str();
}

StringRef SourceCache::fromLine(StringRef Path, unsigned Line) {
  auto [It, New] = Files.try_emplace(Path);
  File &F = It->second;
  if (New) {
    auto Buf = MemoryBuffer::getFile(Path);
    if (Buf) {
      F.Buf = std::move(*Buf);
      StringRef T = F.Buf->getBuffer();
      F.LineStarts.push_back(0);
      for (size_t I = 0; I < T.size(); ++I)
        if (T[I] == '\n')
          F.LineStarts.push_back(I + 1);
    }
  }
  if (!F.Buf || Line == 0 || Line > F.LineStarts.size())
    return "";
  return F.Buf->getBuffer().drop_front(F.LineStarts[Line - 1]);
}

std::vector<std::string> parameterNames(const Function &F,
                                        SourceCache &Sources) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP || !SP->getFile() || SP->getLine() == 0)
    return {};
  SmallString<256> Path(SP->getFilename());
  if (!sys::path::is_absolute(Path) && !SP->getDirectory().empty()) {
    Path = SP->getDirectory();
    sys::path::append(Path, SP->getFilename());
  }
  StringRef Text = Sources.fromLine(Path, SP->getLine());
  Text = Text.take_front(4096);
  StringRef Name = SP->getName().take_until([](char C) { return C == '<'; });
  if (Name.empty())
    return {};
  // The name as a whole word followed by its parameter (or template
  // argument) list: not inside __launch_bounds__ or a return type.
  auto IsIdent = [](char C) { return isalnum((unsigned char)C) || C == '_'; };
  size_t At = 0;
  for (;; At += Name.size()) {
    At = Text.find(Name, At);
    if (At == StringRef::npos)
      return {};
    StringRef After = Text.drop_front(At + Name.size()).ltrim();
    if ((At == 0 || !IsIdent(Text[At - 1])) &&
        (After.starts_with("(") || After.starts_with("<")))
      break;
  }
  Text = Text.drop_front(At + Name.size()).ltrim();
  // Template arguments of a specialization name in the source: skip them.
  if (Text.starts_with("<")) {
    int Depth = 0;
    size_t I = 0;
    for (; I < Text.size(); ++I) {
      if (Text[I] == '<')
        ++Depth;
      else if (Text[I] == '>' && --Depth == 0)
        break;
    }
    Text = Text.drop_front(I + 1).ltrim();
  }
  if (!Text.starts_with("("))
    return {};
  std::vector<std::string> Names;
  int Paren = 0, Angle = 0;
  size_t Start = 1;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '(' || C == '[' || C == '{')
      ++Paren;
    else if (C == '<')
      ++Angle;
    else if (C == '>' && Angle > 0)
      --Angle;
    else if (C == ')' || C == ']' || C == '}') {
      if (--Paren == 0) {
        StringRef Last = Text.slice(Start, I).trim();
        if (!Last.empty() && Last != "void")
          Names.push_back(lastIdentifier(Last));
        break;
      }
    } else if (C == ',' && Paren == 1 && Angle == 0) {
      Names.push_back(lastIdentifier(Text.slice(Start, I)));
      Start = I + 1;
    }
  }
  if (Names.size() != F.arg_size())
    return {};
  return Names;
}

} // namespace sectorscope
