//===- AddressKinds.cpp - What a warp's addresses look like, statically ---===//
#include "instrumentation/AddressKinds.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace sectorscope {

/// How far back through the address's operands the search goes: a gather's
/// load is a few operations away; beyond this the address is taken as
/// arithmetic (the stride check then runs, which is always correct).
constexpr unsigned MaxValuesVisited = 64;

AddressKind addressKind(const Value *Ptr, const UniformityInfo &UI) {
  if (UI.isUniform(Ptr))
    return AddressKind::Uniform;
  // The per-lane part of the address: its divergent operands, followed back
  // to where they start (thread indices, parameters of device functions,
  // calls) or to a load, whose value differs per lane.
  SmallVector<const Value *, 16> Work{Ptr};
  SmallPtrSet<const Value *, 16> Seen{Ptr};
  while (!Work.empty() && Seen.size() <= MaxValuesVisited) {
    const Value *V = Work.pop_back_val();
    if (isa<LoadInst>(V) || isa<AtomicRMWInst>(V) || isa<AtomicCmpXchgInst>(V))
      return AddressKind::DataDependent;
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || isa<CallBase>(I))
      continue;
    for (const Value *Op : I->operands())
      if (!UI.isUniform(Op) && Seen.insert(Op).second)
        Work.push_back(Op);
  }
  return AddressKind::Other;
}

} // namespace sectorscope
