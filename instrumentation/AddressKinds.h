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

/// The kind of address `Ptr` is where `At` uses it, from the target's
/// uniformity analysis `UI` of its function (which must not be the default,
/// all-uniform one) and its loops `LI`.
AddressKind addressKind(const llvm::Value *Ptr, const llvm::Instruction *At,
                        const llvm::UniformityInfo &UI,
                        const llvm::LoopInfo &LI);

/// The bytes between the addresses of lanes whose threadIdx.x differ by
/// one, in warps of one row's lanes (blockDim.x a multiple of 32), when the
/// address is such a constant times threadIdx.x plus a part the same in
/// those lanes (0: the same address in all, ptr[row] of a warp per row);
/// nothing otherwise.
std::optional<int64_t> laneStride(const llvm::Value *Ptr,
                                  const llvm::Instruction *At,
                                  const llvm::UniformityInfo &UI,
                                  const llvm::LoopInfo &LI);

} // namespace sectorscope

#endif
