//===- SiteWork.cpp - Instructions a warp issues per execution of a site --===//
#include "instrumentation/SiteWork.h"

#include "support/InlinePtx.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"

#include <algorithm>
#include <cmath>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace sectorscope {

namespace {
unsigned lanes(Type *T) {
  if (auto *V = dyn_cast<FixedVectorType>(T))
    return V->getNumElements();
  return 1;
}

bool isDouble(const Type *T) { return T->getScalarType()->isDoubleTy(); }

/// A site-less loop of 2^32 constant trips folds into a huge figure: the
/// table field is 32-bit, and beyond 2^24 slots a site is compute anyway.
constexpr double MaxSlots = double(1 << 24);

/// Issue slots of inline PTX: one per instruction statement. CUDA's own
/// headers wrap half-precision arithmetic and conversions in
/// one-instruction asm statements, so counting them as calls would charge a
/// half-precision kernel several times its machine code.
unsigned inlineAsmCost(const InlineAsm &Asm) {
  return ptxInstructions(Asm.getAsmString()).size();
}

/// Counts issue slots, remembering what a called function's body costs:
/// one body may be called from many places.
class SlotCounter {
public:
  unsigned of(const Instruction &I);
  /// The slots of the body `Call` runs at its own expense (its callee
  /// touches no memory and has no loop), or 0.
  unsigned calleeBody(const CallBase &Call);

private:
  unsigned callCost(const CallBase &Call);
  unsigned bodyCost(const Function &F);

  DenseMap<const Function *, unsigned> BodyCost;
};

/// The slots of a called function's body, every instruction once (its
/// branches both ways), or none for a body with a loop: the loop has a
/// trip site of its own, which counts the trips calls make, so charging
/// its body here too would count it twice (CUDA's trigonometric slow path
/// loops, and runs only for huge arguments).
unsigned SlotCounter::bodyCost(const Function &F) {
  auto [It, New] = BodyCost.try_emplace(&F, 0);
  if (!New)
    return It->second; // known, or a recursion in progress: nothing more
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 4> BackEdges;
  FindFunctionBackedges(F, BackEdges);
  if (!BackEdges.empty())
    return 0;
  double C = 0;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      C += of(I);
  unsigned Slots = unsigned(std::min(C, MaxSlots));
  BodyCost[&F] = Slots;
  return Slots;
}

unsigned SlotCounter::calleeBody(const CallBase &Call) {
  // A defined callee that touches no memory holds no site of its own, so
  // its body runs at the call's expense: libdevice keeps the routine behind
  // CUDA's double-precision `pow` out of line, and ptxas calls it. A callee
  // that touches memory is instrumented itself and charges its body to its own
  // sites; a loop's is left out (bodyCost).
  const Function *F = Call.getCalledFunction();
  if (!F || F->isIntrinsic() || F->isDeclaration() || !F->doesNotAccessMemory())
    return 0;
  return bodyCost(*F);
}

/// Issue slots of an intrinsic or a call.
unsigned SlotCounter::callCost(const CallBase &Call) {
  if (isa<DbgInfoIntrinsic>(Call) || Call.isLifetimeStartOrEnd())
    return 0;
  if (auto *Asm = dyn_cast<InlineAsm>(Call.getCalledOperand()))
    return inlineAsmCost(*Asm);
  const Function *F = Call.getCalledFunction();
  if (!F || !F->isIntrinsic())
    return 10 + calleeBody(Call); // argument moves, the call and the return
  Type *T = Call.getType();
  switch (F->getIntrinsicID()) {
  case Intrinsic::assume:
  case Intrinsic::experimental_noalias_scope_decl:
  case Intrinsic::invariant_start:
  case Intrinsic::invariant_end:
    return 0;
  case Intrinsic::sqrt:
    return (isDouble(T) ? 20 : 8) * lanes(T);
  case Intrinsic::fma:
  case Intrinsic::fmuladd:
  case Intrinsic::fabs:
  case Intrinsic::minnum:
  case Intrinsic::maxnum:
    return (isDouble(T) ? 2 : 1) * lanes(T);
  default:
    break;
  }
  // The special-function unit runs a quarter of the single-precision rate.
  StringRef Name = F->getName();
  if (Name.starts_with("llvm.nvvm.") && Name.contains(".approx."))
    return 4;
  return 1;
}
} // namespace

std::optional<unsigned> constantDivisionCost(const Instruction &I) {
  // By a constant, ptxas multiplies by its reciprocal (a multiply-high and
  // shifts) or, for a power of two, shifts: no subroutine. `(high - low) /
  // 2` of a binary search is two instructions, not a division.
  const APInt *D;
  if (!match(I.getOperand(1), m_APInt(D)) || D->isZero())
    return std::nullopt;
  bool Signed =
      I.getOpcode() == Instruction::SDiv || I.getOpcode() == Instruction::SRem;
  bool Rem =
      I.getOpcode() == Instruction::SRem || I.getOpcode() == Instruction::URem;
  bool Pow2 = D->isPowerOf2() || (Signed && D->isNegatedPowerOf2());
  unsigned Cost = Pow2 ? (Signed ? 2 : 1) : (Signed ? 4 : 3);
  if (Rem)
    Cost += Pow2 ? (Signed ? 1 : 0) : 2; // the multiply-back and subtract
  return Cost;
}

unsigned SlotCounter::of(const Instruction &I) {
  Type *T = I.getType();
  Type *Operand = I.getNumOperands() ? I.getOperand(0)->getType() : T;
  unsigned N = lanes(T);
  unsigned Wide = Operand->getScalarSizeInBits() > 32 ? 2 : 1;
  switch (I.getOpcode()) {
  case Instruction::PHI:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
  case Instruction::Freeze:
  case Instruction::ExtractValue:
  case Instruction::InsertValue:
  case Instruction::ExtractElement:
  case Instruction::InsertElement:
  case Instruction::ShuffleVector:
  case Instruction::Unreachable:
  case Instruction::Alloca:
    return 0; // register naming, or nothing at run time
  case Instruction::Br:
    return cast<BranchInst>(I).isConditional() ? 1 : 0;
  case Instruction::GetElementPtr:
    return cast<GetElementPtrInst>(I).hasAllConstantIndices() ? 0 : 1;
  case Instruction::Load:
  case Instruction::Store:
  case Instruction::AtomicRMW:
  case Instruction::AtomicCmpXchg:
  case Instruction::Fence:
    return 1;
  case Instruction::Call:
    return callCost(cast<CallBase>(I));
  case Instruction::FDiv:
    if (isDouble(T))
      return 20 * N;
    return (cast<FPMathOperator>(I).hasApproxFunc() ? 2 : 10) * N;
  case Instruction::FRem:
    return 30 * N;
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    if (std::optional<unsigned> C = constantDivisionCost(I))
      return *C * (Wide == 2 ? 3 : 1) * N;
    return (Wide == 2 ? 40 : 20) * N;
  case Instruction::Mul:
    return (Wide == 2 ? 3 : 1) * N;
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FNeg:
  case Instruction::FCmp:
  case Instruction::SIToFP:
  case Instruction::UIToFP:
  case Instruction::FPToSI:
  case Instruction::FPToUI:
  case Instruction::FPExt:
  case Instruction::FPTrunc:
    return (isDouble(T) || isDouble(Operand) ? 2 : 1) * N;
  default:
    // Integer arithmetic, comparisons, selects, extensions: one slot, two
    // for 64-bit values (a carry pair).
    return Wide * N;
  }
}

WorkEstimate siteWork(ArrayRef<BasicBlock *> Blocks,
                      const SmallPtrSetImpl<const Instruction *> &Sites,
                      const LoopInfo &LI, ScalarEvolution &SE) {
  WorkEstimate W;
  SlotCounter Counter;
  DenseMap<const Loop *, double> Cost;
  DenseMap<const Loop *, SmallVector<const Instruction *, 4>> SitesOf;
  SmallPtrSet<const Loop *, 8> HoldsSites;
  SmallVector<const Loop *, 8> Loops;
  for (BasicBlock *BB : Blocks) {
    const Loop *L = LI.getLoopFor(BB);
    if (L && L->getHeader() == BB)
      Loops.push_back(L);
    double &C = Cost[L];
    for (Instruction &I : *BB) {
      unsigned Slots = Counter.of(I);
      // A large callee body is the call's trip site's, not the sites'.
      if (auto *Call = dyn_cast<CallBase>(&I)) {
        unsigned Body = Counter.calleeBody(*Call); // remembered: no recount
        if (Body >= MinCountedCallSlots) {
          Slots -= Body;
          W.TripCalls[&I] = Body;
        }
      }
      C += Slots;
      if (Sites.contains(&I)) {
        SitesOf[L].push_back(&I);
        for (const Loop *P = L; P && HoldsSites.insert(P).second;)
          P = P->getParentLoop();
      }
    }
  }
  // Deepest loops first, so nested ones fold outward in turn; a stable
  // order keeps the trip sites in program order.
  llvm::stable_sort(Loops, [](const Loop *A, const Loop *B) {
    return A->getLoopDepth() > B->getLoopDepth();
  });
  // A site-less loop's cost either runs as often as the loop around it
  // times its known trips, or is a trip loop's.
  DenseMap<const Loop *, double> TripCost;
  for (const Loop *L : Loops) {
    if (SitesOf.count(L))
      continue;
    unsigned Trips = SE.getSmallConstantTripCount(const_cast<Loop *>(L));
    if (!Trips && !HoldsSites.contains(L)) {
      TripCost[L] = Cost[L];
      Cost[L] = 0;
      continue;
    }
    Cost[L->getParentLoop()] += Cost[L] * std::max(Trips, 1u);
    Cost[L] = 0;
  }
  auto Slots = [](double C) {
    return std::max(1u, unsigned(std::lround(std::min(C, MaxSlots))));
  };
  for (auto &[L, Members] : SitesOf) {
    unsigned Each = Slots(Cost.lookup(L) / Members.size());
    for (const Instruction *I : Members)
      W.OfSite[I] = Each;
  }
  for (BasicBlock *BB : Blocks) {
    const Loop *L = LI.getLoopFor(BB);
    if (L && L->getHeader() == BB && TripCost.count(L))
      W.TripLoops.push_back({BB, Slots(TripCost.lookup(L))});
  }
  return W;
}

} // namespace sectorscope
