//===- InlinedCleanup.h - Simplify after inlining the runtime -*- C++ -*-===//
//
// The pass runs after the optimizer's last extension point, so what the
// inlined runtime computes at every site (the stripe from the state, the
// configuration's table addresses, the lane's tests) would stay repeated
// site after site: ptxas shares little of it.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_INLINEDCLEANUP_H
#define SECTORSCOPE_INSTRUMENTATION_INLINEDCLEANUP_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/PassManager.h"

namespace sectorscope {

/// Marks the loads of the module descriptor `Desc` in each of `Fns`
/// invariant (the host writes it only between launches), then shares them
/// and the arithmetic on them across the sites of a block and the blocks it
/// dominates (EarlyCSE, InstCombine). Convergent operations (shuffles,
/// votes) are never moved.
void simplifyInlinedRuntime(llvm::ArrayRef<llvm::Function *> Fns,
                            const llvm::GlobalVariable &Desc,
                            llvm::FunctionAnalysisManager &FAM);

} // namespace sectorscope

#endif
