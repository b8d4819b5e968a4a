//===- Options.cpp - sectorscope's plugin arguments -----------------------===//
#include "support/Options.h"

#include "common/PartitionModel.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"

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
  }
  return "?";
}

bool AnalyzerOptions::anyRuleOn() const {
  for (RuleAction A : Rules)
    if (A != RuleAction::Off)
      return true;
  return false;
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
     "partition model: gt200, linear:<bytes>:<n>, xor:<file>, sm_90, default"},
    {"disable", "<rule>[,<rule>]",
     "turn rules off (strided, misaligned, camped, all)"},
    {"error", "<rule>[,<rule>]",
     "report rules as errors (strided, misaligned, camped, all)"},
    {"verbose", nullptr, "report which modules are analyzed and instrumented"},
    {"expect", nullptr,
     "check the source's sectorscope-expect comments; a failed one is an "
     "error"},
};

std::string setRules(StringRef List, RuleAction Action, AnalyzerOptions &O) {
  SmallVector<StringRef, 4> Names;
  List.split(Names, ',', -1, /*KeepEmpty=*/false);
  if (Names.empty())
    return "expected a rule list (strided, misaligned, camped, all)";
  for (StringRef N : Names) {
    int Index = StringSwitch<int>(N.trim())
                    .Case("strided", 0)
                    .Case("misaligned", 1)
                    .Case("camped", 2)
                    .Case("all", 3)
                    .Default(-1);
    if (Index < 0)
      return ("unknown rule '" + N.trim() +
              "'; valid: strided, misaligned, camped, all")
          .str();
    for (unsigned R = 0; R < NumRules; ++R)
      if (Index == 3 || unsigned(Index) == R)
        O.Rules[R] = Action;
  }
  return "";
}
} // namespace

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

  if (Key == "instrument")
    Instrument = true;
  else if (Key == "no-analyze")
    Analyze = false;
  else if (Key == "verbose")
    Verbose = true;
  else if (Key == "expect")
    Analyzer.CheckExpectations = true;
  else if (Key == "sarif")
    Analyzer.SarifPath = Value.str();
  else if (Key == "partitions") {
    std::string Err;
    if (!PartitionModel::parse(Value.str(), Err))
      return Err;
    Analyzer.Partitions = Value.str();
  } else if (Key == "disable")
    return setRules(Value, RuleAction::Off, Analyzer);
  else if (Key == "error")
    return setRules(Value, RuleAction::Error, Analyzer);
  return "";
}

} // namespace sectorscope
