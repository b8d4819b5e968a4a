//===- LoadParallelism.cpp - Loads a warp has in flight together ----------===//
#include "instrumentation/LoadParallelism.h"

#include "instrumentation/MemoryOps.h"
#include "instrumentation/SiteWork.h"
#include "sectorscope/abi.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace sectorscope {

namespace {
/// The loads that make a chain one deeper: those the pass instruments as
/// global or generic (the memory system's; __ldg intrinsics are global
/// loads), and for shared loads' counts also the shared ones (the SM's own,
/// including loads through a generic pointer resolved to shared), as their
/// sites are classified. A shared load whose address a global load gave
/// issues after that round trip; a global load's depth is its own kind's,
/// as before shared loads were counted. Local, param and constant loads
/// make none.
std::optional<MemoryOp> chainLoad(Instruction &I, const DataLayout &DL,
                                  bool InKernel, LoadKind Kind) {
  std::optional<MemoryOp> Op = classifyAccess(I, DL, InKernel);
  if (!Op || Op->Op != SS_OP_LOAD)
    return std::nullopt;
  bool Memory = Op->Space == SS_SPACE_GLOBAL || Op->Space == SS_SPACE_GENERIC;
  bool Shared = Op->Space == SS_SPACE_SHARED;
  if (Memory || (Kind == LoadKind::Shared && Shared))
    return Op;
  return std::nullopt;
}

/// Whether a chain load is one loadParallelism counts for `Kind`.
bool countedLoad(const MemoryOp &Op, LoadKind Kind) {
  return (Op.Space == SS_SPACE_SHARED) == (Kind == LoadKind::Shared);
}

/// What a load reads, for ordering it after writes it may alias: a plain
/// load's location with its alias metadata, else its address's bytes (inline
/// PTX). A read-only load may be moved past writes.
std::optional<MemoryLocation> readLocation(const MemoryOp &Op) {
  if (Op.ReadOnly)
    return std::nullopt;
  if (const auto *L = dyn_cast<LoadInst>(Op.I))
    return MemoryLocation::get(L);
  return MemoryLocation(Op.Ptr, LocationSize::precise(Op.Offset + Op.Width));
}

/// Where a warp waits for every load it has consumed so far, because ptxas
/// keeps later loads behind it (checked on the SASS ptxas 13 writes for
/// sm_90):
/// - Dependent: an IEEE division (float or double, `fdiv` without `afn`) or
///   a 64-bit integer division ptxas expands into a fast path and a
///   subroutine call for the rest. A load after it is not hoisted above
///   that branch, so when the division needs a loaded value the load issues
///   only once the value has arrived (a sigmoid `1 / (1 + exp(-x[i]))`
///   then `dy[i]`: two round trips). A division by a constant is a
///   multiply and shifts, inline. Square roots, 32-bit integer division
///   and the transcendental functions stay inline and are hoisted past.
/// - Consumed: a block barrier. Loads after it are not moved above it, so
///   values used before it (a tile stored to shared memory) have arrived
///   before the next loads issue; a load nobody used yet stays in flight.
/// - All: a call left out of line, which waits for every outstanding load.
enum class WaitKind { None, Dependent, Consumed, All };

WaitKind waitKind(const Instruction &I) {
  if (auto *Call = dyn_cast<CallBase>(&I)) {
    if (const Function *F = Call->getCalledFunction())
      if (F->isIntrinsic()) {
        switch (F->getIntrinsicID()) {
        case Intrinsic::nvvm_barrier:
        case Intrinsic::nvvm_barrier_n:
        case Intrinsic::nvvm_barrier0:
        case Intrinsic::nvvm_barrier0_and:
        case Intrinsic::nvvm_barrier0_or:
        case Intrinsic::nvvm_barrier0_popc:
        case Intrinsic::nvvm_barrier_sync:
        case Intrinsic::nvvm_barrier_sync_cnt:
          return WaitKind::Consumed;
        default:
          return WaitKind::None;
        }
      }
    return isa<InlineAsm>(Call->getCalledOperand()) ? WaitKind::None
                                                    : WaitKind::All;
  }
  switch (I.getOpcode()) {
  case Instruction::FDiv:
    return cast<FPMathOperator>(I).hasApproxFunc() ? WaitKind::None
                                                   : WaitKind::Dependent;
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    // By a constant it is a multiply and shifts, inline (SiteWork.h).
    return I.getType()->getScalarSizeInBits() > 32 && !constantDivisionCost(I)
               ? WaitKind::Dependent
               : WaitKind::None;
  default:
    return WaitKind::None;
  }
}
} // namespace

DenseMap<const Instruction *, unsigned>
loadParallelism(ArrayRef<BasicBlock *> Blocks, const DataLayout &DL,
                bool InKernel, AAResults &AA, LoadKind Kind) {
  DenseMap<const Instruction *, unsigned> Result;
  for (BasicBlock *BB : Blocks) {
    // Depth: the longest chain of memory loads, within the block, that an
    // instruction's value depends on (a load counts itself). Values from
    // other blocks or phis are available on entry: depth 0. One forward walk
    // suffices: in a block, operands other than phis come first.
    DenseMap<const Instruction *, unsigned> Depth;
    DenseMap<unsigned, unsigned> LoadsAtDepth;
    // Earlier writes a later load may not pass: the load issues after them,
    // and a store issues only once its value is there. In an unrolled
    // `out[i] = in[i]; out[j] = in[j]` where out may alias in, the second
    // load waits for the first store, which waits for the first load: one
    // load in flight at a time, not two.
    SmallVector<std::pair<Instruction *, unsigned>, 8> Writes;
    // Loads issue after every wait point passed so far (waitKind): at least
    // this deep. Consumed: the deepest value a non-load used; Issued: the
    // deepest load.
    unsigned WaitDepth = 0, Consumed = 0, Issued = 0;
    for (Instruction &I : *BB) {
      if (isa<PHINode>(I))
        continue;
      unsigned D = 0;
      for (Value *Op : I.operands())
        if (auto *OI = dyn_cast<Instruction>(Op))
          if (OI->getParent() == BB)
            D = std::max(D, Depth.lookup(OI));
      std::optional<MemoryOp> Load = chainLoad(I, DL, InKernel, Kind);
      if (Load) {
        D = std::max(D, WaitDepth);
        if (std::optional<MemoryLocation> Loc = readLocation(*Load))
          for (auto [W, WD] : Writes)
            if (WD > D && isModSet(AA.getModRefInfo(W, *Loc)))
              D = WD;
        ++D;
        if (countedLoad(*Load, Kind))
          ++LoadsAtDepth[D];
        Issued = std::max(Issued, D);
      } else {
        Consumed = std::max(Consumed, D);
        switch (waitKind(I)) {
        case WaitKind::Dependent:
          WaitDepth = std::max(WaitDepth, D);
          break;
        case WaitKind::Consumed:
          WaitDepth = std::max(WaitDepth, Consumed);
          break;
        case WaitKind::All:
          WaitDepth = std::max({WaitDepth, Consumed, Issued});
          break;
        case WaitKind::None:
          break;
        }
      }
      Depth[&I] = D;
      // Inline PTX of one load is a write to LLVM (a side effect), not to
      // ptxas, which schedules it as the load it is.
      if (!Load && I.mayWriteToMemory() && D > 0)
        Writes.push_back({&I, D});
    }
    for (Instruction &I : *BB)
      if (std::optional<MemoryOp> Load = chainLoad(I, DL, InKernel, Kind);
          Load && countedLoad(*Load, Kind))
        Result[&I] = LoadsAtDepth.lookup(Depth.lookup(&I));
  }
  return Result;
}

} // namespace sectorscope
