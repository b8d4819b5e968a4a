//===- InstrumentPass.cpp - Run-time instrumentation of device code -------===//
//
// The device half of sectorscope's run-time profiler. On a device module, at
// the end of the optimizer:
//  1. every kernel gets an instrumented copy of its body, chosen once per
//     thread at entry by __sectorscope_enter() (KernelCloner.h), and a grid
//     variant, a second kernel for grid mode (SS_GRID_KERNEL_SUFFIX, abi.h);
//  2. in the copy (and in per-kernel copies of the device functions it
//     calls) each load, store and atomic becomes a site: an id, a record in
//     the site table, and a call __sectorscope_access(id, addr, width,
//     op | space << 8, lanes, state) with everything but the address, the
//     lanes and the state constant, placed after the access with the block's
//     other records so that the block's loads overlap (endsDeferral);
//  3. memory operations we cannot see into are counted per kernel, a loop
//     without sites whose trip count only the run knows gets a trip site at
//     its head, and so does a call to a large memory-free function, before
//     it (SiteWork.h);
//  4. the device runtime bitcode is linked in and internalized, the entry
//     check is inlined (the access stays one function per module), and the
//     module descriptor __sectorscope_module gets the site table (with
//     relocatable device code both take names of their own, ModuleNames.h).
// The host half (HostRegistration.cpp) registers that descriptor with the
// host runtime and routes launches and allocations through it.
//
//===----------------------------------------------------------------------===//
#include "instrumentation/InstrumentPass.h"

#include "instrumentation/AccessArgs.h"
#include "instrumentation/AccessPairs.h"
#include "instrumentation/AddressKinds.h"
#include "instrumentation/KernelCloner.h"
#include "instrumentation/LaneMasks.h"
#include "instrumentation/LoadParallelism.h"
#include "instrumentation/LoopTallies.h"
#include "instrumentation/MemoryOps.h"
#include "instrumentation/ModuleNames.h"
#include "instrumentation/RuntimeLinker.h"
#include "instrumentation/SharedSitesOnce.h"
#include "instrumentation/SiteTable.h"
#include "instrumentation/SiteWork.h"

#include "sectorscope/abi.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include "llvm/Transforms/Vectorize/LoadStoreVectorizer.h"

using namespace llvm;

#define DEBUG_TYPE "sectorscope-instrument"

STATISTIC(NumKernels, "Kernels instrumented");
STATISTIC(NumOverLimit, "Kernels left uninstrumented: too many accesses");
STATISTIC(NumIgnored, "Kernels left uninstrumented: in the ignore list");
STATISTIC(NumOverSharedBudget,
          "Kernels left uninstrumented: no static shared memory left");
STATISTIC(NumClonedFunctions, "Device functions cloned for instrumented paths");
STATISTIC(NumLoads, "Loads instrumented");
STATISTIC(NumStores, "Stores instrumented");
STATISTIC(NumAtomics, "Atomics instrumented");
STATISTIC(NumTripSites, "Loops without sites and calls whose runs are counted");
STATISTIC(NumUninstrumented, "Memory operations counted, not instrumented");
STATISTIC(NumUniformAccesses,
          "Grid-mode accesses at one address in every lane");
STATISTIC(NumGatherAccesses,
          "Grid-mode accesses whose per-lane offsets come from memory");
STATISTIC(NumRowUniformAccesses,
          "Grid-mode accesses whose per-lane part is threadIdx.y or .z alone");
STATISTIC(NumTalliedAccesses,
          "Grid-mode accesses whose counts a loop sums in registers");
STATISTIC(NumLaneStrideAccesses,
          "Grid-mode accesses whose lanes are a known stride apart");
STATISTIC(NumPairedAccesses,
          "Grid-mode accesses counted with the access before them");
STATISTIC(NumReconverged,
          "Joins where the instrumented copy reconverges warps");
STATISTIC(NumSharedSitesOnce,
          "Grid-mode shared sites outside loops counted out of line");
STATISTIC(NumGridSitesCalled,
          "Grid-mode sites outside loops that call the access");
STATISTIC(NumGuardedAccesses,
          "Guarded inline PTX accesses recorded under their own test");

// Developer flags: each, when given, overrides its InstrumentOptions field
// (support/Options.h says why each default is what it is).
static cl::opt<std::string> ClDeviceRuntime(
    "sectorscope-device-runtime",
    cl::desc("device runtime bitcode to link (default: sectorscope-device.bc "
             "beside the plugin)"),
    cl::value_desc("file.bc"));

// On by default (InstrumentOptions): a call and its return were most of the
// cost in kernels whose threads loop over thousands of accesses. The
// heat-map access is a few dozen instructions, inlined whole. Of grid mode's
// (a few hundred) only the full warp's short paths are inlined
// (__sectorscope_access_grid: one stride, shared and local gathers); the
// rest stays one function per module: inlined at every site, ptxas took
// minutes and gigabytes on kernels with a few hundred sites. A call is safe in
// divergent code because the caller passes its own lanes (insertAccess): the
// runtime never asks which lanes are in the shared function with it.
static cl::opt<bool> ClInlineAccess(
    "sectorscope-inline-access",
    cl::desc("inline the heat-map access and grid mode's full-warp short "
             "paths at each site (default on; grid mode's other requests are "
             "a call)"));

static cl::opt<bool> ClPairAccesses(
    "sectorscope-pair-accesses",
    cl::desc("in grid mode, count a load and a store of one address by the "
             "same lanes from one look at the warp (default on)"));

static cl::opt<bool> ClLaneStrides(
    "sectorscope-lane-strides",
    cl::desc("in grid mode, pass the distance between lanes the pass proves "
             "to the runtime (default on)"));

static cl::opt<bool> ClVectorizeFirst(
    "sectorscope-vectorize-first",
    cl::desc("merge adjacent loads/stores into vector accesses before "
             "instrumenting, as the NVPTX backend would (default on)"));

static cl::opt<bool> ClExplicitLanes(
    "sectorscope-explicit-lanes",
    cl::desc("group each request's lanes from the control flow (ballots at "
             "branches, masks through loops) instead of __activemask()"),
    cl::Hidden);

static cl::opt<unsigned> ClMaxInlinedSites(
    "sectorscope-max-inlined-sites",
    cl::desc("functions with more sites (of one mode) call the access at "
             "each instead of inlining it or its short paths (0: no limit)"));

static cl::opt<unsigned> ClMaxInlinedSitesOutsideLoops(
    "sectorscope-max-inlined-sites-outside-loops",
    cl::desc("in grid mode, functions with more global, local or generic "
             "sites outside loops call the access at each of those (0: no "
             "limit)"));

static cl::opt<bool> ClCallSharedOutsideLoops(
    "sectorscope-call-shared-outside-loops",
    cl::desc("in grid mode, count shared-memory sites outside loops out of "
             "line behind an inlined test (default on)"));

static cl::opt<unsigned> ClMaxLoopTallies(
    "sectorscope-max-loop-tallies",
    cl::desc("grid-mode sites a loop sums in registers until it exits "
             "(0: every request updates the counters)"));

static cl::opt<unsigned> ClVariantMaxRegisters(
    "sectorscope-variant-max-registers",
    cl::desc("registers a thread of a kernel's instrumented variants may use "
             "when the kernel gives no launch bounds (0: no cap)"));

static cl::opt<unsigned> ClMaxDeferredAccesses(
    "sectorscope-max-deferred-accesses",
    cl::desc("accesses of a block recorded together after the last of them "
             "(1: each right after it)"));

static cl::opt<bool> ClRelocatable(
    "sectorscope-relocatable-device-code",
    cl::desc("name the module descriptor and site table for a device link "
             "with other modules (default: as the compile's -fgpu-rdc)"));

static cl::opt<bool> ClLinkRuntime(
    "sectorscope-link-runtime",
    cl::desc("link the device runtime (off: leave calls to it external, for "
             "tests of the instrumentation alone)"));

namespace sectorscope {
namespace {

constexpr unsigned MinSM = 80; // redux.sync (__reduce_*_sync) needs sm_80.
/// A kernel's static shared memory may not exceed 48 KiB on any sm_80+
/// device; only dynamic shared memory may go beyond, by opting in.
constexpr uint64_t MaxStaticSharedBytes = 48 * 1024;

unsigned smOf(const Function &F) {
  StringRef CPU = F.getFnAttribute("target-cpu").getValueAsString();
  unsigned SM = 0;
  if (CPU.consume_front("sm_"))
    CPU.take_while(isDigit).getAsInteger(10, SM);
  return SM;
}

template <typename T> void overrideIfGiven(T &Field, const cl::opt<T> &Flag) {
  if (Flag.getNumOccurrences())
    Field = Flag.getValue();
}

/// Per-kernel state of the instrumented copies: the device functions cloned
/// for kernel K so far, and those still to instrument, in order of discovery.
struct KernelClones {
  explicit KernelClones(Function &K) : K(K) {}
  Function &K;
  DenseMap<Function *, Function *> Of;
  SmallVector<Function *, 8> Work;
};

struct Instrumenter {
  Instrumenter(Module &M, ModuleAnalysisManager &MAM,
               const InstrumentOptions &Opts, Reporter &Diags)
      : M(M), DL(M.getDataLayout()), MAM(MAM), Opts(Opts), Diags(Diags) {}

  bool run();

private:
  bool targetsSupportedArch(ArrayRef<Function *> Kernels);
  void declareRuntimeEntries();
  void vectorizeAccesses();
  unsigned countAccesses(ArrayRef<Function *> Reached);
  uint64_t staticSharedBytes(ArrayRef<Function *> Reached);
  bool canInstrument(Function &K);
  std::string whyNotInstrumented(Function &K);
  unsigned ignoreListLine(const Function &K) const;
  void instrumentKernel(Function &K);
  void addPlainVariants(Function &K);
  void addPlainCopy(Function &K, const char *Suffix);
  void keepOriginalBody(Function &S, ArrayRef<Function *> Callees);
  unsigned variantMaxRegisters(const Function &K) const;
  void pairGridAccesses();
  void tallyLoopAccesses();
  void callSharedSitesOutsideLoops();
  void callGridSitesOutsideLoops();
  /// Grid-mode access calls left as calls (callGridSitesOutsideLoops).
  SmallPtrSet<CallInst *, 32> CalledGridSites;
  const LoopInfo &gridLoops(Function &F);
  /// Functions whose loops gridLoops recomputed.
  SmallPtrSet<Function *, 16> FreshLoops;
  void addAddressShapes(Function &F, ArrayRef<CallInst *> Calls);
  void addGridVariant(Function &K, Function &S, ArrayRef<Function *> Callees,
                      unsigned FirstSite);
  void instrumentBlocks(ArrayRef<BasicBlock *> Blocks, bool InKernel,
                        Value *State, KernelClones &Clones);
  void callInstrumentedClone(CallBase &CB, Function &Callee, Value *State,
                             KernelClones &Clones);
  /// An access whose record waits for the next flush point.
  struct PendingAccess {
    MemoryOp Op;
    unsigned Site;
    Value *Lanes;
  };
  void flushAccesses(SmallVectorImpl<PendingAccess> &Pending,
                     Instruction &Before, Value *State);
  void insertAccess(const MemoryOp &Op, unsigned Site, Value *Lanes,
                    Value *State, Instruction &Before);
  /// A guarded inline PTX access whose record waits for the end of its
  /// function's instrumentation: its test adds blocks, and the trees the
  /// other accesses use must stay valid until then.
  struct GuardedAccess {
    MemoryOp Op;
    unsigned Site;
    Value *State;
    Instruction *Before;
  };
  SmallVector<GuardedAccess, 4> GuardedAccesses;
  bool insertGuardedAccesses();
  void insertTripSites(const WorkEstimate &Work, Value *State, Function &K);
  void insertTripSite(const Instruction &At, const Function &Of, unsigned Slots,
                      Instruction &Before, Value *State, Function &K);
  Value *arrivingLanes(BasicBlock &BB, DominatorTree &DT,
                       PostDominatorTree &PDT, LoopInfo &LI);
  bool finish();
  GlobalVariable *addSiteTable(StringRef Text);
  void declareModuleDescriptor();
  void fillModuleDescriptor(GlobalVariable &Desc, GlobalVariable &Table,
                            uint64_t TableSize);
  void inlineRuntimeCalls();
  void eraseUnusedRuntime(const StringSet<> &Defined);

  Module &M;
  const DataLayout &DL;
  ModuleAnalysisManager &MAM;
  const InstrumentOptions &Opts;
  Reporter &Diags;
  SiteTable Sites;
  SmallPtrSet<Function *, 8> KernelSet;

  FunctionCallee Enter, Access, EnterGrid, AccessGrid, AccessGridPair,
      AccessGridSharedOnce, AccessGridTally, GridTallyFlush, Trip;
  SmallVector<CallInst *, 64> EnterCalls, AccessCalls, GridAccessCalls,
      TallyCalls, TripCalls;
  SmallVector<AllocaInst *, 64> TallySlots;
};

bool Instrumenter::run() {
  if (GlobalVariable *GV =
          M.getNamedGlobal(moduleDescriptorName(M, Opts.RelocatableDeviceCode)))
    if (!GV->isDeclaration())
      return false; // Instrumented already.
  recordFunctionsSeenByBackend(M);
  SmallVector<Function *, 8> Kernels = findKernels(M);
  if (!targetsSupportedArch(Kernels))
    return false;
  declareRuntimeEntries();
  KernelSet.insert(Kernels.begin(), Kernels.end());
  vectorizeAccesses();
  for (Function *K : Kernels) {
    if (canInstrument(*K))
      instrumentKernel(*K);
    else
      addPlainVariants(*K);
  }
  for (auto [Built, Mode, Other] :
       {std::tuple(Opts.HeatmapVariants, "heatmap", "grid"),
        std::tuple(Opts.GridVariants, "grid", "heatmap")})
    if (!Built)
      Sites.addPlainMode(
          Mode, std::string("built with "
                            "-fplugin-arg-sectorscope-instrument-modes=") +
                    Other);
  if (Opts.PairAccesses)
    pairGridAccesses();
  if (Opts.InlineAccess && Opts.MaxLoopTallies)
    tallyLoopAccesses();
  if (Opts.InlineAccess && Opts.CallSharedOutsideLoops)
    callSharedSitesOutsideLoops();
  if (Opts.InlineAccess && Opts.MaxInlinedSitesOutsideLoops)
    callGridSitesOutsideLoops();
  return finish();
}

bool Instrumenter::targetsSupportedArch(ArrayRef<Function *> Kernels) {
  for (Function *K : Kernels) {
    unsigned SM = smOf(*K);
    if (SM && SM < MinSM) {
      Diags.report(DiagLevel::Error, SourcePos(),
                   "sectorscope: run-time instrumentation needs sm_80 or "
                   "newer; this device module is for sm_" +
                       std::to_string(SM),
                   "");
      return false;
    }
  }
  return true;
}

void Instrumenter::declareRuntimeEntries() {
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  Enter = M.getOrInsertFunction("__sectorscope_enter",
                                FunctionType::get(I32, false));
  EnterGrid = M.getOrInsertFunction("__sectorscope_enter_grid",
                                    Enter.getFunctionType());
  PointerType *Ptr = PointerType::get(Ctx, 0);
  Access = M.getOrInsertFunction(
      "__sectorscope_access",
      FunctionType::get(Type::getVoidTy(Ctx), {I32, Ptr, I32, I32, I32, I32},
                        false));
  AccessGrid = M.getOrInsertFunction("__sectorscope_access_grid",
                                     Access.getFunctionType());
  AccessGridPair = M.getOrInsertFunction(
      "__sectorscope_access_grid_pair",
      FunctionType::get(Type::getVoidTy(Ctx),
                        {I32, Ptr, I32, I32, I32, I32, I32, I32}, false));
  AccessGridSharedOnce =
      M.getOrInsertFunction("__sectorscope_access_grid_shared_once",
                            AccessGridPair.getFunctionType());
  AccessGridTally = M.getOrInsertFunction(
      "__sectorscope_access_grid_tally",
      FunctionType::get(Type::getVoidTy(Ctx),
                        {I32, Ptr, I32, I32, I32, I32, Ptr}, false));
  GridTallyFlush = M.getOrInsertFunction(
      "__sectorscope_grid_tally_flush",
      FunctionType::get(Type::getVoidTy(Ctx), {I32, I32, I32, Ptr}, false));
  Trip = M.getOrInsertFunction(
      "__sectorscope_trip",
      FunctionType::get(Type::getVoidTy(Ctx), {I32, I32, I32}, false));
}

/// The NVPTX backend merges adjacent scalar loads and stores into vector
/// ones (ld.v4.f32 for a float4) after the optimizer; a site per scalar
/// would count four requests where the hardware sees one, and the calls in
/// between would keep the instrumented copy from being merged at all. So the
/// same vectorizer runs first, on every function a kernel may reach; the
/// backend finds nothing left to do.
void Instrumenter::vectorizeAccesses() {
  if (!Opts.VectorizeFirst)
    return;
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function &F : M) {
    if (F.isDeclaration() || F.hasOptNone())
      continue;
    LoadStoreVectorizerPass().run(F, FAM);
    // Everything cached for F goes stale when its body is duplicated next.
    FAM.invalidate(F, PreservedAnalyses::none());
  }
}

/// K and each device function it reaches, once each, K first.
static SmallVector<Function *, 16>
reachedFunctions(Function &K, const SmallPtrSetImpl<Function *> &Kernels) {
  SmallVector<Function *, 16> Reached{&K};
  SmallPtrSet<Function *, 16> Seen{&K};
  for (size_t At = 0; At < Reached.size(); ++At)
    for (Instruction &I : instructions(*Reached[At]))
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        Function *G = CB->getCalledFunction();
        if (G && !G->isDeclaration() && !G->isIntrinsic() &&
            !Kernels.count(G) && Seen.insert(G).second)
          Reached.push_back(G);
      }
  return Reached;
}

/// The sites instrumenting `K` would add: its own accesses and those of
/// each device function it reaches, counted once, as each gets one
/// instrumented copy per kernel.
unsigned Instrumenter::countAccesses(ArrayRef<Function *> Reached) {
  unsigned N = 0;
  for (Function *F : Reached)
    for (Instruction &I : instructions(*F))
      N += memoryOps(I, DL, F == Reached.front()).size();
  return N;
}

/// Whether `V` is used, directly or through constant expressions, by an
/// instruction of one of `Fs`.
static bool usedIn(const Value &V, const SmallPtrSetImpl<Function *> &Fs) {
  for (const User *U : V.users()) {
    if (auto *I = dyn_cast<Instruction>(U)) {
      if (Fs.count(I->getFunction()))
        return true;
    } else if (isa<ConstantExpr>(U) && usedIn(*U, Fs)) {
      return true;
    }
  }
  return false;
}

/// The static shared memory of a kernel whose body is `Reached`: the
/// shared variables its functions use, laid out in module order with their
/// alignment, as ptxas does. An `extern __shared__` array has size 0: it is
/// the launch's dynamic shared memory.
uint64_t Instrumenter::staticSharedBytes(ArrayRef<Function *> Reached) {
  SmallPtrSet<Function *, 16> Fs(Reached.begin(), Reached.end());
  uint64_t Bytes = 0;
  for (GlobalVariable &GV : M.globals())
    if (GV.getAddressSpace() == 3 && usedIn(GV, Fs))
      Bytes = alignTo(Bytes, DL.getValueOrABITypeAlignment(GV.getAlign(),
                                                           GV.getValueType())) +
              DL.getTypeAllocSize(GV.getValueType());
  return Bytes;
}

/// The line of the user's ignore list that names K (its mangled or
/// demangled name, or the file it is defined in), or 0.
unsigned Instrumenter::ignoreListLine(const Function &K) const {
  if (!Opts.IgnoreList)
    return 0;
  const SpecialCaseList &L = *Opts.IgnoreList;
  if (unsigned Line = L.inSectionBlame("*", "fun", K.getName()))
    return Line;
  if (unsigned Line = L.inSectionBlame("*", "fun", demangle(K.getName().str())))
    return Line;
  if (const DISubprogram *SP = K.getSubprogram()) {
    SmallString<256> File = SP->getFilename();
    if (!sys::path::is_absolute(File)) {
      File = SP->getDirectory();
      sys::path::append(File, SP->getFilename());
    }
    if (unsigned Line = L.inSectionBlame("*", "src", File))
      return Line;
  }
  return 0;
}

/// Why K is left as compiled (listed by the user, or one that instrumenting
/// would break or bloat), or "".
std::string Instrumenter::whyNotInstrumented(Function &K) {
  if (unsigned Line = ignoreListLine(K)) {
    ++NumIgnored;
    return "listed in the ignore list (" + Opts.IgnoreListPath + ":" +
           std::to_string(Line) + ")";
  }
  SmallVector<Function *, 16> Reached = reachedFunctions(K, KernelSet);
  unsigned Max = Opts.MaxAccessesPerKernel;
  if (unsigned N = Max ? countAccesses(Reached) : 0; N > Max) {
    ++NumOverLimit;
    return std::to_string(N) + " accesses exceed the limit of " +
           std::to_string(Max) +
           " (raise it with -fplugin-arg-sectorscope-instrument-max-"
           "accesses=<n>)";
  }
  uint64_t Shared = staticSharedBytes(Reached);
  if (Opts.HeatmapVariants &&
      Shared + SS_SAMPLE_SHARED_BYTES > MaxStaticSharedBytes) {
    // ptxas would reject the sample variant, and with it the program.
    ++NumOverSharedBudget;
    return std::to_string(Shared) +
           " bytes of static shared memory leave no room for the " +
           std::to_string(SS_SAMPLE_SHARED_BYTES) +
           " the sampled block's log needs under the " +
           std::to_string(MaxStaticSharedBytes) + "-byte static limit";
  }
  return "";
}

/// A kernel left as compiled gets a remark here and a note in the report of
/// each of its launches (the L record, abi.h).
bool Instrumenter::canInstrument(Function &K) {
  std::string Reason = whyNotInstrumented(K);
  if (Reason.empty())
    return true;
  Sites.addUninstrumentedKernel(K.getName(), Reason);
  Diags.report(DiagLevel::Remark, SourcePos(),
               "sectorscope: kernel '" + demangle(K.getName().str()) +
                   "' not instrumented: " + Reason,
               "");
  return false;
}

/// The register cap of K's copies: none where K calls another unit's code.
unsigned Instrumenter::variantMaxRegisters(const Function &K) const {
  if (Opts.RelocatableDeviceCode && callsAnotherUnit(K))
    return 0;
  return Opts.VariantMaxRegisters;
}

/// The host registers a sample and a grid variant of every kernel; for a
/// kernel left uninstrumented both are plain copies of it, so that a launch
/// of either still runs the program's own code.
void Instrumenter::addPlainVariants(Function &K) {
  for (const char *Suffix : {SS_SAMPLE_KERNEL_SUFFIX, SS_GRID_KERNEL_SUFFIX})
    addPlainCopy(K, Suffix);
}

void Instrumenter::addPlainCopy(Function &K, const char *Suffix) {
  SmallVector<Function *, 1> Copies;
  cloneKernel(K, {}, (K.getName() + Suffix).str(), Copies,
              variantMaxRegisters(K));
}

/// The sample variant `S` of a build without heat-map mode
/// (instrument-modes=grid), once the grid variant is copied from it: its
/// entry always takes the original body, and the instrumented copy, the
/// entry check and the instrumented `Callees` (only S called them) go. The
/// host still registers S; launched, it runs the program's code.
void Instrumenter::keepOriginalBody(Function &S, ArrayRef<Function *> Callees) {
  SmallPtrSet<const Function *, 8> Going(Callees.begin(), Callees.end());
  Going.insert(&S);
  auto InGoing = [&](CallInst *C) { return Going.count(C->getFunction()); };
  for (auto *Calls : {&EnterCalls, &AccessCalls, &TripCalls})
    erase_if(*Calls, InGoing);
  auto *Br = cast<BranchInst>(S.getEntryBlock().getTerminator());
  auto *Cond = dyn_cast<Instruction>(Br->getCondition());
  BranchInst::Create(Br->getSuccessor(1), Br->getIterator());
  Br->eraseFromParent();
  removeUnreachableBlocks(S);
  auto *Take = Cond ? dyn_cast<Instruction>(Cond->getOperand(0)) : nullptr;
  if (Cond && Cond->use_empty())
    Cond->eraseFromParent();
  if (Take && Take->use_empty())
    Take->eraseFromParent();
  // In the order found: a clone's callees lose their last use with it.
  for (Function *C : Callees)
    if (C->use_empty())
      C->eraseFromParent();
}

void Instrumenter::instrumentKernel(Function &K) {
  ++NumKernels;
  // K stays as compiled: time mode and the launches that are not profiled
  // run the program's own code. The sampled block's path lives in
  // a copy of K, its sample variant, whose other blocks run K's original
  // instructions.
  SmallVector<Function *, 1> Copies;
  Function &S =
      *cloneKernel(K, {}, (K.getName() + SS_SAMPLE_KERNEL_SUFFIX).str(), Copies,
                   variantMaxRegisters(K));
  DuplicatedBody Body = duplicateKernelBody(S, Enter);
  for (Instruction &I : S.getEntryBlock())
    if (auto *C = dyn_cast<CallInst>(&I))
      if (C->getCalledOperand() == Enter.getCallee())
        EnterCalls.push_back(C);
  dropMemoryPromises(S);
  KernelClones Clones(K);
  // K's sites, its callees' copies' included, take the ids from here on,
  // one after another (abi.h: grid variants count from the first).
  unsigned FirstSite = Sites.size();
  instrumentBlocks(Body.Copy, /*InKernel=*/true, Body.State, Clones);
  // In order of discovery, so that site ids follow the call order.
  for (size_t I = 0; I < Clones.Work.size(); ++I) {
    Function *C = Clones.Work[I];
    SmallVector<BasicBlock *, 16> Blocks;
    for (BasicBlock &BB : *C)
      Blocks.push_back(&BB);
    // A clone's state is its last parameter (cloneDeviceFunction).
    instrumentBlocks(Blocks, /*InKernel=*/false, C->getArg(C->arg_size() - 1),
                     Clones);
  }
  if (Opts.GridVariants)
    addGridVariant(K, S, Clones.Work, FirstSite);
  else
    addPlainCopy(K, SS_GRID_KERNEL_SUFFIX);
  if (!Opts.HeatmapVariants)
    keepOriginalBody(S, Clones.Work);
}

/// Counts the site of access or trip call `C` (its first argument, a
/// constant) from `FirstSite`.
void rebaseSite(CallInst &C, unsigned FirstSite) {
  auto *Site = cast<ConstantInt>(C.getArgOperand(ArgSite));
  C.setArgOperand(ArgSite, ConstantInt::get(Site->getType(),
                                            Site->getZExtValue() - FirstSite));
}

/// The dispatch of `G` (duplicateKernelBody) always takes the instrumented
/// copy; the original body, then unreachable, goes. The entry's state still
/// reaches every access: the access returns at once on a zero state.
void keepInstrumentedBody(Function &G) {
  auto *Br = dyn_cast<BranchInst>(G.getEntryBlock().getTerminator());
  if (!Br || !Br->isConditional())
    return;
  BasicBlock *Copy = Br->getSuccessor(0);
  auto *Cond = dyn_cast<Instruction>(Br->getCondition());
  BranchInst::Create(Copy, Br->getIterator());
  Br->eraseFromParent();
  if (Cond && Cond->use_empty())
    Cond->eraseFromParent();
  removeUnreachableBlocks(G);
}

/// Grid mode's kernel for `K`: a copy of its sample variant `S`
/// and of its instrumented callees whose entry and accesses are grid mode's.
/// Same sites, their ids counted from K's first, `FirstSite` (abi.h): the
/// launch's tables then have rows for K's sites alone, not for every site
/// of the module, which a grid-mode launch would zero, stripe and read
/// back whole. S keeps only the
/// sampled block's path, so neither mode carries the other's code and
/// registers. Every block of a grid-mode launch counts, so the copy keeps
/// the instrumented body alone: S's original body, there for the blocks
/// that are not sampled, would only double what ptxas compiles.
void Instrumenter::addGridVariant(Function &K, Function &S,
                                  ArrayRef<Function *> Callees,
                                  unsigned FirstSite) {
  SmallVector<Function *, 8> Copies;
  Function &G =
      *cloneKernel(S, Callees, (K.getName() + SS_GRID_KERNEL_SUFFIX).str(),
                   Copies, variantMaxRegisters(K));
  keepInstrumentedBody(G);
  for (Function *F : Copies) {
    SmallVector<CallInst *, 16> Calls;
    for (Instruction &I : instructions(*F)) {
      auto *C = dyn_cast<CallInst>(&I);
      if (!C)
        continue;
      if (C->getCalledOperand() == Enter.getCallee()) {
        C->setCalledFunction(EnterGrid);
        EnterCalls.push_back(C);
      } else if (C->getCalledOperand() == Access.getCallee()) {
        C->setCalledFunction(AccessGrid);
        rebaseSite(*C, FirstSite);
        GridAccessCalls.push_back(C);
        Calls.push_back(C);
      } else if (C->getCalledOperand() == Trip.getCallee()) {
        rebaseSite(*C, FirstSite);
        TripCalls.push_back(C);
      }
    }
    addAddressShapes(*F, Calls);
  }
}

/// Tells grid mode's access what the pass knows of each of `Calls` (F's
/// grid-mode accesses): an address the same in every lane, or one whose
/// per-lane part comes from memory (AddressKinds.h), in op_space's shape
/// bits (abi.h ss_shape). Only with the target's divergence model: without
/// one (no NVPTX target) every value would look uniform.
void Instrumenter::addAddressShapes(Function &F, ArrayRef<CallInst *> Calls) {
  if (Calls.empty())
    return;
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  FAM.invalidate(F, PreservedAnalyses::none());
  if (!FAM.getResult<TargetIRAnalysis>(F).hasBranchDivergence(&F))
    return;
  UniformityInfo &UI = FAM.getResult<UniformityInfoAnalysis>(F);
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  for (CallInst *C : Calls) {
    uint32_t Shape = SS_SHAPE_ANY, StrideByte = 0;
    AddressShape A = addressShape(C->getArgOperand(ArgAddress), C, UI, LI);
    // Lanes a known stride apart, which fits the stride byte; a gather's
    // too, where its loaded part is one across the warp (ptr[row] + lane).
    if (Opts.LaneStrides && A.LaneStride && *A.LaneStride >= INT8_MIN &&
        *A.LaneStride <= INT8_MAX) {
      Shape = SS_SHAPE_LANE_STRIDE;
      StrideByte = uint8_t(*A.LaneStride);
      ++NumLaneStrideAccesses;
    } else {
      switch (A.Kind) {
      case AddressKind::Uniform:
        Shape = SS_SHAPE_UNIFORM;
        ++NumUniformAccesses;
        break;
      case AddressKind::RowUniform:
        Shape = SS_SHAPE_ROW_UNIFORM;
        ++NumRowUniformAccesses;
        break;
      case AddressKind::DataDependent:
        Shape = SS_SHAPE_GATHER;
        ++NumGatherAccesses;
        break;
      case AddressKind::Other:
        continue;
      }
    }
    auto *OpSpace = cast<ConstantInt>(C->getArgOperand(ArgOpSpace));
    C->setArgOperand(ArgOpSpace,
                     ConstantInt::get(OpSpace->getType(),
                                      OpSpace->getZExtValue() |
                                          (Shape << SS_SHAPE_SHIFT) |
                                          (StrideByte << SS_STRIDE_SHIFT)));
  }
}

/// One call for each pair findAccessPairs finds: the pair entry takes both
/// sites, with the first's address and lanes (the second's are the same).
void Instrumenter::pairGridAccesses() {
  SmallVector<AccessPair, 16> Pairs = findAccessPairs(GridAccessCalls);
  if (Pairs.empty())
    return;
  DenseMap<CallInst *, CallInst *> PairOf;
  for (auto [First, Second] : Pairs) {
    IRBuilder<> B(First);
    SmallVector<Value *, 8> Args(First->args());
    Args.push_back(Second->getArgOperand(ArgSite));
    Args.push_back(Second->getArgOperand(ArgOpSpace));
    CallInst *Pair = B.CreateCall(AccessGridPair, Args);
    Pair->setDebugLoc(First->getDebugLoc());
    PairOf[First] = Pair;
    PairOf[Second] = nullptr;
    ++NumPairedAccesses;
  }
  // The pair takes the first's place in the list, the second leaves it.
  SmallVector<CallInst *, 64> Calls;
  for (CallInst *C : GridAccessCalls) {
    auto It = PairOf.find(C);
    if (It == PairOf.end()) {
      Calls.push_back(C);
      continue;
    }
    if (It->second)
      Calls.push_back(It->second);
    SmallVector<Value *, 6> Operands(C->args());
    C->eraseFromParent();
    // The second's own lanes and address cast have no other use; reading
    // the lanes is convergent, so it is not trivially dead.
    for (Value *V : Operands) {
      if (isActiveMask(V) && V->use_empty())
        cast<Instruction>(V)->eraseFromParent();
      else
        RecursivelyDeleteTriviallyDeadInstructions(V);
    }
  }
  GridAccessCalls = std::move(Calls);
}

/// Sums the counts of sites in loops in registers (LoopTallies.h), in the
/// functions whose short paths are inlined: a tally reached through a call
/// would live in memory.
void Instrumenter::tallyLoopAccesses() {
  MapVector<Function *, SmallVector<CallInst *, 16>> ByFunction;
  for (CallInst *C : GridAccessCalls)
    ByFunction[C->getFunction()].push_back(C);
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  SmallPtrSet<CallInst *, 32> Replaced;
  for (auto &[F, Calls] : ByFunction) {
    if (Opts.MaxInlinedSites && Calls.size() > Opts.MaxInlinedSites)
      continue;
    SmallVector<CallInst *, 16> Singles;
    for (CallInst *C : Calls)
      if (C->getCalledOperand() == AccessGrid.getCallee())
        Singles.push_back(C);
    FAM.invalidate(*F, PreservedAnalyses::none());
    LoopTallies T =
        addLoopTallies(*F, Singles, FAM.getResult<LoopAnalysis>(*F),
                       AccessGridTally, GridTallyFlush, Opts.MaxLoopTallies);
    NumTalliedAccesses += T.Replaced.size();
    Replaced.insert(T.Replaced.begin(), T.Replaced.end());
    TallyCalls.append(T.Calls);
    TallySlots.append(T.Slots);
  }
  erase_if(GridAccessCalls, [&](CallInst *C) { return Replaced.count(C); });
  for (CallInst *C : Replaced)
    C->eraseFromParent();
}

/// Grid mode's shared sites outside loops test the state inline and count
/// out of line (SharedSitesOnce.h).
void Instrumenter::callSharedSitesOutsideLoops() {
  NumSharedSitesOnce += callSharedSitesOnce(
      GridAccessCalls, AccessGrid, AccessGridPair, AccessGridSharedOnce,
      [&](Function &F) -> const LoopInfo & { return gridLoops(F); });
}

/// `F`'s loops once the grid variant's rewrites are done: analyses from
/// before the tallies' flush blocks and the pairs are stale, so the first
/// question about `F` recomputes them (later rewrites replace calls, not
/// blocks).
const LoopInfo &Instrumenter::gridLoops(Function &F) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  if (FreshLoops.insert(&F).second)
    FAM.invalidate(F, PreservedAnalyses::none());
  return FAM.getResult<LoopAnalysis>(F);
}

/// Where the recording of the accesses before `I` in its block can wait no
/// longer: the block's end, or a call that may sync the warp, write memory
/// or not return. An access's record needs only its address and lanes, so
/// it can follow the access; recorded right before it, each access waited
/// for the previous loads to land (a call's callee may use every scoreboard)
/// and a loop's unrolled loads no longer overlapped.
bool endsDeferral(const Instruction &I) {
  if (I.isTerminator())
    return true;
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return false;
  if (isa<DbgInfoIntrinsic>(CB) || isa<MemIntrinsic>(CB))
    return false;
  Function *G = CB->getCalledFunction();
  return !G || !G->isIntrinsic() || CB->isConvergent() ||
         !CB->onlyReadsMemory() || !CB->willReturn();
}

void Instrumenter::instrumentBlocks(ArrayRef<BasicBlock *> Blocks,
                                    bool InKernel, Value *State,
                                    KernelClones &Clones) {
  Function &K = Clones.K;
  SmallVector<Instruction *, 64> Insts;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      Insts.push_back(&I);
  // Instrumentation inserts calls only, so the trees stay valid throughout.
  Function &F = *Blocks.front()->getParent();
  DominatorTree DT(F);
  PostDominatorTree PDT(F);
  DenseMap<BasicBlock *, Value *> Lanes;
  // The copy was just made: nothing cached for F is current.
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  FAM.invalidate(F, PreservedAnalyses::none());
  AAResults &AA = FAM.getResult<AAManager>(F);
  DenseMap<const Instruction *, unsigned> Mlp =
      loadParallelism(Blocks, DL, InKernel, AA, LoadKind::Memory);
  for (auto [I, N] :
       loadParallelism(Blocks, DL, InKernel, AA, LoadKind::Shared))
    Mlp[I] = N;
  // The sites, for their work. The loop below classifies each access again
  // where it records it: a pointer an access uses may by then come from a
  // call that callInstrumentedClone replaced, so operands found here must
  // not be kept.
  WorkEstimate Work;
  {
    SmallPtrSet<const Instruction *, 32> SiteInsts;
    for (Instruction *I : Insts)
      if (!memoryOps(*I, DL, InKernel).empty())
        SiteInsts.insert(I);
    Work = siteWork(Blocks, SiteInsts, FAM.getResult<LoopAnalysis>(F),
                    FAM.getResult<ScalarEvolutionAnalysis>(F));
  }
  // Ballots and phis only: the control flow, and so the trees, stay.
  LaneMasks Masks;
  if (Opts.ExplicitLanes) {
    LoopInfo LI(DT);
    Masks = laneMasks(Blocks, DT, PDT, LI);
    for (auto [BB, Mask] : Masks.Of)
      Lanes[BB] = Mask;
  }
  SmallVector<PendingAccess, 8> Pending;
  for (Instruction *I : Insts) {
    if (!Pending.empty() &&
        (endsDeferral(*I) || Pending.size() >= Opts.MaxDeferredAccesses))
      flushAccesses(Pending, *I, State);
    if (auto *CB = dyn_cast<CallBase>(I)) {
      Function *G = CB->getCalledFunction();
      // The lanes that make the call run its callee's body together.
      if (auto It = Work.TripCalls.find(I); It != Work.TripCalls.end())
        insertTripSite(*I, *I->getFunction(), It->second, *I, State, K);
      if (G && !G->isDeclaration() && !G->isIntrinsic() &&
          !KernelSet.count(G)) {
        callInstrumentedClone(*CB, *G, State, Clones);
        continue;
      }
      if (auto Kind = classifyUninstrumented(*I)) {
        Sites.countUninstrumented(K.getName(), *Kind);
        ++NumUninstrumented;
        continue;
      }
    }
    for (const MemoryOp &Op : memoryOps(*I, DL, InKernel)) {
      unsigned Site = Sites.add(K.getName(), Op, *I->getFunction(),
                                Mlp.lookup(I), Work.OfSite.lookup(I));
      auto [It, New] = Lanes.try_emplace(I->getParent(), nullptr);
      if (New)
        It->second = arrivingLanes(*I->getParent(), DT, PDT,
                                   FAM.getResult<LoopAnalysis>(F));
      // A guarded statement's lanes are those its test lets through, read
      // under the same test.
      Pending.push_back({Op, Site, Op.Guard ? nullptr : It->second});
      if (Op.Op == SS_OP_LOAD)
        ++NumLoads;
      else if (Op.Op == SS_OP_STORE)
        ++NumStores;
      else
        ++NumAtomics;
    }
  }
  eraseUnusedLaneMasks(Masks);
  insertTripSites(Work, State, K);
  // The guards' tests add blocks: what was cached for F no longer holds.
  if (insertGuardedAccesses())
    FAM.invalidate(F, PreservedAnalyses::none());
}

/// Records each guarded access under its statement's own test, `if (guard
/// != 0)` (or `== 0`): the runtime then sees the lanes the statement serves
/// and no other. Returns whether there were any.
bool Instrumenter::insertGuardedAccesses() {
  for (GuardedAccess &G : GuardedAccesses) {
    IRBuilder<> B(G.Before);
    Value *Zero = ConstantInt::get(G.Op.Guard->getType(), 0);
    Value *Runs = G.Op.GuardWhenZero ? B.CreateICmpEQ(G.Op.Guard, Zero)
                                     : B.CreateICmpNE(G.Op.Guard, Zero);
    Instruction *Then = SplitBlockAndInsertIfThen(Runs, G.Before, false);
    MemoryOp Op = G.Op;
    Op.Guard = nullptr;
    insertAccess(Op, G.Site, /*Lanes=*/nullptr, G.State, *Then);
    ++NumGuardedAccesses;
  }
  bool Any = !GuardedAccesses.empty();
  GuardedAccesses.clear();
  return Any;
}

/// A trip site at the head of each of `Work`'s trip loops: the lanes
/// present there make the trip together. Its line is the loop's.
void Instrumenter::insertTripSites(const WorkEstimate &Work, Value *State,
                                   Function &K) {
  for (auto [Header, Slots] : Work.TripLoops)
    insertTripSite(*Header->getTerminator(), *Header->getParent(), Slots,
                   *Header->getFirstInsertionPt(), State, K);
}

/// A trip site of `Slots` slots a run, before `Before`, with `At`'s line
/// and `Of`'s name (the function of the loop or call).
void Instrumenter::insertTripSite(const Instruction &At, const Function &Of,
                                  unsigned Slots, Instruction &Before,
                                  Value *State, Function &K) {
  MemoryOp Op;
  Op.I = const_cast<Instruction *>(&At);
  Op.Op = SS_OP_TRIP;
  Op.Space = SS_SPACE_GLOBAL;
  unsigned Site = Sites.add(K.getName(), Op, Of, /*Mlp=*/0, Slots);
  IRBuilder<> B(&Before);
  B.SetCurrentDebugLocation(At.getDebugLoc());
  Value *Lanes = B.CreateIntrinsic(Intrinsic::nvvm_activemask, {}, {});
  TripCalls.push_back(B.CreateCall(Trip, {B.getInt32(Site), Lanes, State}));
  ++NumTripSites;
}

/// Records `Pending`'s accesses, in program order, before `Before`.
void Instrumenter::flushAccesses(SmallVectorImpl<PendingAccess> &Pending,
                                 Instruction &Before, Value *State) {
  for (const PendingAccess &A : Pending)
    insertAccess(A.Op, A.Site, A.Lanes, State, Before);
  Pending.clear();
}

/// The instrumented path calls instrumented copies; the original path keeps
/// calling the originals.
void Instrumenter::callInstrumentedClone(CallBase &CB, Function &Callee,
                                         Value *State, KernelClones &Clones) {
  Function *&C = Clones.Of[&Callee];
  if (!C) {
    C = cloneDeviceFunction(Callee, ".sectorscope." + Clones.K.getName().str());
    dropMemoryPromises(*C);
    Clones.Work.push_back(C);
    ++NumClonedFunctions;
  }
  dropMemoryPromises(*callClone(CB, *C, State));
}

/// Whether every lane that runs `D`'s branch runs `BB` (which it dominates
/// and which post-dominates it) before it can run `D` again: both in one
/// loop, and no way round that loop or out of it from `D` that misses `BB`.
static bool reachedBeforeRepeating(BasicBlock &D, BasicBlock &BB,
                                   const DominatorTree &DT,
                                   const LoopInfo &LI) {
  Loop *L = LI.getLoopFor(&BB);
  if (LI.getLoopFor(&D) != L)
    return false;
  if (!L)
    return true;
  SmallVector<BasicBlock *, 4> Blocks;
  L->getLoopLatches(Blocks);
  for (BasicBlock *Latch : Blocks)
    if (!DT.dominates(&BB, Latch))
      return false;
  Blocks.clear();
  L->getExitingBlocks(Blocks);
  for (BasicBlock *Exiting : Blocks)
    if (!DT.dominates(Exiting, &D) && !DT.dominates(&BB, Exiting))
      return false;
  return true;
}

/// In the plain program ptxas reconverges a warp where divergent paths
/// rejoin, so an access after a divergent loop (spmv's `y[row] = sum`) is one
/// request per warp. In the instrumented copy the runtime's warp-synchronous
/// code keeps ptxas from doing the same, and __activemask() at the access
/// would see each group of lanes that left the loop together as a request of
/// its own (8.8 requests per warp where Nsight Compute counts 1); nor does a
/// __syncwarp() make the lanes run the next instructions together. So where a
/// block closes the region a branch above it opened, the lanes active at
/// that branch are captured and handed to the runtime: they all get to the
/// block (it post-dominates the branch), and the runtime's match.any.sync on
/// that mask waits for every one of them, so the request is counted as the
/// plain program issues it. The branch is the nearest dominator in the
/// block's own loop: one inside a loop the block follows runs once per trip
/// and its lanes differ from trip to trip (the lanes that leave a do-while
/// at its first trip would wait for a mask the later leavers never give;
/// with a __syncthreads() after the loop, as in a lock-based tree build,
/// the block hangs). Returns null elsewhere.
Value *Instrumenter::arrivingLanes(BasicBlock &BB, DominatorTree &DT,
                                   PostDominatorTree &PDT, LoopInfo &LI) {
  DomTreeNode *N = DT.getNode(&BB);
  if (!N || !N->getIDom())
    return nullptr;
  N = N->getIDom();
  Loop *L = LI.getLoopFor(&BB);
  // Up and out of the loops that BB follows.
  while (N && LI.getLoopFor(N->getBlock()) != L &&
         (!L || L->contains(LI.getLoopFor(N->getBlock()))))
    N = N->getIDom();
  if (!N)
    return nullptr;
  BasicBlock *D = N->getBlock();
  if (D->getTerminator()->getNumSuccessors() < 2 || !PDT.dominates(&BB, D) ||
      !reachedBeforeRepeating(*D, BB, DT, LI))
    return nullptr;
  IRBuilder<> AtBranch(D->getTerminator());
  ++NumReconverged;
  return AtBranch.CreateIntrinsic(Intrinsic::nvvm_activemask, {}, {});
}

void Instrumenter::insertAccess(const MemoryOp &Op, unsigned Site, Value *Lanes,
                                Value *State, Instruction &Before) {
  if (Op.Guard) {
    GuardedAccesses.push_back({Op, Site, State, &Before});
    return;
  }
  IRBuilder<> B(&Before);
  DebugLoc Loc = Op.I->getDebugLoc();
  if (!Loc)
    if (DISubprogram *SP = Op.I->getFunction()->getSubprogram())
      Loc = DILocation::get(M.getContext(), 0, 0, SP);
  B.SetCurrentDebugLocation(Loc);
  Value *P = Op.Ptr;
  if (P->getType()->getPointerAddressSpace() != 0)
    P = B.CreateAddrSpaceCast(P, B.getPtrTy(0));
  if (Op.Offset)
    P = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), P, Op.Offset);
  // The lanes here, read at the site: one out-of-line function serves every
  // site, and the hardware may run lanes that called it from different sites
  // (the two sides of a divergent branch) or iterations together, so the
  // function's own __activemask() could mix requests.
  if (!Lanes)
    Lanes = B.CreateIntrinsic(Intrinsic::nvvm_activemask, {}, {});
  AccessCalls.push_back(
      B.CreateCall(Access, {B.getInt32(Site), P, B.getInt32(Op.Width),
                            B.getInt32(Op.Op | (Op.Space << SS_SPACE_SHIFT)),
                            Lanes, State}));
}

/// Links the runtime, fills the module descriptor and inlines.
bool Instrumenter::finish() {
  std::string Text = Sites.text();
  GlobalVariable *Table = addSiteTable(Text);
  StringSet<> Defined;
  if (!Opts.LinkRuntime) {
    declareModuleDescriptor();
  } else {
    std::string Path = Opts.DeviceRuntimePath.empty()
                           ? defaultDeviceRuntimePath()
                           : Opts.DeviceRuntimePath;
    std::string Err = linkDeviceRuntime(M, Path, Defined);
    if (!Err.empty()) {
      Diags.report(DiagLevel::Error, SourcePos(), "sectorscope: " + Err, "");
      return true;
    }
  }
  GlobalVariable *Desc = M.getNamedGlobal("__sectorscope_module");
  if (!Desc) {
    Diags.report(DiagLevel::Error, SourcePos(),
                 "sectorscope: the device runtime defines no "
                 "__sectorscope_module",
                 "");
    return true;
  }
  fillModuleDescriptor(*Desc, *Table, Text.size());
  // Every user refers to the variable, not its name: the runtime's code
  // follows the rename.
  Desc->setName(moduleDescriptorName(M, Opts.RelocatableDeviceCode));
  if (!Opts.LinkRuntime)
    return true;
  inlineRuntimeCalls();
  eraseUnusedRuntime(Defined);
  return true;
}

GlobalVariable *Instrumenter::addSiteTable(StringRef Text) {
  LLVMContext &Ctx = M.getContext();
  auto *Data = ConstantDataArray::getString(Ctx, Text, /*AddNull=*/true);
  auto *Table = new GlobalVariable(
      M, Data->getType(), /*isConstant=*/true, GlobalValue::InternalLinkage,
      Data, siteTableName(M, Opts.RelocatableDeviceCode), nullptr,
      GlobalVariable::NotThreadLocal, /*AddressSpace=*/1);
  Table->setAlignment(Align(8));
  return Table;
}

/// Tests of the instrumentation alone link no runtime: the descriptor is
/// declared here so that its initializer is visible.
void Instrumenter::declareModuleDescriptor() {
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx), *I32 = Type::getInt32Ty(Ctx);
  auto *Config = ArrayType::get(Type::getInt8Ty(Ctx), sizeof(ss_launch_header));
  auto *STy = StructType::get(Ctx, {I32, I32, I64, I64, I64, Config});
  new GlobalVariable(M, STy, false, GlobalValue::ExternalLinkage, nullptr,
                     "__sectorscope_module", nullptr,
                     GlobalVariable::NotThreadLocal, /*constant*/ 4);
}

void Instrumenter::fillModuleDescriptor(GlobalVariable &Desc,
                                        GlobalVariable &Table,
                                        uint64_t TableSize) {
  LLVMContext &Ctx = M.getContext();
  auto *STy = cast<StructType>(Desc.getValueType());
  Type *I32 = STy->getElementType(0), *I64 = STy->getElementType(2);
  // A generic address: the host reads the table with cudaMemcpy.
  Constant *TableAddr = ConstantExpr::getPtrToInt(
      ConstantExpr::getAddrSpaceCast(&Table, PointerType::get(Ctx, 0)), I64);
  Desc.setInitializer(ConstantStruct::get(
      STy, {ConstantInt::get(I32, SS_ABI_VERSION),
            ConstantInt::get(I32, Sites.size()), TableAddr,
            ConstantInt::get(I64, TableSize), ConstantInt::get(I64, 0),
            Constant::getNullValue(STy->getElementType(5))}));
  // The host writes `launch` and `config` between launches.
  Desc.setExternallyInitialized(true);
  Desc.setConstant(false);
}

/// Grid mode's global, local and generic sites outside every loop of a
/// function that has more of them than MaxInlinedSitesOutsideLoops stay
/// calls (CalledGridSites): each runs once a thread, so a call costs its
/// warp a little time and saves the code its inlined short path would add.
void Instrumenter::callGridSitesOutsideLoops() {
  MapVector<Function *, SmallVector<CallInst *, 16>> Straight;
  for (CallInst *C : GridAccessCalls) {
    if (C->getCalledOperand() != AccessGrid.getCallee() &&
        C->getCalledOperand() != AccessGridPair.getCallee())
      continue;
    Function &F = *C->getFunction();
    if (!gridLoops(F).getLoopFor(C->getParent()))
      Straight[&F].push_back(C);
  }
  for (auto &[F, Calls] : Straight)
    if (Calls.size() > Opts.MaxInlinedSitesOutsideLoops) {
      CalledGridSites.insert(Calls.begin(), Calls.end());
      NumGridSitesCalled += Calls.size();
    }
}

/// No inliner runs after the optimizer's last extension point: inlines the
/// entry check everywhere and, where asked, the heat-map access and grid
/// mode's short paths (up to MaxInlinedSites of a mode a function).
void Instrumenter::inlineRuntimeCalls() {
  // A trip is a few instructions: inlined always.
  for (auto *Calls : {&EnterCalls, &TripCalls})
    for (CallInst *C : *Calls) {
      InlineFunctionInfo IFI;
      InlineFunction(*C, IFI);
    }
  if (!Opts.InlineAccess)
    return;
  for (auto *Calls : {&AccessCalls, &GridAccessCalls}) {
    DenseMap<Function *, unsigned> Sites;
    for (CallInst *C : *Calls)
      ++Sites[C->getFunction()];
    for (CallInst *C : *Calls) {
      if ((Opts.MaxInlinedSites &&
           Sites[C->getFunction()] > Opts.MaxInlinedSites) ||
          CalledGridSites.contains(C))
        continue;
      InlineFunctionInfo IFI;
      InlineFunction(*C, IFI);
    }
  }
  for (CallInst *C : TallyCalls) {
    InlineFunctionInfo IFI;
    InlineFunction(*C, IFI);
  }
  // The tallies' slots become registers; one that is not (a runtime built
  // without inlining) stays correct in local memory.
  MapVector<Function *, std::vector<AllocaInst *>> Promotable;
  for (AllocaInst *A : TallySlots)
    if (isAllocaPromotable(A))
      Promotable[A->getFunction()].push_back(A);
  for (auto &[F, Slots] : Promotable) {
    DominatorTree DT(*F);
    PromoteMemToReg(Slots, DT);
  }
}

/// Runtime helpers nothing calls any more would still reach the PTX.
void Instrumenter::eraseUnusedRuntime(const StringSet<> &Defined) {
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (Function &F : make_early_inc_range(M))
      if (F.hasLocalLinkage() && F.use_empty() &&
          Defined.contains(F.getName())) {
        F.eraseFromParent();
        Changed = true;
      }
  }
}

} // namespace

InstrumentPass::InstrumentPass(const InstrumentOptions &Options,
                               Reporter &Diags)
    : Opts(Options), Diags(Diags) {
  overrideIfGiven(Opts.DeviceRuntimePath, ClDeviceRuntime);
  overrideIfGiven(Opts.InlineAccess, ClInlineAccess);
  overrideIfGiven(Opts.PairAccesses, ClPairAccesses);
  overrideIfGiven(Opts.LaneStrides, ClLaneStrides);
  overrideIfGiven(Opts.VectorizeFirst, ClVectorizeFirst);
  overrideIfGiven(Opts.ExplicitLanes, ClExplicitLanes);
  overrideIfGiven(Opts.LinkRuntime, ClLinkRuntime);
  overrideIfGiven(Opts.MaxDeferredAccesses, ClMaxDeferredAccesses);
  overrideIfGiven(Opts.MaxInlinedSites, ClMaxInlinedSites);
  overrideIfGiven(Opts.MaxInlinedSitesOutsideLoops,
                  ClMaxInlinedSitesOutsideLoops);
  overrideIfGiven(Opts.VariantMaxRegisters, ClVariantMaxRegisters);
  overrideIfGiven(Opts.MaxLoopTallies, ClMaxLoopTallies);
  overrideIfGiven(Opts.CallSharedOutsideLoops, ClCallSharedOutsideLoops);
  overrideIfGiven(Opts.RelocatableDeviceCode, ClRelocatable);
}

PreservedAnalyses InstrumentPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (!Instrumenter(M, MAM, Opts, Diags).run())
    return PreservedAnalyses::all();
  return PreservedAnalyses::none();
}

} // namespace sectorscope
