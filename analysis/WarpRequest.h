//===- WarpRequest.h - The sectors of one warp's request --------*- C++ -*-===//
//
// A warp is 32 consecutive linear thread ids, x fastest, then y, then z. With
// the block shape of a launch (LaunchShapes.h) the lanes of a warp are known
// thread indices: blockDim.x = 16 puts two rows of 16 threads in a warp,
// blockDim.x = 1 makes threadIdx.y the lane index, a block of 4 threads is a
// warp of 4 lanes. Without a shape, lanes are consecutive threadIdx.x values
// and every other index is the same across the warp: exact when blockDim.x
// is a multiple of 32, the assumption the messages then state.
//
// The lanes' byte addresses follow from the address polynomial. Lanes whose
// addresses differ by a run-time row pitch (`ty * width`) are in different
// rows; a pitch is taken to be a multiple of 32 bytes and wider than a row,
// so rows share no sector. Sectors are then counted, not estimated.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_WARPREQUEST_H
#define SECTORSCOPE_ANALYSIS_WARPREQUEST_H

#include "analysis/AccessAffine.h"
#include "analysis/LaunchShapes.h"

#include <cstdint>
#include <optional>
#include <string>

namespace sectorscope {

struct WarpRequest {
  unsigned Lanes = 32;         ///< Threads in the warp.
  unsigned Sectors = 0;        ///< Distinct 32-byte sectors (worst warp).
  unsigned AlignedSectors = 0; ///< The same with each row sector-aligned.
  unsigned Ideal = 0;          ///< Lanes * width bytes, aligned.
  unsigned Rows = 1;           ///< Rows of a run-time pitch in the warp.
  /// Bytes between lanes 0 and 1: a number, a run-time expression, or none
  /// (a warp of one lane).
  enum class StrideKind { Constant, Symbolic, None } Stride = StrideKind::None;
  int64_t LaneStride = 0;
  std::string StrideText;
  /// Bytes from a sector boundary to the first row's lowest byte, when every
  /// other term of the address is a known multiple of 32 bytes.
  std::optional<int64_t> Misalignment;
};

/// The request of the worst of a block's first warps under `Shape` (null:
/// the default lane layout), or nullopt when the lanes' addresses are not
/// affine in the thread indices.
std::optional<WarpRequest> warpRequest(const AccessFacts &A,
                                       const AccessAnalyzer &AA,
                                       const BlockShape *Shape);

/// What the numbers of a warp rest on, for messages: "with blockDim (16,16)
/// from the launch at k.cu:30" or "assuming blockDim.x is a multiple of 32".
std::string layoutText(const BlockShape *Shape);

} // namespace sectorscope

#endif
