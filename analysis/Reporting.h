//===- Reporting.h - Findings as diagnostics, one per cause -----*- C++ -*-===//
//
// The analyzer finds one thing per access; a user fixes one thing per cause.
// Here the findings of a module become what is shown: one per rule and
// source location (unrolled iterations; an inlined access is at its call,
// AccessSite.h, with notes in the helpers), without the rules
// turned off, with what the source says about them (system headers, NOLINT,
// #pragma regions: Reporter::disposition), grouped by cause (same rule,
// kernel, array and address facts: one warning at the first site, a note at
// each other), ranked by the share of fetched sectors wasted, and worded
// with source names only.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_REPORTING_H
#define SECTORSCOPE_ANALYSIS_REPORTING_H

#include "analysis/Rules.h"
#include "support/Options.h"
#include "support/Reporter.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <vector>

namespace sectorscope {

/// One cause: the finding at its first site and the other sites.
struct ReportedFinding {
  Finding First;
  std::vector<SourcePos> Others;
  DiagLevel Level = DiagLevel::Warning;
  Hidden Why = Hidden::No;
  /// Worth a warning: false for a stencil's halo, kept for SARIF only.
  bool Actionable = true;
  /// 0-100: the share of the sectors a warp fetches that it did not need;
  /// none where the rule counts no sectors (camped).
  std::optional<unsigned> Rank;
};

/// The findings to show, in source order of their first sites.
std::vector<ReportedFinding> prepareFindings(llvm::ArrayRef<Finding> Findings,
                                             const AnalyzerOptions &Opts,
                                             Reporter &Diags);

/// Each shown finding as a warning or error, its fix as a note, and a note
/// at each other site of the same cause.
void emitFindings(llvm::ArrayRef<ReportedFinding> Reported, Reporter &Diags);

/// Rewords F's message where its lane or block stride mentions a name the
/// source does not have (an optimizer's select, a loop counter): `Known`
/// holds the names that are fine (parameters, globals, threadIdx.x, ...).
void useSourceNames(Finding &F, const llvm::StringSet<> &Known);

/// "reduce6<int, 512>" for a demangled template instantiation
/// "void reduce6<int, 512u>(int*, unsigned int)", else "".
std::string instantiationName(llvm::StringRef Demangled);

} // namespace sectorscope

#endif
