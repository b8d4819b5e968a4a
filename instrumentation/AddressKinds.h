//===- AddressKinds.h - A warp's addresses, seen statically --*- C++ -*-===//
//
// Grid mode's short paths guess a request's shape from the lanes' addresses
// at run time; where the compiler already knows the shape, the guess is
// wasted work at every execution of the site:
//  * an address the same in every lane (a kernel parameter, a loop
//    counter) is one sector, counted from the address alone;
//  * an address whose per-lane part comes from memory (a histogram's bin,
//    x[col[j]]) is a gather: checking first whether its lanes are one
//    stride apart costs three shuffles and a vote that nearly always fail.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_ADDRESSKINDS_H
#define SECTORSCOPE_INSTRUMENTATION_ADDRESSKINDS_H

#include "llvm/Analysis/UniformityAnalysis.h"

namespace sectorscope {

enum class AddressKind {
  Uniform,       ///< the same in every lane of a warp
  DataDependent, ///< its per-lane part depends on a value loaded per lane
  Other,         ///< per-lane from thread indices and arithmetic alone
};

/// The kind of address `Ptr` is, from the target's uniformity analysis `UI`
/// of its function (which must not be the default, all-uniform one).
AddressKind addressKind(const llvm::Value *Ptr, const llvm::UniformityInfo &UI);

} // namespace sectorscope

#endif
