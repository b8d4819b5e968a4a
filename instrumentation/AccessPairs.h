//===- AccessPairs.h - Grid-mode accesses that repeat a request -*- C++ -*-===//
//
// A read-modify-write (`a[i] += x`, a histogram's bin, a private column of
// a shared array) loads and stores one address with the same lanes: the
// store's request is the load's, sector for sector. Grid mode counts both
// sites from one look at the warp's addresses (abi.h
// __sectorscope_access_grid_pair), which halves the code such loops run.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_ACCESSPAIRS_H
#define SECTORSCOPE_INSTRUMENTATION_ACCESSPAIRS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class CallInst;
class Value;
} // namespace llvm

namespace sectorscope {

/// Two calls of one access entry (abi.h argument order) in the same block
/// whose requests are one: the second follows the first with nothing in
/// between that could stop it or change its lanes (other accesses' calls
/// aside).
struct AccessPair {
  llvm::CallInst *First, *Second;
};

/// The pairs among `Calls` (the access calls of a module, in program order
/// within each block): loads and stores, never atomics, of the same pointer,
/// width and space, by the same lanes (the same value, or both the lanes
/// present at the site). Each call is in one pair at most.
llvm::SmallVector<AccessPair, 16>
findAccessPairs(llvm::ArrayRef<llvm::CallInst *> Calls);

/// Whether `V` reads the lanes present at its site (__activemask()).
bool isActiveMask(const llvm::Value *V);

} // namespace sectorscope

#endif
