//===- Rules.h - strided, misaligned and camped -----------------*- C++ -*-===//
//
// Turns the facts about one global access (AccessAffine.h) into findings of
// the three rules. Pure arithmetic on the facts: no IR walking here.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_RULES_H
#define SECTORSCOPE_ANALYSIS_RULES_H

#include "analysis/AccessAffine.h"
#include "analysis/LaunchShapes.h"
#include "support/Options.h"
#include "support/Reporter.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace sectorscope {

class PartitionModel;

/// A place inside a helper inlined at a finding's site, and what it is.
struct InlineNote {
  SourcePos Pos;
  std::string Text;
};

struct Finding {
  Rule R = Rule::Strided;
  AccessOp Op = AccessOp::Load;
  SourcePos Pos;
  /// The access inside the helpers inlined at Pos, innermost first.
  std::vector<InlineNote> Inlined;
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
  /// Camped: the share of a wave's sectors on its busiest partition.
  double CampedShare = 0;
};

/// Appends the findings of all rules for one access under one block shape
/// (null: the default lane layout and an assumed block). `Who` says whether
/// all blocks of the grid reach the access (for same-bytes camping);
/// `MultiBlock` whether the kernel reads blockIdx or gridDim at all (a
/// kernel that does not is launched as one block, or all its blocks do the
/// same work).
void evaluateRules(const AccessFacts &A, const AccessAnalyzer &AA,
                   const PartitionModel &Model, const BlockShape *Shape,
                   Reach Who, bool MultiBlock,
                   llvm::SmallVectorImpl<Finding> &Out);

} // namespace sectorscope

#endif
