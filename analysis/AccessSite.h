//===- AccessSite.h - Where a global access is shown ------------*- C++ -*-===//
//
// A finding is shown where the user can act on it. An access in an inlined
// helper is shown at the call in the kernel, the outermost frame of its
// inlining chain in the user's code, with a note at the helper's line (and
// one at each helper in between); frames in the toolkit's headers (atomicAdd,
// __ldg) are skipped. The instruction's own location is the start, or, when
// an optimization dropped it (a load hoisted or promoted out of a loop), the
// nearest location that still belongs to the access rather than to the loop.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_ACCESSSITE_H
#define SECTORSCOPE_ANALYSIS_ACCESSSITE_H

#include "analysis/Rules.h"
#include "support/Reporter.h"

#include <vector>

namespace llvm {
class Instruction;
}

namespace sectorscope {

struct AccessSite {
  SourcePos Pos;
  /// The access inside the helpers inlined at Pos, innermost first.
  std::vector<InlineNote> Inlined;
};

AccessSite siteOf(const llvm::Instruction &I);

} // namespace sectorscope

#endif
