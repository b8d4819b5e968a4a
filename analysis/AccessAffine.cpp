//===- AccessAffine.cpp - Global accesses, their address facts ------------===//
#include "analysis/AccessAffine.h"

#include "support/InlinePtx.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace sectorscope {

const char *opName(AccessOp Op) {
  switch (Op) {
  case AccessOp::Load:
    return "load";
  case AccessOp::Store:
    return "store";
  case AccessOp::Atomic:
    return "atomic";
  }
  return "?";
}

bool isKernel(const Function &F) {
  if (F.getCallingConv() == CallingConv::PTX_Kernel)
    return true;
  const NamedMDNode *MD = F.getParent()->getNamedMetadata("nvvm.annotations");
  if (!MD)
    return false;
  for (const MDNode *Op : MD->operands()) {
    if (Op->getNumOperands() < 3)
      continue;
    auto *V = dyn_cast_or_null<ValueAsMetadata>(Op->getOperand(0).get());
    auto *Key = dyn_cast_or_null<MDString>(Op->getOperand(1).get());
    if (V && Key && V->getValue() == &F && Key->getString() == "kernel")
      return true;
  }
  return false;
}

AccessAnalyzer::AccessAnalyzer(Function &F, ScalarEvolution &SE,
                               DominatorTree &DT,
                               std::function<std::vector<std::string>()> Names)
    : F(F), DT(DT), Translate(SE, DT, Atoms, std::move(Names)),
      IsKernel(isKernel(F)) {}

bool AccessAnalyzer::isGlobalPointer(const Value *Ptr, const Function &F,
                                     std::optional<bool> FIsKernel) {
  bool Kernel = FIsKernel ? *FIsKernel : isKernel(F);
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (AS == 1)
    return true;
  if (AS != 0)
    return false; // shared (3), constant (4), local (5), param (101)
  SmallVector<const Value *, 4> Objs;
  getUnderlyingObjects(Ptr, Objs, nullptr, 12);
  if (Objs.empty())
    return false;
  auto BaseIsGlobalOrParam = [&](const Value *O) {
    if (auto *A = dyn_cast<Argument>(O))
      return A->getParent() == &F && Kernel;
    if (auto *GV = dyn_cast<GlobalVariable>(O)) {
      unsigned GAS = GV->getAddressSpace();
      return GAS == 1 || GAS == 4;
    }
    return false;
  };
  for (const Value *O : Objs) {
    if (auto *GV = dyn_cast<GlobalVariable>(O)) {
      if (GV->getAddressSpace() != 1)
        return false;
      continue;
    }
    if (auto *A = dyn_cast<Argument>(O)) {
      // A byval struct parameter is kernel-parameter memory, not global.
      if (A->hasByValAttr() || A->getParent() != &F || !Kernel)
        return false;
      continue;
    }
    if (auto *L = dyn_cast<LoadInst>(O)) {
      // A pointer read from kernel parameters or from global memory (a
      // field of a struct argument, a table of pointers) points to global
      // memory in CUDA programs.
      if (!L->getType()->isPointerTy())
        return false;
      if (!BaseIsGlobalOrParam(getUnderlyingObject(L->getPointerOperand(), 12)))
        return false;
      continue;
    }
    return false;
  }
  return true;
}

// The width of each access the NVPTX back end emits for Bytes at alignment
// A: it never loads or stores more than the alignment allows (16 bytes at
// most), so an 8-byte copy of a struct of floats is two 4-byte accesses and
// a 12-byte one three.
uint64_t backendPieceWidth(uint64_t Bytes, Align A) {
  uint64_t Piece = std::min<uint64_t>(A.value(), 16);
  while (Piece > 1 && (Piece > Bytes || Bytes % Piece))
    Piece /= 2;
  return std::min(Bytes, Piece);
}

void AccessAnalyzer::analyze(Instruction &I,
                             SmallVectorImpl<AccessFacts> &Out) {
  const DataLayout &DL = I.getModule()->getDataLayout();
  auto One = [&](Value *Ptr, Type *Ty, AccessOp Op,
                 std::optional<Align> A = std::nullopt) {
    if (!Ty->isSized())
      return;
    uint64_t W = DL.getTypeStoreSize(Ty).getKnownMinValue();
    if (A)
      W = backendPieceWidth(W, *A);
    if (auto F = analyzeAccess(I, Ptr, W, Op))
      Out.push_back(std::move(*F));
  };
  auto AsyncCopy = [&](IntrinsicInst *II, uint64_t Width) {
    if (auto F = analyzeAccess(I, II->getArgOperand(1), Width, AccessOp::Load))
      Out.push_back(std::move(*F));
  };
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    One(L->getPointerOperand(), L->getType(), AccessOp::Load, L->getAlign());
  } else if (auto *S = dyn_cast<StoreInst>(&I)) {
    One(S->getPointerOperand(), S->getValueOperand()->getType(),
        AccessOp::Store, S->getAlign());
  } else if (auto *A = dyn_cast<AtomicRMWInst>(&I)) {
    One(A->getPointerOperand(), A->getValOperand()->getType(),
        AccessOp::Atomic);
  } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I)) {
    One(X->getPointerOperand(), X->getNewValOperand()->getType(),
        AccessOp::Atomic);
  } else if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
    // Struct and vector copies (float4 a = b) become small memcpys.
    auto *Len = dyn_cast<ConstantInt>(MT->getLength());
    if (!Len || Len->getZExtValue() == 0 || Len->getZExtValue() > 64)
      return;
    uint64_t W = Len->getZExtValue();
    if (auto F = analyzeAccess(
            I, MT->getSource(),
            backendPieceWidth(W, MT->getSourceAlign().valueOrOne()),
            AccessOp::Load))
      Out.push_back(std::move(*F));
    if (auto F =
            analyzeAccess(I, MT->getDest(),
                          backendPieceWidth(W, MT->getDestAlign().valueOrOne()),
                          AccessOp::Store))
      Out.push_back(std::move(*F));
  } else if (auto *MS = dyn_cast<MemSetInst>(&I)) {
    auto *Len = dyn_cast<ConstantInt>(MS->getLength());
    if (!Len || Len->getZExtValue() == 0 || Len->getZExtValue() > 64)
      return;
    if (auto F = analyzeAccess(I, MS->getDest(), Len->getZExtValue(),
                               AccessOp::Store))
      Out.push_back(std::move(*F));
  } else if (auto *Call = dyn_cast<CallBase>(&I);
             Call && isa<InlineAsm>(Call->getCalledOperand())) {
    if (std::optional<PtxAccess> P = ptxAccess(*Call))
      if (auto F = analyzeAccess(I, P->Address, P->Width,
                                 P->IsStore ? AccessOp::Store : AccessOp::Load,
                                 P->Offset))
        Out.push_back(std::move(*F));
  } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::nvvm_ldg_global_f:
    case Intrinsic::nvvm_ldg_global_i:
    case Intrinsic::nvvm_ldg_global_p:
    case Intrinsic::nvvm_ldu_global_f:
    case Intrinsic::nvvm_ldu_global_i:
    case Intrinsic::nvvm_ldu_global_p:
      One(II->getArgOperand(0), II->getType(), AccessOp::Load);
      break;
    // __nvvm_cp_async_*: the global side of a copy into shared memory.
    case Intrinsic::nvvm_cp_async_ca_shared_global_4:
    case Intrinsic::nvvm_cp_async_ca_shared_global_4_s:
      AsyncCopy(II, 4);
      break;
    case Intrinsic::nvvm_cp_async_ca_shared_global_8:
    case Intrinsic::nvvm_cp_async_ca_shared_global_8_s:
      AsyncCopy(II, 8);
      break;
    case Intrinsic::nvvm_cp_async_ca_shared_global_16:
    case Intrinsic::nvvm_cp_async_ca_shared_global_16_s:
    case Intrinsic::nvvm_cp_async_cg_shared_global_16:
    case Intrinsic::nvvm_cp_async_cg_shared_global_16_s:
      AsyncCopy(II, 16);
      break;
    default:
      // llvm.nvvm.atomic.* (atomicInc/Dec, scoped atomics): pointer first.
      if (II->getCalledFunction()->getName().starts_with("llvm.nvvm.atomic.") &&
          II->arg_size() >= 1 && II->getArgOperand(0)->getType()->isPointerTy())
        One(II->getArgOperand(0), II->getType(), AccessOp::Atomic);
      break;
    }
  }
}

std::optional<AccessFacts>
AccessAnalyzer::analyzeAccess(Instruction &I, Value *Ptr, uint64_t Width,
                              AccessOp Op, uint64_t Offset) {
  AccessFacts Facts;
  Facts.I = &I;
  Facts.Op = Op;
  if (Width == 0 || !isGlobalPointer(Ptr, F, IsKernel))
    return std::nullopt;
  Facts.Width = Width;
  Facts.Addr = Translate.of(Ptr);
  const Poly &A = Facts.Addr;
  if (A.Unknown)
    return Facts;
  if (Offset)
    addTerm(Facts.Addr, Monomial(), int64_t(Offset));

  // Lane stride: the coefficient of tid.x, which must be linear in it.
  unsigned TidX = Atoms.fixed(AtomKind::TidX);
  Poly Stride;
  bool StrideOk = true;
  for (const auto &[M, C] : A.Terms) {
    unsigned N = llvm::count(M, TidX);
    if (N == 0)
      continue;
    if (N > 1) {
      StrideOk = false;
      break;
    }
    Monomial Rest;
    for (unsigned Id : M) {
      if (Id == TidX)
        continue;
      AtomKind K = Atoms[Id].Kind;
      // A stride that changes with another index is not something one
      // number describes.
      if (isThreadAtom(K) || isBlockAtom(K) || K == AtomKind::Base ||
          Atoms[Id].ThreadDep)
        StrideOk = false;
      Rest.push_back(Id);
    }
    addTerm(Stride, Rest, C);
  }
  if (StrideOk && !Stride.Unknown) {
    if (Stride.isConstant()) {
      Facts.Stride = AccessFacts::StrideKind::Constant;
      Facts.LaneStride = Stride.constantTerm();
    } else {
      Facts.Stride = AccessFacts::StrideKind::Symbolic;
    }
    Facts.StrideText = Atoms.text(Stride);
  }

  Facts.SectorOffset = Atoms.warpResidue32(A);

  // Block strides: coefficients of blockIdx.x / .y.
  bool OpaqueBlock = false;
  for (const auto &[M, C] : A.Terms)
    for (unsigned Id : M)
      if (Atoms[Id].BlockDep)
        OpaqueBlock = true;
  auto BlockStride = [&](AtomKind K, AccessFacts::BlockStride &Out) {
    unsigned Cta = Atoms.fixed(K);
    Poly Coef;
    bool Seen = false, Affine = !OpaqueBlock;
    for (const auto &[M, C] : A.Terms) {
      unsigned N = llvm::count(M, Cta);
      if (N == 0)
        continue;
      Seen = true;
      if (N > 1)
        Affine = false;
      Monomial Rest;
      for (unsigned Id : M) {
        if (Id == Cta)
          continue;
        AtomKind AK = Atoms[Id].Kind;
        if (isThreadAtom(AK) || isBlockAtom(AK) || AK == AtomKind::Base ||
            AK == AtomKind::Iter || Atoms[Id].ThreadDep)
          Affine = false;
        Rest.push_back(Id);
      }
      addTerm(Coef, Rest, C);
    }
    if (!Affine) {
      Out.Kind = AccessFacts::BlockStride::NotAffine;
      Out.Text = "not affine";
      return;
    }
    Out.Coef = Coef;
    if (!Seen) {
      Out.Kind = AccessFacts::BlockStride::None;
      Out.Text = "0";
    } else if (Coef.isConstant()) {
      Out.Kind = AccessFacts::BlockStride::Constant;
      Out.Bytes = Coef.constantTerm();
      Out.Text = std::to_string(Out.Bytes);
    } else {
      Out.Kind = AccessFacts::BlockStride::Symbolic;
      Out.Text = Atoms.text(Coef);
    }
  };
  BlockStride(AtomKind::CtaX, Facts.BlockX);
  BlockStride(AtomKind::CtaY, Facts.BlockY);
  Facts.BlockInvariant = !Atoms.blockDep(A);

  unsigned TidY = Atoms.fixed(AtomKind::TidY);
  Poly YCoef;
  bool YSeen = false;
  for (const auto &[M, C] : A.Terms) {
    if (llvm::count(M, TidY) != 1)
      continue;
    YSeen = true;
    Monomial Rest;
    for (unsigned Id : M)
      if (Id != TidY)
        Rest.push_back(Id);
    addTerm(YCoef, Rest, C);
  }
  if (YSeen)
    Facts.TidYCoef = YCoef;
  return Facts;
}

} // namespace sectorscope
