//===- DiagnosticPragmas.h - #pragma diagnostic regions ---------*- C++ -*-===//
//
// clang keeps `#pragma clang diagnostic` state per source location, but only
// for its own warning groups: a pragma naming -Wsectorscope-strided is
// dropped with "unknown warning group". The recorder sees every pragma
// first (PPCallbacks::PragmaDirective), keeps the ones that name
// sectorscope's groups together with push and pop, and silences clang's
// complaint about those. The analyzer's findings come long after
// preprocessing; stateAt() replays the recorded pragmas up to a location.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_PLUGIN_DIAGNOSTICPRAGMAS_H
#define SECTORSCOPE_PLUGIN_DIAGNOSTICPRAGMAS_H

#include "support/Options.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <memory>
#include <optional>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class PPCallbacks;
class SourceManager;
} // namespace clang

namespace sectorscope {

class DiagnosticPragmas {
public:
  /// What a pragma region asks of a rule.
  enum class Severity { Ignored, Warning, Error };

  /// The callbacks to add to the preprocessor; they record into *this.
  std::unique_ptr<clang::PPCallbacks> recorder(clang::SourceManager &SM,
                                               clang::DiagnosticsEngine &Diags);

  /// The severity the pragmas before Loc give the rule, if any names it.
  std::optional<Severity> stateAt(clang::SourceLocation Loc, Rule R,
                                  const clang::SourceManager &SM) const;

  /// One recorded pragma: push, pop, or a severity for some rules.
  struct Event {
    enum { Push, Pop, Set } Kind = Set;
    clang::SourceLocation Loc;
    Severity To = Severity::Warning;
    std::array<bool, NumRules> Rules = {};
  };
  void add(Event E) { Events.push_back(E); }

private:
  std::vector<Event> Events; // In preprocessing order.
};

} // namespace sectorscope

#endif
