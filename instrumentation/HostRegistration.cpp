//===- HostRegistration.cpp - Host half of the instrumentation ------------===//
//
// On the host module of an instrumented compile:
//  * registers the device module descriptor: a host shadow variable bound to
//    the device's __sectorscope_module with __cudaRegisterVar (so the host
//    runtime can write its `launch` field with cudaMemcpyToSymbol), then
//    __sectorscope_register_module(handle, shadow), before the module's
//    kernels are registered: the runtime ties each kernel to the module last
//    registered on its handle;
//  * tells the host runtime each kernel's stub and device name, next to the
//    __cudaRegisterFunction call that registers it;
//  * routes cudaLaunchKernel, cudaLaunchCooperativeKernel, cudaMalloc,
//    cudaMallocManaged and cudaFree
//    through the host runtime, the allocations with their source position.
// The registration calls sit in __cuda_register_globals at -O0 and are
// inlined into __cuda_module_ctor at -O2, so we key on the CUDA runtime
// calls themselves, wherever they are.
// Relocatable device code (-fgpu-rdc) has no __cudaRegisterFatBinary of its
// own: the device link's object registers the one linked image and calls
// every unit's __cuda_register_globals with its handle, the callback each
// unit passes to __cudaRegisterLinkedBinary__nv_<id>. There the descriptor,
// named after the unit (ModuleNames.h), is registered on entry.
//
//===----------------------------------------------------------------------===//
#include "instrumentation/InstrumentPass.h"
#include "instrumentation/ModuleNames.h"

#include "sectorscope/abi.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

using namespace llvm;

#define DEBUG_TYPE "sectorscope-host"

STATISTIC(NumModules, "Device modules registered with the host runtime");
STATISTIC(NumKernelsRegistered, "Kernels registered with the host runtime");
STATISTIC(NumLaunches, "Kernel launches routed through the host runtime");
STATISTIC(NumAllocs, "Allocations routed through the host runtime");

namespace sectorscope {
namespace {

struct HostRewriter {
  explicit HostRewriter(Module &M)
      : M(M), Ctx(M.getContext()), Ptr(PointerType::get(Ctx, 0)),
        I32(Type::getInt32Ty(Ctx)), I64(Type::getInt64Ty(Ctx)),
        Void(Type::getVoidTy(Ctx)) {}

  bool run() {
    if (M.getNamedGlobal("__sectorscope_module_shadow"))
      return false; // Done already.
    bool Changed = registerModules();
    Changed |= registerKernels();
    Changed |= swapCallee("cudaLaunchKernel", "__sectorscope_launch_kernel",
                          NumLaunches);
    Changed |=
        swapCallee("cudaLaunchCooperativeKernel",
                   "__sectorscope_launch_cooperative_kernel", NumLaunches);
    Changed |= swapCallee("cudaFree", "__sectorscope_free", NumAllocs);
    Changed |= addSiteArgument("cudaMalloc", "__sectorscope_malloc");
    Changed |=
        addSiteArgument("cudaMallocManaged", "__sectorscope_malloc_managed");
    return Changed;
  }

private:
  /// A host runtime entry point compiled into this very module (a test's
  /// own runtime, say): its cudaMalloc is the real one, or it would call
  /// itself.
  static bool isRuntimeEntry(const Function &F) {
    return F.getName().starts_with("__sectorscope_");
  }

  SmallVector<CallBase *, 8> callsTo(StringRef Name) {
    SmallVector<CallBase *, 8> Calls;
    if (Function *F = M.getFunction(Name))
      for (User *U : F->users())
        if (auto *CB = dyn_cast<CallBase>(U))
          if (CB->getCalledOperand() == F &&
              !isRuntimeEntry(*CB->getFunction()))
            Calls.push_back(CB);
    return Calls;
  }

  Constant *cString(StringRef S) {
    GlobalVariable *&GV = Strings[S];
    if (!GV) {
      Constant *Data = ConstantDataArray::getString(Ctx, S);
      GV = new GlobalVariable(M, Data->getType(), true,
                              GlobalValue::PrivateLinkage, Data,
                              ".sectorscope.str");
      GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
      GV->setAlignment(Align(1));
    }
    return GV;
  }

  /// After each fat binary registration: the descriptor's shadow and the
  /// module's registration with the host runtime, before
  /// __cudaRegisterFatBinaryEnd loads the module. With relocatable device
  /// code, at the entry of the unit's registration callback instead.
  bool registerModules() {
    SmallVector<CallBase *, 8> Whole = callsTo("__cudaRegisterFatBinary");
    SmallVector<Function *, 2> Callbacks = linkedBinaryCallbacks();
    if (Whole.empty() && Callbacks.empty())
      return false;
    auto *ShadowTy = ArrayType::get(Type::getInt8Ty(Ctx), sizeof(ss_module));
    auto *Shadow = new GlobalVariable(
        M, ShadowTy, false, GlobalValue::InternalLinkage,
        ConstantAggregateZero::get(ShadowTy), "__sectorscope_module_shadow");
    Shadow->setAlignment(Align(8));
    for (CallBase *C : Whole) {
      IRBuilder<> B(C->getNextNode());
      registerDescriptor(B, C, Shadow, /*Relocatable=*/false);
    }
    for (Function *F : Callbacks) {
      IRBuilder<> B(&*F->getEntryBlock().getFirstInsertionPt());
      registerDescriptor(B, F->getArg(0), Shadow, /*Relocatable=*/true);
    }
    return true;
  }

  /// The registration callbacks this unit hands the device link's object:
  /// the first argument of its __cudaRegisterLinkedBinary__nv_<id> calls.
  SmallVector<Function *, 2> linkedBinaryCallbacks() {
    SmallVector<Function *, 2> Callbacks;
    for (Function &F : M) {
      if (!F.getName().starts_with("__cudaRegisterLinkedBinary_"))
        continue;
      for (User *U : F.users()) {
        auto *CB = dyn_cast<CallBase>(U);
        if (!CB || CB->getCalledOperand() != &F || CB->arg_size() == 0)
          continue;
        auto *Callback =
            dyn_cast<Function>(CB->getArgOperand(0)->stripPointerCasts());
        // No callback: the unit has no kernels nor variables to register.
        if (Callback && !Callback->isDeclaration() &&
            Callback->arg_size() == 1 && !is_contained(Callbacks, Callback))
          Callbacks.push_back(Callback);
      }
    }
    return Callbacks;
  }

  /// __cudaRegisterVar of the descriptor, then the runtime's registration.
  void registerDescriptor(IRBuilder<> &B, Value *Handle, GlobalVariable *Shadow,
                          bool Relocatable) {
    FunctionCallee RegVar = M.getOrInsertFunction(
        "__cudaRegisterVar",
        FunctionType::get(Void, {Ptr, Ptr, Ptr, Ptr, I32, I64, I32, I32},
                          false));
    FunctionCallee RegModule =
        M.getOrInsertFunction("__sectorscope_register_module",
                              FunctionType::get(Void, {Ptr, Ptr}, false));
    Constant *Name = cString(moduleDescriptorName(M, Relocatable));
    // The descriptor is __constant__: constant = 1, as clang registers one.
    B.CreateCall(RegVar,
                 {Handle, Shadow, Name, Name, B.getInt32(0),
                  B.getInt64(sizeof(ss_module)), B.getInt32(1), B.getInt32(0)});
    B.CreateCall(RegModule, {Handle, Shadow});
    ++NumModules;
  }

  bool registerKernels() {
    SmallVector<CallBase *, 8> Calls = callsTo("__cudaRegisterFunction");
    if (Calls.empty())
      return false;
    FunctionCallee RegKernel =
        M.getOrInsertFunction("__sectorscope_register_kernel",
                              FunctionType::get(Void, {Ptr, Ptr, Ptr}, false));
    for (CallBase *C : Calls) {
      IRBuilder<> B(C->getNextNode());
      B.CreateCall(RegKernel, {C->getArgOperand(0), C->getArgOperand(1),
                               C->getArgOperand(2)});
      ++NumKernelsRegistered;
    }
    return true;
  }

  /// Same signature, other callee: the host runtime's wrapper forwards.
  bool swapCallee(StringRef From, StringRef To, Statistic &Counter) {
    SmallVector<CallBase *, 8> Calls = callsTo(From);
    if (Calls.empty())
      return false;
    Function *F = M.getFunction(From);
    FunctionCallee New = M.getOrInsertFunction(To, F->getFunctionType());
    for (CallBase *C : Calls) {
      C->setCalledFunction(New);
      ++Counter;
    }
    return true;
  }

  /// "file:line:col" of the call as the user wrote it: the innermost frame
  /// of the inlining chain outside the CUDA runtime headers (cudaMalloc<T>
  /// in cuda_runtime.h forwards to cudaMalloc).
  Constant *siteOf(const CallBase &C) {
    const DILocation *Loc = C.getDebugLoc().get();
    const DILocation *Pick = Loc;
    for (const DILocation *L = Loc; L; L = L->getInlinedAt()) {
      Pick = L;
      StringRef Base = sys::path::filename(L->getFilename());
      if (Base != "cuda_runtime.h" && Base != "cuda_runtime_api.h")
        break;
    }
    if (!Pick || Pick->getLine() == 0)
      return ConstantPointerNull::get(Ptr);
    SmallString<256> File(Pick->getFilename());
    if (!sys::path::is_absolute(File) && !Pick->getDirectory().empty()) {
      File = Pick->getDirectory();
      sys::path::append(File, Pick->getFilename());
    }
    return cString(
        (File + ":" + Twine(Pick->getLine()) + ":" + Twine(Pick->getColumn()))
            .str());
  }

  /// cudaMalloc(p, n) -> __sectorscope_malloc(p, n, site), likewise managed.
  bool addSiteArgument(StringRef From, StringRef To) {
    SmallVector<CallBase *, 8> Calls = callsTo(From);
    if (Calls.empty())
      return false;
    FunctionType *FT = M.getFunction(From)->getFunctionType();
    SmallVector<Type *, 4> Params(FT->params());
    Params.push_back(Ptr);
    FunctionCallee New = M.getOrInsertFunction(
        To, FunctionType::get(FT->getReturnType(), Params, false));
    for (CallBase *C : Calls) {
      SmallVector<Value *, 4> Args(C->args());
      Args.push_back(siteOf(*C));
      CallBase *N;
      if (auto *II = dyn_cast<InvokeInst>(C))
        N = InvokeInst::Create(New, II->getNormalDest(), II->getUnwindDest(),
                               Args, "", C->getIterator());
      else
        N = CallInst::Create(New, Args, "", C->getIterator());
      N->setDebugLoc(C->getDebugLoc());
      N->setCallingConv(C->getCallingConv());
      N->takeName(C);
      C->replaceAllUsesWith(N);
      C->eraseFromParent();
      ++NumAllocs;
    }
    return true;
  }

  Module &M;
  LLVMContext &Ctx;
  PointerType *Ptr;
  Type *I32, *I64, *Void;
  StringMap<GlobalVariable *> Strings;
};

} // namespace

PreservedAnalyses HostRegistrationPass::run(Module &M,
                                            ModuleAnalysisManager &) {
  return HostRewriter(M).run() ? PreservedAnalyses::none()
                               : PreservedAnalyses::all();
}

} // namespace sectorscope
