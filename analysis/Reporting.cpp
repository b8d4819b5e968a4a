//===- Reporting.cpp - Findings as diagnostics, one per cause -------------===//
#include "analysis/Reporting.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <tuple>

#define DEBUG_TYPE "sectorscope-analyzer"

using namespace llvm;

STATISTIC(NumReported, "Findings reported (after deduplication)");

namespace sectorscope {

static std::string flagOf(Rule R) {
  return std::string("sectorscope-") + ruleName(R);
}

static std::string positionKey(const SourcePos &P) {
  return P.Dir + "/" + P.File + ":" + std::to_string(P.Line) + ":" +
         std::to_string(P.Column);
}

// Where the access itself is: inside the innermost helper when inlined.
static const SourcePos &accessPos(const Finding &F) {
  return F.Inlined.empty() ? F.Pos : F.Inlined.front().Pos;
}

// One finding per rule, source location (the site and, for an access in an
// inlined helper, the access in the helper) and kernel template
// instantiation, in source order: unrolled iterations of one access are one
// thing to fix; each call of a helper and each instantiation has its own
// numbers.
static std::vector<const Finding *>
uniqueFindings(ArrayRef<Finding> Findings, const AnalyzerOptions &Opts) {
  std::vector<const Finding *> Unique;
  StringSet<> Seen;
  for (const Finding &F : Findings) {
    if (Opts.action(F.R) == RuleAction::Off)
      continue;
    std::string Key = positionKey(F.Pos) + ":" + positionKey(accessPos(F)) +
                      ":" + ruleName(F.R) + ":" + instantiationName(F.Function);
    if (F.Pos.File.empty())
      Key += ":" + F.Function + ":" + F.Message;
    if (Seen.insert(Key).second)
      Unique.push_back(&F);
  }
  std::stable_sort(Unique.begin(), Unique.end(),
                   [](const Finding *A, const Finding *B) {
                     return std::tie(A->Pos.File, A->Pos.Line, A->Pos.Column) <
                            std::tie(B->Pos.File, B->Pos.Line, B->Pos.Column);
                   });
  return Unique;
}

// Findings with one cause: the same rule in the same kernel on the same
// array, with the same numbers (stride, width, block strides, sectors, and
// for misalignment the offset). "" when the array is unknown: no grouping.
static std::string causeKey(const Finding &F, const ReportedFinding &Shown) {
  if (F.Object.empty())
    return "";
  std::string Offset =
      F.R == Rule::Misaligned && F.Offset ? std::to_string(*F.Offset) : "";
  return join(
      ArrayRef<std::string>{
          ruleName(F.R), F.Function, F.Object, F.LaneStrideText,
          std::to_string(F.Width), F.BlockXText, F.BlockYText,
          std::to_string(F.Sectors), std::to_string(F.IdealSectors), Offset,
          std::to_string(unsigned(Shown.Level)),
          std::to_string(unsigned(Shown.Why)), Shown.Actionable ? "1" : "0"},
      "|");
}

static std::optional<unsigned> rankOf(const Finding &F) {
  if (F.R == Rule::Camped || F.Sectors == 0 || F.Sectors <= F.IdealSectors)
    return std::nullopt;
  return (100 * (F.Sectors - F.IdealSectors) + F.Sectors / 2) / F.Sectors;
}

std::vector<ReportedFinding> prepareFindings(ArrayRef<Finding> Findings,
                                             const AnalyzerOptions &Opts,
                                             Reporter &Diags) {
  std::vector<ReportedFinding> Out;
  StringMap<size_t> Causes;
  for (const Finding *F : uniqueFindings(Findings, Opts)) {
    ReportedFinding Shown;
    DiagLevel Level = Opts.action(F->R) == RuleAction::Error
                          ? DiagLevel::Error
                          : DiagLevel::Warning;
    Disposition D = Diags.disposition(F->Pos, flagOf(F->R), Level);
    // Code the user does not own (CUB, the toolkit's headers): as clang does
    // with its own warnings there, nothing at all.
    if (D.Why == Hidden::SystemHeader)
      continue;
    Shown.Level = D.Level;
    Shown.Why = D.Why;
    Shown.Actionable = !F->StencilHalo;
    std::string Key = causeKey(*F, Shown);
    if (!Key.empty()) {
      auto [It, New] = Causes.try_emplace(Key, Out.size());
      if (!New) {
        // Two accesses of one helper inlined at one call: the other is
        // pointed at in the helper.
        const Finding &First = Out[It->second].First;
        bool SameSite = positionKey(F->Pos) == positionKey(First.Pos);
        Out[It->second].Others.push_back(SameSite ? accessPos(*F) : F->Pos);
        continue;
      }
    }
    Shown.First = *F;
    Shown.Rank = rankOf(*F);
    std::string Instance = instantiationName(F->Function);
    if (!Instance.empty())
      Shown.First.Message += " (in instantiation " + Instance + ")";
    Out.push_back(std::move(Shown));
  }
  return Out;
}

void emitFindings(ArrayRef<ReportedFinding> Reported, Reporter &Diags) {
  for (const ReportedFinding &Shown : Reported) {
    if (Shown.Why != Hidden::No || !Shown.Actionable)
      continue;
    ++NumReported;
    const Finding &F = Shown.First;
    Diags.report(Shown.Level, F.Pos, F.Message, flagOf(F.R));
    Diags.report(DiagLevel::Note, F.Pos, F.Note, "");
    for (const InlineNote &In : F.Inlined)
      Diags.report(DiagLevel::Note, In.Pos, In.Text, "");
    for (const SourcePos &Other : Shown.Others)
      Diags.report(DiagLevel::Note, Other,
                   std::string("the same ") + ruleName(F.R) +
                       " access pattern on '" + F.Object + "' here",
                   "");
  }
}

// An identifier of a stride text ("nj", "blockDim.x"), from Pos on.
static StringRef identifierAt(StringRef Text, size_t Pos) {
  size_t End = Pos;
  while (End < Text.size() &&
         (isAlnum(Text[End]) || Text[End] == '_' || Text[End] == '.'))
    ++End;
  return Text.slice(Pos, End);
}

static bool isKnownName(StringRef Name, const StringSet<> &Known) {
  for (StringRef Builtin : {"threadIdx.", "blockIdx.", "blockDim.", "gridDim."})
    if (Name.starts_with(Builtin))
      return true;
  return Known.contains(Name);
}

// Text with every name the source does not have replaced by a neutral
// wording: "4*select + 8*nj" -> "4*(a run-time value) + 8*nj".
static std::string withSourceNames(StringRef Text, const StringSet<> &Known) {
  std::string Out;
  for (size_t I = 0; I < Text.size();) {
    if (!isAlpha(Text[I]) && Text[I] != '_') {
      Out += Text[I++];
      continue;
    }
    StringRef Name = identifierAt(Text, I);
    Out += isKnownName(Name, Known) ? Name.str() : "(a run-time value)";
    I += Name.size();
  }
  return Out;
}

static void replaceAll(std::string &S, StringRef From, StringRef To) {
  for (size_t At = S.find(From); At != std::string::npos;
       At = S.find(From, At + To.size()))
    S.replace(At, From.size(), To.str());
}

void useSourceNames(Finding &F, const StringSet<> &Known) {
  // Two loaded pointers are not known to be one array.
  if (!F.Object.empty() && !isKnownName(F.Object, Known))
    F.Object.clear();
  for (std::string *Text : {&F.LaneStrideText, &F.BlockXText, &F.BlockYText}) {
    if (*Text == "unknown" || *Text == "not affine")
      continue;
    std::string Neutral = withSourceNames(*Text, Known);
    if (Neutral == *Text)
      continue;
    replaceAll(F.Message, *Text + " bytes", Neutral + " bytes");
    *Text = Neutral;
  }
  // "... when <factor> is a multiple of N" (the camped rule's condition).
  size_t When = F.Message.find(" when ");
  if (When == std::string::npos)
    return;
  size_t At = When + strlen(" when ");
  StringRef Factor = identifierAt(F.Message, At);
  if (!Factor.empty() && !isKnownName(Factor, Known))
    F.Message.replace(At, Factor.size(), "a run-time value");
}

std::string instantiationName(StringRef Demangled) {
  size_t Open = Demangled.find('<'), Paren = Demangled.find('(');
  if (Open == StringRef::npos || (Paren != StringRef::npos && Paren < Open))
    return "";
  size_t Close = Open;
  for (int Depth = 0; Close < Demangled.size(); ++Close) {
    Depth += Demangled[Close] == '<' ? 1 : Demangled[Close] == '>' ? -1 : 0;
    if (Depth == 0)
      break;
  }
  // The name starts after the return type ("void reduce6<...>").
  size_t Start = Demangled.take_front(Open).rfind(' ');
  Start = Start == StringRef::npos ? 0 : Start + 1;
  std::string Name = Demangled.slice(Start, Close + 1).str();
  // Integer arguments as written in the source: 512, not 512u or 512ul.
  std::string Plain;
  for (size_t I = 0; I < Name.size(); ++I) {
    Plain += Name[I];
    if (!isDigit(Name[I]))
      continue;
    size_t J = I + 1;
    while (J < Name.size() && (Name[J] == 'u' || Name[J] == 'l'))
      ++J;
    if (J > I + 1 && J < Name.size() && (Name[J] == ',' || Name[J] == '>'))
      I = J - 1;
  }
  return Plain;
}

} // namespace sectorscope
