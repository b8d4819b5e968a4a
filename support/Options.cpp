//===- Options.cpp - sectorscope's plugin arguments -----------------------===//
#include "support/Options.h"

#include "common/PartitionModel.h"
#include "common/ReadFile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>

using namespace llvm;

namespace sectorscope {

const char *ruleName(Rule R) {
  switch (R) {
  case Rule::Strided:
    return "strided";
  case Rule::Misaligned:
    return "misaligned";
  case Rule::Camped:
    return "camped";
  case Rule::WarpRace:
    return "warp-race";
  }
  return "?";
}

std::optional<Rule> ruleNamed(StringRef Name) {
  for (unsigned R = 0; R < NumRules; ++R)
    if (Name == ruleName(Rule(R)))
      return Rule(R);
  return std::nullopt;
}

bool AnalyzerOptions::anyRuleOn() const {
  for (RuleAction A : Rules)
    if (A != RuleAction::Off)
      return true;
  return false;
}

void AnalyzerOptions::promoteWarnings() {
  for (unsigned R = 0; R < NumRules; ++R)
    if (Rules[R] == RuleAction::Warn && !NoWarningAsError[R])
      Rules[R] = RuleAction::Error;
}

namespace {
struct KeyInfo {
  const char *Key;
  const char *Value; // nullptr: a flag without value
  const char *Help;
};
const KeyInfo Keys[] = {
    {"instrument", nullptr,
     "instrument device loads/stores for run-time profiling"},
    {"no-analyze", nullptr, "do not run the compile-time analyzer"},
    {"sarif", "<path>", "write SARIF 2.1.0 (a directory gets one file per TU)"},
    {"partitions", "<model>",
     "partition model: gt200, linear:<bytes>:<n>, xor:<file>, <device key> "
     "(h100, h200, ...), device:<name>, sm_90, default"},
    {"disable", "<rule>[,<rule>]",
     "turn rules off (strided, misaligned, camped, warp-race, all): "
     "-Wno-sectorscope-<rule>"},
    {"enable", "<rule>[,<rule>]",
     "turn rules on, as warnings unless errors already: -Wsectorscope-<rule>"},
    {"error", "<rule>[,<rule>]",
     "turn rules on as errors: -Werror=sectorscope-<rule>"},
    {"no-error", "<rule>[,<rule>]",
     "keep rules warnings under -Werror: -Wno-error=sectorscope-<rule>"},
    {"verbose", nullptr, "report which modules are analyzed and instrumented"},
    {"expect", nullptr,
     "check the source's sectorscope-expect comments; a failed one is an "
     "error"},
    {"instrument-max-accesses", "<n>",
     "leave kernels with more than <n> accesses uninstrumented (default "
     "4096; 0: no limit)"},
    {"instrument-modes", "<mode>[,<mode>]",
     "build the variants of these run-time modes only (heatmap, grid; "
     "default both): the other mode runs its kernels as compiled"},
    {"instrument-ignorelist", "<file>",
     "leave the kernels the file lists uninstrumented (fun:<glob> on the "
     "mangled or demangled name, src:<glob> on the defining file)"},
};

/// An ignore list is a few lines a user writes: a megabyte is plenty.
constexpr uint64_t MaxIgnoreListBytes = 1 << 20;

std::string setIgnoreList(const std::string &Path, InstrumentOptions &O) {
  UserFile F = readUserFile(Path, MaxIgnoreListBytes, "ignore list");
  if (!F.Text)
    return F.Error;
  std::string Err;
  std::unique_ptr<llvm::MemoryBuffer> Buffer =
      llvm::MemoryBuffer::getMemBuffer(*F.Text, Path, false);
  std::unique_ptr<llvm::SpecialCaseList> List =
      llvm::SpecialCaseList::create(Buffer.get(), Err);
  if (!List)
    return "ignore list '" + Path + "': " + Err;
  O.IgnoreList = std::move(List);
  O.IgnoreListPath = Path;
  return "";
}

/// instrument-modes: the run-time modes whose variants are built.
std::string setModes(StringRef List, InstrumentOptions &O) {
  SmallVector<StringRef, 2> Names;
  List.split(Names, ',', -1, /*KeepEmpty=*/false);
  O.HeatmapVariants = O.GridVariants = false;
  for (StringRef N : Names) {
    if (N.trim() == "heatmap")
      O.HeatmapVariants = true;
    else if (N.trim() == "grid")
      O.GridVariants = true;
    else
      return ("unknown mode '" + N.trim() +
              "' in instrument-modes; valid: heatmap, grid")
          .str();
  }
  if (!O.HeatmapVariants && !O.GridVariants)
    return "instrument-modes needs heatmap, grid or both";
  return "";
}

/// What one rule option does, with the meaning of clang's -W options.
enum class RuleChange { Off, On, Error, NoError };

void changeRule(AnalyzerOptions &O, unsigned R, RuleChange Change) {
  switch (Change) {
  case RuleChange::Off:
    O.Rules[R] = RuleAction::Off;
    break;
  case RuleChange::On:
    if (O.Rules[R] == RuleAction::Off)
      O.Rules[R] = RuleAction::Warn;
    break;
  case RuleChange::Error:
    O.Rules[R] = RuleAction::Error;
    break;
  case RuleChange::NoError:
    if (O.Rules[R] == RuleAction::Error)
      O.Rules[R] = RuleAction::Warn;
    O.NoWarningAsError[R] = true;
    break;
  }
}

// A rule's index, NumRules for "all", or -1.
int ruleIndex(StringRef Name) {
  if (std::optional<Rule> R = ruleNamed(Name))
    return int(*R);
  return Name == "all" ? int(NumRules) : -1;
}

/// "strided, misaligned, camped, warp-race, all".
std::string ruleList() {
  std::string Out;
  for (unsigned R = 0; R < NumRules; ++R)
    Out += std::string(ruleName(Rule(R))) + ", ";
  return Out + "all";
}

std::string setRules(StringRef List, RuleChange Change, AnalyzerOptions &O) {
  SmallVector<StringRef, 4> Names;
  List.split(Names, ',', -1, /*KeepEmpty=*/false);
  if (Names.empty())
    return "expected a rule list (" + ruleList() + ")";
  for (StringRef N : Names) {
    int Index = ruleIndex(N.trim());
    if (Index < 0)
      return ("unknown rule '" + N.trim() + "'; valid: " + ruleList()).str();
    for (unsigned R = 0; R < NumRules; ++R)
      if (Index == int(NumRules) || unsigned(Index) == R)
        changeRule(O, R, Change);
  }
  return "";
}

// The group a -W option names: "sectorscope" or "sectorscope-<rule>", after
// its "no-", "error=" or "no-error=" prefix.
StringRef warningGroup(StringRef Option, RuleChange &Change) {
  Change = RuleChange::On;
  if (Option.consume_front("no-error="))
    Change = RuleChange::NoError;
  else if (Option.consume_front("error="))
    Change = RuleChange::Error;
  else if (Option.consume_front("no-"))
    Change = RuleChange::Off;
  return Option;
}
} // namespace

bool Options::isWarningOption(StringRef Option) {
  RuleChange Change;
  StringRef Group = warningGroup(Option, Change);
  return Group == "sectorscope" || Group.starts_with("sectorscope-");
}

std::string Options::setWarningOption(StringRef Option) {
  if (!isWarningOption(Option))
    return "";
  RuleChange Change;
  StringRef Group = warningGroup(Option, Change);
  if (Group == "sectorscope")
    return setRules("all", Change, Analyzer);
  StringRef Name = Group.drop_front(strlen("sectorscope-"));
  int Index = ruleIndex(Name);
  if (Index < 0 || Index == int(NumRules))
    return ("unknown warning option '-W" + Option +
            "'; valid groups: sectorscope, sectorscope-strided, "
            "sectorscope-misaligned, sectorscope-camped")
        .str();
  changeRule(Analyzer, unsigned(Index), Change);
  return "";
}

std::string Options::validKeys() {
  std::string S;
  for (const KeyInfo &K : Keys) {
    S += K.Key;
    if (K.Value)
      S += std::string("=") + K.Value;
    S += ", ";
  }
  S.resize(S.size() - 2);
  return S;
}

std::string Options::set(StringRef Arg) {
  auto [Key, Value] = Arg.split('=');
  bool HasValue = Arg.contains('=');
  const KeyInfo *Info = nullptr;
  for (const KeyInfo &K : Keys)
    if (Key == K.Key)
      Info = &K;
  if (!Info)
    return ("unknown argument '" + Key + "'; valid arguments: " + validKeys())
        .str();
  if (!Info->Value && HasValue)
    return ("argument '" + Key + "' takes no value").str();
  if (Info->Value && (!HasValue || Value.empty()))
    return ("argument '" + Key + "' needs a value: " + Key + "=" + Info->Value)
        .str();

  if (Key.starts_with("instrument-") && InstrumentKeyGiven.empty())
    InstrumentKeyGiven = Key.str();
  if (Key == "instrument")
    Instrument = true;
  else if (Key == "no-analyze")
    Analyze = false;
  else if (Key == "verbose")
    Verbose = true;
  else if (Key == "expect")
    Analyzer.CheckExpectations = true;
  else if (Key == "instrument-max-accesses") {
    if (Value.getAsInteger(10, Instrumentation.MaxAccessesPerKernel))
      return ("argument '" + Key + "' needs a number, got '" + Value + "'")
          .str();
  } else if (Key == "instrument-modes") {
    return setModes(Value, Instrumentation);
  } else if (Key == "instrument-ignorelist") {
    return setIgnoreList(Value.str(), Instrumentation);
  } else if (Key == "sarif")
    Analyzer.SarifPath = Value.str();
  else if (Key == "partitions") {
    std::string Err;
    if (!PartitionModel::parse(Value.str(), Err))
      return Err;
    Analyzer.Partitions = Value.str();
  } else if (Key == "disable")
    return setRules(Value, RuleChange::Off, Analyzer);
  else if (Key == "enable")
    return setRules(Value, RuleChange::On, Analyzer);
  else if (Key == "error")
    return setRules(Value, RuleChange::Error, Analyzer);
  else if (Key == "no-error")
    return setRules(Value, RuleChange::NoError, Analyzer);
  return "";
}

} // namespace sectorscope
