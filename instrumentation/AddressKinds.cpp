//===- AddressKinds.cpp - What a warp's addresses look like, statically ---===//
#include "instrumentation/AddressKinds.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

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

namespace {

/// The coefficient of threadIdx.x in an address, in bytes, where every
/// other part is the same in lanes that share threadIdx.y and .z: sums,
/// differences, products and shifts by constants, casts and GEPs of such
/// values, and simple loops' induction variables whose step has none.
/// Index arithmetic is taken as exact, as the program's own indexing is:
/// a thread index that wraps an integer between two lanes of one warp is
/// an overflow of the program's.
class LaneCoefficient {
public:
  LaneCoefficient(const UniformityInfo &UI, const LoopInfo &LI,
                  const DataLayout &DL)
      : UI(UI), LI(LI), DL(DL) {}

  /// Whether the answer holds only in warps of one row's lanes: it used
  /// threadIdx.y or .z, or threadIdx.x's lane and warp bits.
  bool needsRows() const { return NeedsRows; }

  std::optional<int64_t> of(const Value *V, const Instruction *User) {
    if (const auto *I = dyn_cast<Instruction>(V))
      if (const Loop *Def = LI.getLoopFor(I->getParent()))
        if (!Def->contains(LI.getLoopFor(User->getParent())))
          return std::nullopt;
    if (const auto *II = dyn_cast<IntrinsicInst>(V))
      if (II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_x)
        return 1;
    if (isRowIndex(V))
      NeedsRows = true;
    if (isRowIndex(V) || isSameInBlock(V) || UI.isUniform(V))
      return 0;
    auto [It, New] = Known.try_emplace(V, std::nullopt);
    if (!New)
      return It->second;
    if (Known.size() > MaxValuesVisited)
      return std::nullopt;
    std::optional<int64_t> C = compute(V);
    Known[V] = C;
    return C;
  }

private:
  std::optional<int64_t> compute(const Value *V) {
    const auto *I = dyn_cast<Instruction>(V);
    if (!I)
      return std::nullopt;
    // Arithmetic on values the same across a row is too (blockIdx.x *
    // blockDim.x), whatever the operation.
    if (!isa<PHINode>(I) && !isa<CallBase>(I) && !I->mayReadOrWriteMemory() &&
        all_of(I->operands(), [&](const Use &U) {
          std::optional<int64_t> C = of(U.get(), I);
          return C && *C == 0;
        }))
      return 0;
    auto Op = [&](unsigned K) { return of(I->getOperand(K), I); };
    auto Constant = [&](unsigned K) -> std::optional<int64_t> {
      const auto *CI = dyn_cast<ConstantInt>(I->getOperand(K));
      if (!CI || CI->getBitWidth() > 64)
        return std::nullopt;
      return CI->getSExtValue();
    };
    switch (I->getOpcode()) {
    case Instruction::Add:
    case Instruction::Sub: {
      std::optional<int64_t> A = Op(0), B = Op(1);
      if (!A || !B)
        return std::nullopt;
      return I->getOpcode() == Instruction::Add ? *A + *B : *A - *B;
    }
    case Instruction::Or: {
      // A disjoint or adds.
      if (!cast<PossiblyDisjointInst>(I)->isDisjoint())
        return std::nullopt;
      std::optional<int64_t> A = Op(0), B = Op(1);
      if (!A || !B)
        return std::nullopt;
      return *A + *B;
    }
    case Instruction::Mul:
      for (unsigned K = 0; K < 2; ++K)
        if (std::optional<int64_t> F = Constant(1 - K))
          if (std::optional<int64_t> A = Op(K))
            return *A * *F;
      return std::nullopt;
    case Instruction::Shl: {
      std::optional<int64_t> A = Op(0), Bits = Constant(1);
      if (!A || !Bits || *Bits < 0 || *Bits > 31)
        return std::nullopt;
      return *A * (int64_t(1) << *Bits);
    }
    // threadIdx.x's lane and warp in a warp of one row's lanes, where
    // threadIdx.x is 32 w + lane: threadIdx.x % 32 (or % 64, & 127: any
    // mask of five low ones) is the lane plus a part of w, threadIdx.x / 32
    // (or a wider shift) part of w alone; the same for the thread's index
    // in the grid's row, blockIdx.x * blockDim.x + threadIdx.x.
    case Instruction::And:
    case Instruction::URem:
    case Instruction::LShr:
    case Instruction::UDiv: {
      std::optional<int64_t> K = Constant(1);
      if (!K || !isThreadX(I->getOperand(0)))
        return std::nullopt;
      NeedsRows = true;
      switch (I->getOpcode()) {
      case Instruction::And: // the lane
        return (*K & 31) == 31 ? std::optional<int64_t>(1) : std::nullopt;
      case Instruction::URem:
        return *K >= 32 && (*K & (*K - 1)) == 0 ? std::optional<int64_t>(1)
                                                : std::nullopt;
      case Instruction::LShr: // the warp
        return *K >= 5 && *K < 32 ? std::optional<int64_t>(0) : std::nullopt;
      default:
        return *K >= 32 && *K % 32 == 0 ? std::optional<int64_t>(0)
                                        : std::nullopt;
      }
    }
    case Instruction::Load: {
      // One address in a warp's lanes (a row's offsets, ptr[row]), which
      // read it together: one value.
      const auto *L = cast<LoadInst>(I);
      std::optional<int64_t> A = Op(0);
      if (!L->isSimple() || !A || *A != 0)
        return std::nullopt;
      NeedsRows = true;
      return 0;
    }
    case Instruction::SExt:
    case Instruction::ZExt:
    case Instruction::Trunc:
    case Instruction::AddrSpaceCast:
    case Instruction::BitCast:
      return Op(0);
    case Instruction::GetElementPtr: {
      const auto *G = cast<GEPOperator>(I);
      std::optional<int64_t> C = Op(0);
      if (!C)
        return std::nullopt;
      unsigned K = 1;
      for (gep_type_iterator T = gep_type_begin(G), E = gep_type_end(G); T != E;
           ++T, ++K) {
        std::optional<int64_t> A = Op(K);
        if (!A)
          return std::nullopt;
        if (!*A)
          continue;
        if (T.isStruct())
          return std::nullopt;
        *C += *A * int64_t(T.getSequentialElementStride(DL).getFixedValue());
      }
      return C;
    }
    case Instruction::PHI: {
      // A simple loop's induction variable: its start's coefficient, if the
      // step adds none (i += gridDim.x * blockDim.x).
      // Lanes still in the loop have made the same trips. One value from
      // outside (a preheader, or a block that may also skip the loop) and
      // one from the latch.
      const auto *Phi = cast<PHINode>(I);
      const Loop *L = LI.getLoopFor(Phi->getParent());
      if (!L || L->getHeader() != Phi->getParent() ||
          Phi->getNumIncomingValues() != 2 || !L->getLoopLatch())
        return std::nullopt;
      unsigned Start = L->contains(Phi->getIncomingBlock(0)) ? 1 : 0;
      if (L->contains(Phi->getIncomingBlock(Start)) ||
          Phi->getIncomingBlock(1 - Start) != L->getLoopLatch())
        return std::nullopt;
      std::optional<int64_t> C =
          of(Phi->getIncomingValue(Start),
             Phi->getIncomingBlock(Start)->getTerminator());
      if (!C)
        return std::nullopt;
      Known[Phi] = C;
      std::optional<int64_t> Next =
          of(Phi->getIncomingValue(1 - Start),
             Phi->getIncomingBlock(1 - Start)->getTerminator());
      if (Next != C)
        return std::nullopt;
      return C;
    }
    default:
      return std::nullopt;
    }
  }

  /// A widening of `V`, or `V`.
  static const Value *unwidened(const Value *V) {
    if (isa<ZExtInst>(V) || isa<SExtInst>(V))
      return cast<CastInst>(V)->getOperand(0);
    return V;
  }

  /// A multiple of 32 in a launch whose blockDim.x is one (the lane-stride
  /// shape's condition, SS_STATE_ROWS): blockDim.x times anything, a
  /// constant multiple, a shift by five or more, their sums.
  static bool isMultipleOf32(const Value *V, unsigned Depth = 0) {
    V = unwidened(V);
    if (const auto *C = dyn_cast<ConstantInt>(V))
      return C->getValue().countr_zero() >= 5;
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || Depth > 4)
      return false;
    auto Is = [&](unsigned K) {
      return isMultipleOf32(I->getOperand(K), Depth + 1);
    };
    auto IsBlockDimX = [&](unsigned K) {
      const auto *II = dyn_cast<IntrinsicInst>(unwidened(I->getOperand(K)));
      return II && II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_ntid_x;
    };
    switch (I->getOpcode()) {
    case Instruction::Mul:
      return Is(0) || Is(1) || IsBlockDimX(0) || IsBlockDimX(1);
    case Instruction::Shl: {
      const auto *C = dyn_cast<ConstantInt>(I->getOperand(1));
      return Is(0) || (C && C->getZExtValue() >= 5);
    }
    case Instruction::Add:
    case Instruction::Sub:
      return Is(0) && Is(1);
    default:
      return false;
    }
  }

  /// threadIdx.x plus a multiple of 32 (blockIdx.x * blockDim.x +
  /// threadIdx.x), or a widening of it: its lane bits are the lane's.
  static bool isThreadX(const Value *V) {
    V = unwidened(V);
    if (const auto *II = dyn_cast<IntrinsicInst>(V))
      return II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_x;
    const auto *I = dyn_cast<BinaryOperator>(V);
    if (!I || I->getOpcode() != Instruction::Add)
      return false;
    for (unsigned K = 0; K < 2; ++K) {
      const auto *II = dyn_cast<IntrinsicInst>(unwidened(I->getOperand(K)));
      if (II && II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_x &&
          isMultipleOf32(I->getOperand(1 - K)))
        return true;
    }
    return false;
  }

  const UniformityInfo &UI;
  const LoopInfo &LI;
  const DataLayout &DL;
  DenseMap<const Value *, std::optional<int64_t>> Known;
  bool NeedsRows = false;
};

} // namespace

AddressShape addressShape(const Value *Ptr, const Instruction *At,
                          const UniformityInfo &UI, const LoopInfo &LI) {
  if (UI.isUniform(Ptr))
    return {AddressKind::Uniform, std::nullopt};
  LaneCoefficient Lanes(UI, LI, At->getModule()->getDataLayout());
  std::optional<int64_t> Stride = Lanes.of(Ptr, At);
  if (Stride == 0)
    return {Lanes.needsRows() ? AddressKind::RowUniform : AddressKind::Uniform,
            std::nullopt};
  // The per-lane part of the address: its divergent operands, followed back
  // to where they start (thread indices, parameters of device functions,
  // calls) or to a load, whose value differs per lane.
  SmallVector<const Value *, 16> Work{Ptr};
  SmallPtrSet<const Value *, 16> Seen{Ptr};
  while (!Work.empty() && Seen.size() <= MaxValuesVisited) {
    const Value *V = Work.pop_back_val();
    if (isa<LoadInst>(V) || isa<AtomicRMWInst>(V) || isa<AtomicCmpXchgInst>(V))
      return {AddressKind::DataDependent, Stride};
    const auto *I = dyn_cast<Instruction>(V);
    if (!I || isa<CallBase>(I))
      continue;
    for (const Value *Op : I->operands())
      if (!UI.isUniform(Op) && Seen.insert(Op).second)
        Work.push_back(Op);
  }
  return {AddressKind::Other, Stride};
}

} // namespace sectorscope
