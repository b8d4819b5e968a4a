//===- Options.h - sectorscope's plugin arguments ---------------*- C++ -*-===//
//
// Every user-visible switch of the compiler side lives here and is parsed in
// one place, Options::set(). The same parser serves the three ways in:
//   clang:  -fplugin-arg-sectorscope-<key>[=<value>]
//   opt:    -sectorscope-arg=<key>[=<value>] (repeatable)
//   tests:  Options::set() directly.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_PLUGIN_OPTIONS_H
#define SECTORSCOPE_PLUGIN_OPTIONS_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <string>

namespace sectorscope {

/// The analyzer's rules. Their names are stable: they are SARIF rule ids.
enum class Rule { Strided, Misaligned, Camped };
constexpr unsigned NumRules = 3;
const char *ruleName(Rule R);

enum class RuleAction { Off, Warn, Error };

struct Options {
  bool Analyze = true;     ///< Run the compile-time analyzer.
  bool Instrument = false; ///< Instrument device memory operations.
  bool Verbose = false;    ///< Say which modules are analyzed or skipped.
  std::string SarifPath;   ///< Write SARIF 2.1.0 here (file or directory).
  std::string Partitions = "default"; ///< Partition model spec.
  std::array<RuleAction, NumRules> Rules = {RuleAction::Warn, RuleAction::Warn,
                                            RuleAction::Warn};

  RuleAction action(Rule R) const { return Rules[unsigned(R)]; }

  /// Applies one `key[=value]`. Returns "" or a one-line error message.
  std::string set(llvm::StringRef Arg);
  /// "key[=value]: help" lines, for error messages and --help.
  static std::string validKeys();
};

/// The options of this compile job. A cc1 process compiles one module per
/// target, so process-wide state is what clang's own plugins use too.
Options &options();

} // namespace sectorscope

#endif
