//===- AddressKinds.cpp - What a warp's addresses look like, statically ---===//
#include "instrumentation/AddressKinds.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

#include <optional>

using namespace llvm;

namespace sectorscope {

/// How far back through the address's operands the search goes: a gather's
/// load is a few operations away; beyond this the address is taken as
/// arithmetic (the stride check then runs, which is always correct).
constexpr unsigned MaxValuesVisited = 64;

/// Whether `V` reads threadIdx.y or .z.
static bool isRowIndex(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  return II && (II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_y ||
                II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_z);
}

/// Whether `V` reads a register the same in every lane of a block: the
/// block's and grid's indices and sizes (which LLVM 19's NVPTX model takes
/// as per lane, like any call's result).
static bool isSameInBlock(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
    return true;
  default:
    return false;
  }
}

/// Whether the divergent value `Ptr` is the same in lanes that share
/// threadIdx.y and .z where `At` uses it: built from those indices and
/// uniform values by operations that see only their operands, and loop
/// induction variables. Not a load or a call, nor a value used outside its
/// loop (lanes may have left that loop at different trips).
static std::optional<AddressKind> uniformAcrossRow(const Value *Ptr,
                                                   const Instruction *At,
                                                   const UniformityInfo &UI,
                                                   const LoopInfo &LI) {
  bool ByRow = false;
  // Each value with the instruction that uses it.
  SmallVector<std::pair<const Value *, const Instruction *>, 16> Work{
      {Ptr, At}};
  SmallPtrSet<const Value *, 16> Seen{Ptr};
  while (!Work.empty()) {
    auto [V, User] = Work.pop_back_val();
    if (const auto *I = dyn_cast<Instruction>(V))
      if (const Loop *Def = LI.getLoopFor(I->getParent()))
        if (!Def->contains(LI.getLoopFor(User->getParent())))
          return std::nullopt;
    if (isRowIndex(V)) {
      ByRow = true;
      continue;
    }
    if (UI.isUniform(V) || isSameInBlock(V))
      continue;
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || I->mayReadOrWriteMemory() || isa<CallBase>(I) ||
        Seen.size() > MaxValuesVisited)
      return std::nullopt;
    if (const auto *Phi = dyn_cast<PHINode>(I)) {
      // A loop's induction variable (a pointer stepped through a row, say):
      // lanes still in the loop have all made the same trips, so the phi
      // of a simple loop's header keeps what its two values are. Any other
      // phi may join lanes that came different ways.
      const Loop *L = LI.getLoopFor(Phi->getParent());
      if (!L || L->getHeader() != Phi->getParent() ||
          Phi->getNumIncomingValues() != 2 || !L->getLoopPreheader() ||
          !L->getLoopLatch())
        return std::nullopt;
      for (unsigned K = 0; K < 2; ++K)
        if (Seen.insert(Phi->getIncomingValue(K)).second)
          Work.push_back({Phi->getIncomingValue(K),
                          Phi->getIncomingBlock(K)->getTerminator()});
      continue;
    }
    for (const Value *Op : I->operands())
      if (Seen.insert(Op).second)
        Work.push_back({Op, I});
  }
  return ByRow ? AddressKind::RowUniform : AddressKind::Uniform;
}

AddressKind addressKind(const Value *Ptr, const Instruction *At,
                        const UniformityInfo &UI, const LoopInfo &LI) {
  if (UI.isUniform(Ptr))
    return AddressKind::Uniform;
  if (std::optional<AddressKind> K = uniformAcrossRow(Ptr, At, UI, LI))
    return *K;
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
