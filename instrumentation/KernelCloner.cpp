//===- KernelCloner.cpp - Instrumented copies of kernels ------------------===//
#include "instrumentation/KernelCloner.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace sectorscope {

SmallVector<Function *, 8> findKernels(Module &M) {
  SmallVector<Function *, 8> Kernels;
  SmallPtrSet<Function *, 8> Seen;
  if (NamedMDNode *NMD = M.getNamedMetadata("nvvm.annotations")) {
    for (MDNode *N : NMD->operands()) {
      if (N->getNumOperands() < 3)
        continue;
      auto *VM = dyn_cast_or_null<ValueAsMetadata>(N->getOperand(0));
      auto *Key = dyn_cast_or_null<MDString>(N->getOperand(1));
      if (!VM || !Key || Key->getString() != "kernel")
        continue;
      auto *F = dyn_cast<Function>(VM->getValue()->stripPointerCasts());
      auto *V = mdconst::dyn_extract<ConstantInt>(N->getOperand(2));
      if (F && V && !V->isZero() && !F->isDeclaration() &&
          Seen.insert(F).second)
        Kernels.push_back(F);
    }
  }
  for (Function &F : M)
    if (F.getCallingConv() == CallingConv::PTX_Kernel && !F.isDeclaration() &&
        Seen.insert(&F).second)
      Kernels.push_back(&F);
  return Kernels;
}

DuplicatedBody duplicateKernelBody(Function &K, FunctionCallee Enter) {
  LLVMContext &Ctx = K.getContext();
  SmallVector<BasicBlock *, 16> Original;
  for (BasicBlock &BB : K)
    Original.push_back(&BB);
  BasicBlock *OldEntry = &K.getEntryBlock();
  // Static allocas of the old entry move up; the copy maps them to
  // themselves (a clone in a non-entry block would be a dynamic alloca).
  // Found before the new entry exists: only entry-block allocas are static.
  ValueToValueMapTy VMap;
  SmallVector<AllocaInst *, 8> Allocas;
  for (Instruction &I : *OldEntry)
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (AI->isStaticAlloca())
        Allocas.push_back(AI);
  BasicBlock *Dispatch =
      BasicBlock::Create(Ctx, "sectorscope.dispatch", &K, OldEntry);
  for (AllocaInst *AI : Allocas) {
    AI->moveBefore(*Dispatch, Dispatch->end());
    VMap[AI] = AI;
  }

  DuplicatedBody Result;
  SmallVector<BasicBlock *, 16> &Copy = Result.Copy;
  for (BasicBlock *BB : Original) {
    BasicBlock *NewBB = CloneBasicBlock(BB, VMap, ".ss", &K);
    VMap[BB] = NewBB;
    Copy.push_back(NewBB);
  }
  // Function-local metadata (e.g. debug records) is remapped; module-level
  // metadata such as DILocations is shared, so the copy keeps the lines.
  RemapFlags Flags = RF_IgnoreMissingLocals | RF_NoModuleLevelChanges;
  for (BasicBlock *BB : Copy)
    for (Instruction &I : *BB) {
      RemapInstruction(&I, VMap, Flags);
      RemapDbgRecordRange(K.getParent(), I.getDbgRecordRange(), VMap, Flags);
    }

  IRBuilder<> B(Dispatch);
  // The kernel's own location (line of its definition) keeps the call
  // well-formed in a function with debug info.
  if (DISubprogram *SP = K.getSubprogram())
    B.SetCurrentDebugLocation(DILocation::get(Ctx, SP->getScopeLine(), 0, SP));
  Value *Take = B.CreateCall(Enter, {}, "sectorscope.take");
  // The state is read-only after this (abi.h): the instrumented code passes
  // the value itself, in a register, to every access.
  Result.State = Take;
  Value *Cond = B.CreateICmpNE(Take, ConstantInt::get(Take->getType(), 0));
  B.CreateCondBr(Cond, cast<BasicBlock>(VMap[OldEntry]), OldEntry);
  return Result;
}

Function *cloneDeviceFunction(Function &F, StringRef Suffix) {
  SmallVector<Type *, 8> Params(F.getFunctionType()->params());
  Params.push_back(Type::getInt32Ty(F.getContext()));
  auto *Ty = FunctionType::get(F.getReturnType(), Params, F.isVarArg());
  Function *C =
      Function::Create(Ty, GlobalValue::InternalLinkage, F.getAddressSpace(),
                       F.getName() + Suffix, F.getParent());
  ValueToValueMapTy VMap;
  for (auto [From, To] : zip(F.args(), C->args())) {
    To.setName(From.getName());
    VMap[&From] = &To;
  }
  C->getArg(F.arg_size())->setName("sectorscope.state");
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(C, &F, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  C->setLinkage(GlobalValue::InternalLinkage);
  C->setVisibility(GlobalValue::DefaultVisibility);
  C->setComdat(nullptr);
  return C;
}

namespace {
/// Functions the NVPTX backend may have asked about (see cloneKernel).
DenseSet<const Function *> &seenFunctions() {
  static DenseSet<const Function *> Seen;
  return Seen;
}

/// A copy of kernel `K` at an address no function the backend asked about
/// ever had. LLVM 19's NVPTX backend caches nvvm.annotations by Function
/// address and keeps an empty entry for every function it asks about
/// (NVVMIntrRange asks about all of them at the start of the pipeline), so
/// a copy allocated where a since-deleted function lived reads as having no
/// annotations: its launch bounds were dropped, and without the calling
/// convention below it was emitted as a .func the host cannot launch. Such
/// a copy is emptied and parked outside the module (never freed, so its
/// address stays taken) and the kernel is copied again.
Function *cloneKernelAtFreshAddress(Function &K) {
  ValueToValueMapTy VMap;
  Function *C = CloneFunction(&K, VMap);
  while (seenFunctions().count(C)) {
    ValueToValueMapTy Again;
    Function *Next = CloneFunction(&K, Again);
    C->deleteBody();
    C->removeFromParent(); // deliberately leaked: see above
    C = Next;
  }
  return C;
}
} // namespace

void recordFunctionsSeenByBackend(Module &M) {
  for (Function &F : M)
    seenFunctions().insert(&F);
}

Function *cloneKernel(Function &K, ArrayRef<Function *> Callees, StringRef Name,
                      SmallVectorImpl<Function *> &Copies,
                      unsigned MaxRegisters) {
  DenseMap<Function *, Function *> CopyOf;
  auto Copy = [&](Function &F, const Twine &NewName) {
    ValueToValueMapTy VMap;
    Function *C =
        &F == &K ? cloneKernelAtFreshAddress(K) : CloneFunction(&F, VMap);
    C->setName(NewName);
    CopyOf[&F] = C;
    Copies.push_back(C);
    return C;
  };
  Function *G = Copy(K, Name);
  for (Function *F : Callees)
    Copy(*F, F->getName() + ".grid");
  for (size_t I = 0, E = Copies.size(); I < E; ++I)
    for (Instruction &Inst : instructions(*Copies[I]))
      if (auto *CB = dyn_cast<CallBase>(&Inst))
        if (Function *To = CopyOf.lookup(CB->getCalledFunction()))
          CB->setCalledFunction(To);
  // A kernel by its calling convention too, should the backend's cache
  // still read it as unannotated (cloneKernelAtFreshAddress): the backend
  // falls back to the convention then. The host runtime checks the block
  // limit it got.
  G->setCallingConv(CallingConv::PTX_Kernel);
  // clang 19 says "kernel" (and gives launch bounds) in nvvm.annotations.
  if (NamedMDNode *NMD = K.getParent()->getNamedMetadata("nvvm.annotations")) {
    SmallVector<MDNode *, 4> Mine;
    for (MDNode *N : NMD->operands())
      if (N->getNumOperands() >= 1)
        if (auto *VM = dyn_cast_or_null<ValueAsMetadata>(N->getOperand(0)))
          if (VM->getValue()->stripPointerCasts() == &K)
            Mine.push_back(N);
    bool Bounded = false;
    for (MDNode *N : Mine) {
      SmallVector<Metadata *, 4> Ops(N->operands());
      Ops[0] = ValueAsMetadata::get(G);
      NMD->addOperand(MDNode::get(K.getContext(), Ops));
      for (unsigned I = 1; I + 1 < N->getNumOperands(); I += 2)
        if (auto *Key = dyn_cast<MDString>(N->getOperand(I)))
          Bounded |= Key->getString().starts_with("maxntid") ||
                     Key->getString().starts_with("reqntid") ||
                     Key->getString() == "maxnreg";
    }
    // A kernel without launch bounds runs any block the hardware allows when
    // ptxas fits it; its copy, with the recording code, took more registers
    // and could not launch 1024 threads. 64 registers a thread let every
    // block size launch: ptxas spills instead.
    if (!Bounded && MaxRegisters) {
      LLVMContext &Ctx = K.getContext();
      NMD->addOperand(MDNode::get(
          Ctx, {ValueAsMetadata::get(G), MDString::get(Ctx, "maxnreg"),
                ConstantAsMetadata::get(
                    ConstantInt::get(Type::getInt32Ty(Ctx), MaxRegisters))}));
    }
  }
  return G;
}

bool callsAnotherUnit(const Function &K) {
  SmallPtrSet<const Function *, 8> Seen;
  SmallVector<const Function *, 8> Work = {&K};
  while (!Work.empty()) {
    const Function *F = Work.pop_back_val();
    if (!Seen.insert(F).second)
      continue;
    for (const Instruction &I : instructions(*F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      const Function *To = CB ? CB->getCalledFunction() : nullptr;
      if (!To || To->isIntrinsic())
        continue;
      if (!To->isDeclaration())
        Work.push_back(To);
      else if (!StringSwitch<bool>(To->getName())
                    .Cases("vprintf", "malloc", "free", "__assertfail", true)
                    .Default(false))
        return true;
    }
  }
  return false;
}

CallBase *callClone(CallBase &CB, Function &Clone, Value *State) {
  auto *Call = cast<CallInst>(&CB); // device code has no invoke
  SmallVector<Value *, 8> Args(Call->args());
  Args.push_back(State);
  SmallVector<OperandBundleDef, 1> Bundles;
  Call->getOperandBundlesAsDefs(Bundles);
  CallInst *New = CallInst::Create(Clone.getFunctionType(), &Clone, Args,
                                   Bundles, "", Call->getIterator());
  New->takeName(Call);
  New->setCallingConv(Call->getCallingConv());
  New->setTailCallKind(Call->getTailCallKind());
  New->setDebugLoc(Call->getDebugLoc());
  // The original's attributes, for the parameters it had.
  AttributeList A = Call->getAttributes();
  SmallVector<AttributeSet, 8> ParamAttrs;
  for (unsigned I = 0; I < Call->arg_size(); ++I)
    ParamAttrs.push_back(A.getParamAttrs(I));
  ParamAttrs.push_back(AttributeSet());
  New->setAttributes(AttributeList::get(Call->getContext(), A.getFnAttrs(),
                                        A.getRetAttrs(), ParamAttrs));
  Call->replaceAllUsesWith(New);
  Call->eraseFromParent();
  return New;
}

void dropMemoryPromises(Function &F) {
  for (Attribute::AttrKind K : {Attribute::Memory, Attribute::NoSync,
                                Attribute::Speculatable, Attribute::NoFree})
    F.removeFnAttr(K);
}

void dropMemoryPromises(CallBase &CB) {
  for (Attribute::AttrKind K : {Attribute::Memory, Attribute::NoSync,
                                Attribute::Speculatable, Attribute::NoFree})
    CB.removeFnAttr(K);
}

} // namespace sectorscope
