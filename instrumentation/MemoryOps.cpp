//===- MemoryOps.cpp - What a device instruction does to memory -----------===//
#include "instrumentation/MemoryOps.h"

#include "sectorscope/abi.h"
#include "support/InlinePtx.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <algorithm>

using namespace llvm;

namespace sectorscope {

namespace {
// NVPTX address spaces (NVPTXAddrSpace in the backend).
enum : unsigned {
  AS_Generic = 0,
  AS_Global = 1,
  AS_Shared = 3,
  AS_Const = 4,
  AS_Local = 5,
  AS_Param = 101
};

std::optional<unsigned> spaceOfAddrSpace(unsigned AS) {
  switch (AS) {
  case AS_Global:
    return SS_SPACE_GLOBAL;
  case AS_Shared:
    return SS_SPACE_SHARED;
  case AS_Local:
    return SS_SPACE_LOCAL;
  default:
    return std::nullopt;
  }
}

bool isModelled(const Value *Ptr) {
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (AS == AS_Const || AS == AS_Param)
    return false;
  // __constant__ data reached through a generic pointer (clang casts a
  // constant array to generic to index it: a convolution's coefficients)
  // is the constant cache's too; left generic, every such load took the
  // out-of-line path.
  if (getUnderlyingObject(Ptr, 16)->getType()->getPointerAddressSpace() ==
      AS_Const)
    return false;
  // A kernel's by-value struct argument lives in param space. Passing its
  // address to the runtime would make NVPTXLowerArgs copy the whole struct
  // to local memory at kernel entry, on the original path too.
  if (auto *A = dyn_cast<Argument>(getUnderlyingObject(Ptr, 16)))
    if (A->hasByValAttr())
      return false;
  return true;
}
} // namespace

const char *uninstrumentedName(Uninstrumented K) {
  switch (K) {
  case Uninstrumented::InlineAsm:
    return "inline_asm";
  case Uninstrumented::CpAsync:
    return "cp_async";
  case Uninstrumented::BulkCopy:
    return "bulk_copy";
  case Uninstrumented::Texture:
    return "texture";
  case Uninstrumented::Other:
    return "other";
  case Uninstrumented::GuardedAsm:
    return "guarded_asm";
  case Uninstrumented::IndirectCall:
    return "indirect_call";
  }
  return "other";
}

unsigned staticSpace(const Value *Ptr, bool InKernel) {
  if (auto S = spaceOfAddrSpace(Ptr->getType()->getPointerAddressSpace()))
    return *S;
  // getUnderlyingObject looks through GEPs and address space casts, which is
  // how -O2 code reaches shared variables: addrspacecast (ptr addrspace(3)).
  const Value *Obj = getUnderlyingObject(Ptr, /*MaxLookup=*/16);
  if (auto S = spaceOfAddrSpace(Obj->getType()->getPointerAddressSpace()))
    return *S;
  if (isa<AllocaInst>(Obj))
    return SS_SPACE_LOCAL;
  if (auto *GV = dyn_cast<GlobalVariable>(Obj))
    if (GV->getAddressSpace() == AS_Generic)
      return SS_SPACE_GLOBAL;
  if (auto *A = dyn_cast<Argument>(Obj))
    if (InKernel && !A->hasByValAttr())
      return SS_SPACE_GLOBAL;
  // A pointer the host put in a by-value kernel argument (a struct of
  // pointers) is a global pointer too.
  if (auto *L = dyn_cast<LoadInst>(Obj))
    if (auto *A =
            dyn_cast<Argument>(getUnderlyingObject(L->getPointerOperand(), 16)))
      if (InKernel && A->hasByValAttr())
        return SS_SPACE_GLOBAL;
  return SS_SPACE_GENERIC;
}

/// Inline PTX the pass counts: one load, store or cp.async, unguarded or
/// guarded by an integer operand (the record then runs under the same test,
/// so that the runtime's warp votes see the lanes the statement serves).
/// Any other guard is counted under guarded_asm (cp_async for a copy).
static bool countedAtRunTime(const PtxAccess &A, const CallBase &Call) {
  return !A.GuardArg ||
         Call.getArgOperand(*A.GuardArg)->getType()->isIntegerTy();
}

/// `llvm.nvvm.cp.async.{ca,cg}.shared.global.{4,8,16}[.s]`: the bytes a
/// lane copies; 0 for any other name.
static unsigned asyncCopyBytes(StringRef Name) {
  if (!Name.consume_front("llvm.nvvm.cp.async.") ||
      !(Name.consume_front("ca.") || Name.consume_front("cg.")) ||
      !Name.consume_front("shared.global."))
    return 0;
  Name.consume_back(".s");
  unsigned Bytes = 0;
  if (Name.getAsInteger(10, Bytes) || (Bytes != 4 && Bytes != 8 && Bytes != 16))
    return 0;
  return Bytes;
}

/// The global side of a cp.async intrinsic (dst, src[, src-size]) as the
/// load it makes: none where src-size is zero, which then guards it.
static std::optional<MemoryOp> asyncCopy(IntrinsicInst &II, unsigned Bytes) {
  MemoryOp M;
  M.I = &II;
  M.Ptr = II.getArgOperand(1);
  M.Op = SS_OP_LOAD;
  M.Width = Bytes;
  M.Space = SS_SPACE_GLOBAL;
  M.AsyncCopy = true;
  M.SkipsL1 = II.getCalledFunction()->getName().contains(".cg.");
  if (II.arg_size() > 2) {
    std::optional<Value *> Guard = asyncCopySourceGuard(II.getArgOperand(2));
    if (!Guard)
      return std::nullopt;
    M.Guard = *Guard;
  }
  if (!M.Ptr->getType()->isPointerTy() || !isModelled(M.Ptr))
    return std::nullopt;
  return M;
}

std::optional<MemoryOp> classifyAccess(Instruction &I, const DataLayout &DL,
                                       bool InKernel) {
  MemoryOp M;
  M.I = &I;
  Type *Ty = nullptr;
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    M.Ptr = L->getPointerOperand();
    M.Op = SS_OP_LOAD;
    M.SkipsL1 = L->isVolatile() || L->isAtomic();
    Ty = L->getType();
  } else if (auto *S = dyn_cast<StoreInst>(&I)) {
    M.Ptr = S->getPointerOperand();
    M.Op = SS_OP_STORE;
    Ty = S->getValueOperand()->getType();
  } else if (auto *R = dyn_cast<AtomicRMWInst>(&I)) {
    M.Ptr = R->getPointerOperand();
    M.Op = SS_OP_ATOMIC;
    Ty = R->getValOperand()->getType();
  } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I)) {
    M.Ptr = X->getPointerOperand();
    M.Op = SS_OP_ATOMIC;
    Ty = X->getNewValOperand()->getType();
  } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
    // NVVM's own atomics and read-only loads (clang 19 still emits a few
    // for atomicInc/Dec, scoped atomics and __ldg in older code).
    StringRef Name = II->getCalledFunction()->getName();
    if (unsigned Bytes = asyncCopyBytes(Name))
      return asyncCopy(*II, Bytes);
    if (II->arg_size() == 0 || !II->getArgOperand(0)->getType()->isPointerTy())
      return std::nullopt;
    if (Name.starts_with("llvm.nvvm.atomic.")) {
      M.Op = SS_OP_ATOMIC;
      Ty = II->getType();
    } else if (Name.starts_with("llvm.nvvm.ldg.global.") ||
               Name.starts_with("llvm.nvvm.ldu.global.")) {
      M.Op = SS_OP_LOAD;
      M.ReadOnly = true;
      Ty = II->getType();
    } else {
      return std::nullopt;
    }
    M.Ptr = II->getArgOperand(0);
  } else if (auto *Call = dyn_cast<CallBase>(&I)) {
    std::optional<PtxAccess> A = ptxAccess(*Call);
    if (!A || !countedAtRunTime(*A, *Call))
      return std::nullopt;
    M.Ptr = A->Address;
    if (A->GuardArg) {
      M.Guard = Call->getArgOperand(*A->GuardArg);
      M.GuardWhenZero = A->GuardWhenZero;
    }
    if (!isModelled(M.Ptr) || A->Offset > UINT32_MAX)
      return std::nullopt;
    M.Op = A->IsStore ? SS_OP_STORE : SS_OP_LOAD;
    M.Width = A->Width;
    M.Offset = unsigned(A->Offset);
    M.SkipsL1 = A->SkipsL1;
    M.ReadOnly = A->ReadOnly;
    M.AsyncCopy = A->AsyncCopy;
    M.Space = A->Global ? SS_SPACE_GLOBAL : staticSpace(M.Ptr, InKernel);
    return M;
  } else {
    return std::nullopt;
  }
  if (!M.Ptr->getType()->isPointerTy() || !isModelled(M.Ptr) || !Ty->isSized())
    return std::nullopt;
  M.Width = unsigned(DL.getTypeStoreSize(Ty).getFixedValue());
  M.Space = staticSpace(M.Ptr, InKernel);
  return M;
}

bool classifySmallMemIntrinsic(Instruction &I, const DataLayout &,
                               bool InKernel, SmallVectorImpl<MemoryOp> &Ops) {
  auto *MI = dyn_cast<MemIntrinsic>(&I);
  if (!MI || MI->isVolatile())
    return false;
  auto *Len = dyn_cast<ConstantInt>(MI->getLength());
  if (!Len || Len->isZero() || Len->getZExtValue() > MaxMemIntrinsicBytes)
    return false;
  unsigned Size = unsigned(Len->getZExtValue());
  auto *MT = dyn_cast<MemTransferInst>(MI);
  // Pieces as SelectionDAG's memcpy lowering makes them on NVPTX: the
  // widest legal integer (8 bytes) the common alignment allows.
  uint64_t Align = MI->getDestAlign().valueOrOne().value();
  if (MT)
    Align =
        std::min<uint64_t>(Align, MT->getSourceAlign().valueOrOne().value());
  auto add = [&](Value *Ptr, unsigned Op, unsigned Offset, unsigned Width) {
    if (!isModelled(Ptr))
      return;
    MemoryOp M;
    M.I = &I;
    M.Ptr = Ptr;
    M.Op = Op;
    M.Width = Width;
    M.Offset = Offset;
    M.Space = staticSpace(Ptr, InKernel);
    Ops.push_back(M);
  };
  for (unsigned Off = 0; Off < Size;) {
    unsigned W = unsigned(std::min<uint64_t>(8, Align));
    while (W > Size - Off)
      W /= 2;
    if (MT)
      add(MT->getRawSource(), SS_OP_LOAD, Off, W);
    add(MI->getRawDest(), SS_OP_STORE, Off, W);
    Off += W;
  }
  return true;
}

SmallVector<MemoryOp, 2> memoryOps(Instruction &I, const DataLayout &DL,
                                   bool InKernel) {
  SmallVector<MemoryOp, 2> Ops;
  if (std::optional<MemoryOp> Op = classifyAccess(I, DL, InKernel))
    Ops.push_back(*Op);
  else
    classifySmallMemIntrinsic(I, DL, InKernel, Ops);
  return Ops;
}

/// cp.async's commit, wait and mbarrier-arrive forms, as intrinsic names
/// (`llvm.nvvm.cp.async.wait.group`) or PTX (`cp.async.wait_group`): they
/// order copies but move no data.
static bool isAsyncCopyControl(StringRef Name) {
  Name.consume_front("llvm.nvvm.");
  if (!Name.consume_front("cp.async."))
    return false;
  return Name.starts_with("commit") || Name.starts_with("wait") ||
         Name.starts_with("mbarrier");
}

bool asmTouchesMemory(StringRef Asm) {
  static const char *const Mnemonics[] = {
      "ld.",      "ldu.",     "st.",       "atom.",
      "red.",     "cp.async", "cp.reduce", "tex.",
      "tld4.",    "suld.",    "sust.",     "sured.",
      "ldmatrix", "stmatrix", "multimem.", "prefetch.tensor"};
  for (const char *Mn : Mnemonics) {
    for (size_t Pos = Asm.find(Mn); Pos != StringRef::npos;
         Pos = Asm.find(Mn, Pos + 1)) {
      // A mnemonic starts an instruction: after whitespace, ';', '{' or '}'
      // (a predicate guard "@p ld." ends in a space too).
      char Before = Pos ? Asm[Pos - 1] : ' ';
      if ((isspace(static_cast<unsigned char>(Before)) || Before == ';' ||
           Before == '{' || Before == '}') &&
          !isAsyncCopyControl(Asm.substr(Pos)))
        return true;
    }
  }
  return false;
}

std::optional<Uninstrumented> classifyUninstrumented(Instruction &I) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return std::nullopt;
  if (auto *IA = dyn_cast<InlineAsm>(CB->getCalledOperand())) {
    StringRef Asm = IA->getAsmString();
    std::optional<PtxAccess> A = ptxAccess(*CB);
    if (!asmTouchesMemory(Asm) || (A && countedAtRunTime(*A, *CB)))
      return std::nullopt;
    // clang's own headers use inline PTX for texture fetches (tex1Dfetch on
    // texture objects) and users write cp.async by hand: name them as such.
    if (Asm.contains("cp.async.bulk"))
      return Uninstrumented::BulkCopy;
    if (Asm.contains("cp.async"))
      return Uninstrumented::CpAsync;
    if (A && A->GuardArg)
      return Uninstrumented::GuardedAsm;
    if (Asm.contains("tex.") || Asm.contains("tld4.") ||
        Asm.contains("suld.") || Asm.contains("sust."))
      return Uninstrumented::Texture;
    return Uninstrumented::InlineAsm;
  }
  if (CB->isIndirectCall())
    return Uninstrumented::IndirectCall;
  Function *F = CB->getCalledFunction();
  if (!F || !F->isIntrinsic())
    return std::nullopt;
  StringRef N = F->getName();
  if (N.starts_with("llvm.nvvm.cp.async.bulk"))
    return Uninstrumented::BulkCopy;
  // The copies are counted (classifyAccess); commit, wait and mbarrier
  // arrivals touch no memory of their own.
  if (N.starts_with("llvm.nvvm.cp.async") && asyncCopyBytes(N) == 0 &&
      !isAsyncCopyControl(N))
    return Uninstrumented::CpAsync;
  if (N.starts_with("llvm.nvvm.tex.") || N.starts_with("llvm.nvvm.tld4.") ||
      N.starts_with("llvm.nvvm.suld.") || N.starts_with("llvm.nvvm.sust.") ||
      N.starts_with("llvm.nvvm.txq.") || N.starts_with("llvm.nvvm.suq."))
    return Uninstrumented::Texture;
  if (auto *MI = dyn_cast<MemIntrinsic>(CB)) {
    auto *Len = dyn_cast<ConstantInt>(MI->getLength());
    if (!MI->isVolatile() && Len && !Len->isZero() &&
        Len->getZExtValue() <= MaxMemIntrinsicBytes)
      return std::nullopt; // Instrumented as a load and a store.
    return Uninstrumented::Other;
  }
  if (isa<AnyMemIntrinsic>(CB) || N.starts_with("llvm.masked.load") ||
      N.starts_with("llvm.masked.store") ||
      N.starts_with("llvm.masked.gather") ||
      N.starts_with("llvm.masked.scatter") ||
      N.starts_with("llvm.nvvm.ldmatrix") ||
      N.starts_with("llvm.nvvm.stmatrix") ||
      (N.starts_with("llvm.nvvm.wmma") &&
       (N.contains(".load.") || N.contains(".store."))))
    return Uninstrumented::Other;
  return std::nullopt;
}

} // namespace sectorscope
