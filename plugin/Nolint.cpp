//===- Nolint.cpp - NOLINT comments that silence a finding ----------------===//
#include "plugin/Nolint.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace sectorscope {

static bool checkCovers(StringRef Check, StringRef Group) {
  Check = Check.trim();
  if (Check.ends_with("*"))
    return Group.starts_with(Check.drop_back());
  return Check == Group ||
         (Check == "sectorscope" && Group.starts_with("sectorscope-"));
}

bool nolintCovers(StringRef Line, StringRef Group, bool NextLine) {
  for (size_t At = Line.find("NOLINT"); At != StringRef::npos;
       At = Line.find("NOLINT", At + 1)) {
    StringRef Rest = Line.drop_front(At + strlen("NOLINT"));
    bool IsNextLine = Rest.consume_front("NEXTLINE");
    if (IsNextLine != NextLine || Rest.starts_with("BEGIN") ||
        Rest.starts_with("END"))
      continue;
    if (!Rest.consume_front("("))
      return true;
    size_t Close = Rest.find(')');
    if (Close == StringRef::npos)
      continue;
    SmallVector<StringRef, 4> Checks;
    Rest.take_front(Close).split(Checks, ',');
    for (StringRef Check : Checks)
      if (checkCovers(Check, Group))
        return true;
  }
  return false;
}

} // namespace sectorscope
