//===- AddressKinds.h - A warp's addresses, seen statically --*- C++ -*-===//
//
// Grid mode's short paths guess a request's shape from the lanes' addresses
// at run time; where the compiler already knows the shape, the guess is
// wasted work at every execution of the site:
//  * an address the same in every lane (a kernel parameter, a loop
//    counter, the block's index) is one sector, counted from the address
//    alone;
//  * an address whose per-lane part comes from memory (a histogram's bin,
//    x[col[j]]) is a gather: checking first whether its lanes are one
//    stride apart costs three shuffles and a vote that nearly always fail;
//  * an address whose per-lane part is threadIdx.y or .z alone (a 2-D
//    block's row, A[row * K + k]) is the same in every lane of a warp
//    whenever blockDim.x is a multiple of 32, which the runtime checks at
//    kernel entry;
//  * an address that is such a value plus threadIdx.x times a constant
//    (a[blockIdx.x * blockDim.x + threadIdx.x], a grid-stride loop's
//    element) has lanes that constant apart in those warps: the stride
//    check's shuffles and vote are not needed.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_ADDRESSKINDS_H
#define SECTORSCOPE_INSTRUMENTATION_ADDRESSKINDS_H

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/UniformityAnalysis.h"

#include <cstdint>
#include <optional>

namespace sectorscope {

enum class AddressKind {
  Uniform,       ///< the same in every lane of a warp
  DataDependent, ///< its per-lane part depends on a value loaded per lane
  RowUniform,    ///< the same in lanes that share threadIdx.y and .z
  Other,         ///< per-lane from thread indices and arithmetic alone
};

/// What the pass knows of an address: its kind and, for Other and
/// DataDependent, the bytes between the addresses of lanes whose
/// threadIdx.x differ by one in warps of one row's lanes (blockDim.x a
/// multiple of 32), when it is such a constant times threadIdx.x plus a
/// part the same in those lanes (val[ptr[row] + lane] with a loaded begin).
/// RowUniform also covers what is one address only in such warps
/// (threadIdx.x / 32, ptr[row] of a warp per row).
struct AddressShape {
  AddressKind Kind;
  std::optional<int64_t> LaneStride;
};

/// The shape of address `Ptr` where `At` uses it, from the target's
/// uniformity analysis `UI` of its function (which must not be the default,
/// all-uniform one) and its loops `LI`.
AddressShape addressShape(const llvm::Value *Ptr, const llvm::Instruction *At,
                          const llvm::UniformityInfo &UI,
                          const llvm::LoopInfo &LI);

} // namespace sectorscope

#endif
