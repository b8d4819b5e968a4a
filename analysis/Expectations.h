//===- Expectations.h - Expectations checked at compile time --------------===//
//
// With -fplugin-arg-sectorscope-expect the analyzer checks every
// `sectorscope-expect` comment (common/Expectations.h) of the source files
// its accesses and kernels come from against what it found: an expectation
// that does not hold, a finding on a line that expects `clean`, a malformed
// comment and a comment on a line without a global access are errors.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_EXPECTATIONS_H
#define SECTORSCOPE_ANALYSIS_EXPECTATIONS_H

#include "analysis/Reporting.h"
#include "analysis/Rules.h"
#include "analysis/WarpRequest.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace sectorscope {

/// What the analyzer made of one global access, finding or not.
struct AnalyzedAccess {
  SourcePos Pos;
  std::string Function; ///< Demangled kernel.
  AccessOp Op = AccessOp::Load;
  AccessFacts::StrideKind Stride = AccessFacts::StrideKind::Unknown;
  std::string StrideText;
  /// Sectors a warp touches per request, when the analyzer counts them.
  std::optional<unsigned> Sectors;
  unsigned IdealSectors = 0;
};

/// The record of one access from its facts, its warp's request under the
/// kernel's first known block shape (null: the default lane layout) and the
/// findings that remain for it.
AnalyzedAccess describeAccess(const AccessFacts &A, const AccessAnalyzer &AA,
                              const BlockShape *Shape,
                              llvm::ArrayRef<Finding> Found,
                              const SourcePos &Pos, llvm::StringRef Function);

/// Checks the expectations of the module's source files against the
/// findings (as reported: every site of a grouped finding, shown or not)
/// and the analyzed accesses; reports every violation and malformed
/// comment as an error through Diags.
void checkExpectations(const llvm::Module &M,
                       llvm::ArrayRef<ReportedFinding> Reported,
                       llvm::ArrayRef<AnalyzedAccess> Accesses,
                       const AnalyzerOptions &Opts, Reporter &Diags);

} // namespace sectorscope

#endif
