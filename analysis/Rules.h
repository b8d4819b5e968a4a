//===- Rules.h - strided, misaligned and camped ------------------*- C++
//-*-===//
//
// Turns the facts about one global access (AccessAffine.h) into findings of
// the three rules. Pure arithmetic on the facts: no IR walking here.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_RULES_H
#define SECTORSCOPE_ANALYSIS_RULES_H

#include "analysis/AccessAffine.h"
#include "support/Options.h"
#include "support/Reporter.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace sectorscope {

class PartitionModel;

struct Finding {
  Rule R = Rule::Strided;
  AccessOp Op = AccessOp::Load;
  SourcePos Pos;
  std::string Function; ///< Demangled kernel name.
  std::string Message;  ///< One line, with the numbers.
  std::string Note;     ///< The usual fix.
  uint64_t Width = 0;
  /// Lane stride in bytes: a number, a symbolic text, or unknown.
  std::optional<int64_t> LaneStride;
  std::string LaneStrideText;
  std::optional<int64_t> Offset; ///< Warp start mod 32 bytes.
  std::string BlockXText, BlockYText;
  std::optional<int64_t> BlockX, BlockY;
  unsigned Sectors = 0, IdealSectors = 0;
  /// The accessed array (a kernel parameter or global variable), or "".
  std::string Object;
  /// An access just off an aligned access to the same array with the same
  /// stride (a stencil's a[i+1] beside a[i]): its extra sector is one the
  /// neighbour fetches anyway, nothing to fix on its own.
  bool StencilHalo = false;
};

/// Distinct 32-byte sectors touched by 32 lanes at Offset + lane * Stride,
/// each reading Width bytes.
unsigned sectorsPerRequest(int64_t Stride, uint64_t Width, int64_t Offset);

/// The sectors a warp needs at best: 32 lanes * Width bytes, aligned.
unsigned idealSectors(uint64_t Width);

/// Appends the findings of all rules for one access. `Who` says whether all
/// blocks of the grid reach the access (for same-bytes camping); `MultiBlock`
/// whether the kernel reads blockIdx or gridDim at all (a kernel that does
/// not is launched as one block, or all its blocks do the same work).
void evaluateRules(const AccessFacts &A, const AccessAnalyzer &AA,
                   const PartitionModel &Model, Reach Who, bool MultiBlock,
                   llvm::SmallVectorImpl<Finding> &Out);

} // namespace sectorscope

#endif
