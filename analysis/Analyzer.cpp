//===- Analyzer.cpp - Compile-time global-memory access analyzer ----------===//
//
// Runs over the kernels of a device module after inlining, builds the
// address facts of every global load, store and atomic (AccessAffine), applies
// the rules (Rules) and reports each finding once per source location, as a
// clang diagnostic and optionally in SARIF (Sarif).
//
// At -O0 every function is optnone and nothing is inlined or promoted to
// SSA, so the addresses are loads of allocas. The analyzer then works on a
// clone of the module that it optimizes itself (optnone stripped, helpers
// marked always-inline, the default O2 pipeline); the real module is never
// changed. The same clone serves kernels that call __noinline__ helpers:
// inlined, a helper's accesses are seen with the caller's arguments. Other
// modules at -O1 and above are analyzed in place: no clone, and only
// analyses (SCEV, dominators) that the pipeline computes anyway.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analyzer.h"

#include "analysis/AccessAffine.h"
#include "analysis/AccessSite.h"
#include "analysis/Expectations.h"
#include "analysis/Reporting.h"
#include "analysis/Rules.h"
#include "analysis/Sarif.h"
#include "analysis/SourceNames.h"
#include "analysis/WarpExchange.h"
#include "common/PartitionModel.h"
#include "support/TimedRegion.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <vector>

#define DEBUG_TYPE "sectorscope-analyzer"

using namespace llvm;

STATISTIC(NumKernels, "Kernels analyzed");
STATISTIC(NumAccesses, "Global accesses analyzed");
STATISTIC(NumUnknown, "Global accesses whose address is not affine");

namespace sectorscope {
namespace {

// Whether `Members` (sorted by offset) leave no byte between the first's
// start and the last's end uncovered.
bool coversWithoutGaps(const std::vector<AccessFacts> &All,
                       ArrayRef<unsigned> Members) {
  int64_t Reached = All[Members.front()].Addr.constantTerm();
  for (unsigned K : Members) {
    if (All[K].Addr.constantTerm() > Reached)
      return false;
    Reached = std::max<int64_t>(Reached, All[K].Addr.constantTerm() +
                                             int64_t(All[K].Width));
  }
  return true;
}

// The widest vector access (ld.v4.f32, ld.v2.f64), and the widest chunk of
// a lane whose pieces the finding calls one chunk (8 doubles); a chunk wider
// than a vector is one only in whole vectors (a 20-byte struct is an array
// of structures, whose fix is another layout).
constexpr int64_t MaxVectorBytes = 16, MaxChunkBytes = 64;

// The key of the pieces one lane's vector slot may be made of: the same
// operation, lane stride and address but for its constant; with the block
// when `SameBlock` (what the backend can glue into one access). None for an
// access that cannot be such a piece.
std::optional<std::string> pieceKey(const AccessFacts &A,
                                    const AccessAnalyzer &AA, bool SameBlock) {
  if (A.Addr.Unknown || A.Stride != AccessFacts::StrideKind::Constant ||
      A.Op == AccessOp::Atomic || A.LaneStride <= int64_t(A.Width) ||
      A.LaneStride > MaxChunkBytes ||
      (A.LaneStride > MaxVectorBytes && A.LaneStride % MaxVectorBytes != 0) ||
      !isa<LoadInst, StoreInst>(A.I))
    return std::nullopt;
  Poly Rest = A.Addr;
  Rest.Terms.erase(Monomial());
  std::string Block =
      SameBlock ? std::to_string(uintptr_t(A.I->getParent())) : "";
  return Block + "|" + opName(A.Op) + "|" + std::to_string(A.LaneStride) + "|" +
         AA.text(Rest);
}

// The bytes past the first member's start that `Members` (sorted by offset)
// reach.
int64_t spanOf(const std::vector<AccessFacts> &All,
               ArrayRef<unsigned> Members) {
  int64_t Start = All[Members.front()].Addr.constantTerm(), End = Start;
  for (unsigned K : Members)
    End = std::max<int64_t>(End,
                            All[K].Addr.constantTerm() + int64_t(All[K].Width));
  return End - Start;
}

using PieceGroups = std::map<std::string, SmallVector<unsigned, 4>>;

// Groups of two or more accesses by pieceKey and lane slot, each sorted by
// offset. One key's accesses may fill several slots of the lane stride (an
// unrolled radix-2 step reads x[2*t], x[2*t + 1], then the same 128
// elements on): a slot starts at the first offset a slot before it does not
// reach.
PieceGroups pieceGroups(const std::vector<AccessFacts> &All,
                        const AccessAnalyzer &AA, bool SameBlock,
                        function_ref<bool(unsigned)> Eligible) {
  PieceGroups ByKey;
  for (unsigned K = 0; K < All.size(); ++K)
    if (Eligible(K))
      if (std::optional<std::string> Key = pieceKey(All[K], AA, SameBlock))
        ByKey[*Key].push_back(K);
  PieceGroups Groups;
  for (auto &[Key, Members] : ByKey) {
    llvm::stable_sort(Members, [&](unsigned X, unsigned Y) {
      return All[X].Addr.constantTerm() < All[Y].Addr.constantTerm();
    });
    int64_t Slot = All[Members.front()].LaneStride;
    int64_t Start = All[Members.front()].Addr.constantTerm();
    unsigned N = 0;
    for (unsigned K : Members) {
      if (All[K].Addr.constantTerm() >= Start + Slot) {
        Start = All[K].Addr.constantTerm();
        ++N;
      }
      Groups[Key + "#" + std::to_string(N)].push_back(K);
    }
  }
  for (auto It = Groups.begin(); It != Groups.end();)
    It = It->second.size() < 2 ? Groups.erase(It) : std::next(It);
  return Groups;
}

// Pieces of one vector: SROA splits `float4 v = b[i]` into four float loads
// 16 bytes apart, which the NVPTX backend's load/store vectorizer glues back
// into one ld.v4 when the first piece is 16-byte aligned (a lone piece, like
// `p[i].x` of a float4 array, stays a strided field access). Such a group is
// one access of the whole vector's width, not four strided ones. Returns, per
// access, the index of the group's leader (itself when not merged) and
// updates the leaders' widths; a group that covers each lane's bytes without
// that alignment stays apart, its accesses marked PieceOfLaneChunk.
SmallVector<unsigned, 16> mergeVectorPieces(std::vector<AccessFacts> &All,
                                            const AccessAnalyzer &AA) {
  SmallVector<unsigned, 16> Leader(All.size());
  for (unsigned K = 0; K < All.size(); ++K)
    Leader[K] = K;
  for (auto &[Key, Members] : pieceGroups(All, AA, /*SameBlock=*/true,
                                          [](unsigned) { return true; })) {
    const AccessFacts &First = All[Members.front()];
    int64_t S = First.LaneStride;
    Align A = isa<LoadInst>(First.I) ? cast<LoadInst>(First.I)->getAlign()
                                     : cast<StoreInst>(First.I)->getAlign();
    // Two or more pieces inside one naturally aligned vector-sized slot:
    // the source accessed a vector or aligned struct (a uchar4 whose y and w
    // the optimizer found unchanged loses those bytes, not its width).
    int64_t Span = spanOf(All, Members);
    if (Span > S)
      continue;
    if (int64_t(A.value()) < S || S > MaxVectorBytes) {
      // Not merged, but when the pieces cover the whole slot the finding
      // says so: the warp's sectors are fetched once.
      if (Span == S && coversWithoutGaps(All, Members))
        for (unsigned K : Members)
          All[K].PieceOfLaneChunk = true;
      continue;
    }
    All[Members.front()].Width = uint64_t(S);
    for (unsigned K : Members)
      Leader[K] = Members.front();
  }
  return Leader;
}

// Pieces each under its own guard (`if (2*t + 1 < n) a[2*t + 1] = y;`, an
// unrolled chunk with bounds checks) sit in blocks of their own, which no
// backend glues together; when one run of the kernel can reach them all and
// they cover the lane's slot, the finding says so as for pieces in one block.
// Pieces on exclusive branches (if / else) are not one chunk, inside a loop
// either: a path between them must not go round the loop.
void markGuardedPieces(std::vector<AccessFacts> &All, ArrayRef<unsigned> Leader,
                       const AccessAnalyzer &AA, const DominatorTree &DT,
                       const LoopInfo &LI) {
  auto Eligible = [&](unsigned K) {
    return Leader[K] == K && !All[K].PieceOfLaneChunk;
  };
  auto OneTrip = [&](const Instruction *From, const Instruction *To) {
    SmallPtrSet<BasicBlock *, 1> Header;
    if (const Loop *L = LI.getLoopFor(From->getParent()))
      if (L->getHeader() != From->getParent())
        Header.insert(L->getHeader());
    return isPotentiallyReachable(From, To, &Header, &DT);
  };
  for (auto &[Key, Members] :
       pieceGroups(All, AA, /*SameBlock=*/false, Eligible)) {
    if (spanOf(All, Members) != All[Members.front()].LaneStride ||
        !coversWithoutGaps(All, Members))
      continue;
    bool OnePath = true, SeveralBlocks = false;
    for (unsigned X : Members)
      for (unsigned Y : Members) {
        const Instruction *IX = All[X].I, *IY = All[Y].I;
        SeveralBlocks |= IX->getParent() != IY->getParent();
        if (X < Y && !OneTrip(IX, IY) && !OneTrip(IY, IX))
          OnePath = false;
      }
    if (OnePath && SeveralBlocks)
      for (unsigned K : Members)
        All[K].PieceOfLaneChunk = true;
  }
}

/// The global accesses of a kernel whose address is known, and whether it
/// reads the block indices or grid sizes.
struct KernelAccesses {
  std::vector<AccessFacts> All;
  bool MultiBlock = false; ///< Reads blockIdx or gridDim.
  bool UsesCtaX = false;   ///< Reads blockIdx.x.
};

KernelAccesses collectAccesses(Function &F, AccessAnalyzer &AA) {
  KernelAccesses Acc;
  for (Instruction &I : instructions(F)) {
    if (auto *II = dyn_cast<IntrinsicInst>(&I))
      switch (II->getIntrinsicID()) {
      case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
        Acc.UsesCtaX = Acc.MultiBlock = true;
        break;
      case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
      case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
      case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
      case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
      case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
        Acc.MultiBlock = true;
        break;
      default:
        break;
      }
    if (!isa<LoadInst>(I) && !isa<StoreInst>(I) && !isa<AtomicRMWInst>(I) &&
        !isa<AtomicCmpXchgInst>(I) && !isa<CallBase>(I))
      continue;
    SmallVector<AccessFacts, 2> Facts;
    AA.analyze(I, Facts);
    for (AccessFacts &A : Facts) {
      ++NumAccesses;
      if (A.Addr.Unknown)
        ++NumUnknown;
      Acc.All.push_back(std::move(A));
    }
  }
  return Acc;
}

// SECTORSCOPE_DEBUG_ANALYZER=1: the address facts, for debugging rules.
void printFactsIfAsked(const Function &F, const AccessAnalyzer &AA,
                       ArrayRef<AccessFacts> All) {
  static const bool Debug = getenv("SECTORSCOPE_DEBUG_ANALYZER") != nullptr;
  if (!Debug)
    return;
  for (const AccessFacts &A : All)
    errs() << "sectorscope-analyzer: " << F.getName() << ": " << *A.I
           << "\n    addr = " << AA.text(A.Addr)
           << "  stride = " << A.StrideText << "  width = " << A.Width
           << "  offset = "
           << (A.SectorOffset ? std::to_string(*A.SectorOffset) : "?")
           << "  block = " << A.BlockX.Text << ", " << A.BlockY.Text << "\n";
}

// The array an access reads or writes: the one allocation base its address
// adds once, or "" when there is none or several.
std::string objectOf(const AccessFacts &A, const AccessAnalyzer &AA) {
  std::string Object;
  for (const auto &[M, C] : A.Addr.Terms) {
    if (M.size() != 1 || AA.atom(M[0]).Kind != AtomKind::Base)
      continue;
    if (C != 1 || !Object.empty())
      return "";
    Object = AA.atom(M[0]).Name;
  }
  return Object;
}

// A stencil's halo: a misaligned access a few bytes off an aligned access
// to the same array, mirrored by another access on the other side
// (in[i-1], in[i], in[i+1]). The extra sectors are ones the neighbouring
// accesses fetch anyway; nothing to fix in that access alone.
bool isStencilHalo(const AccessFacts &A, ArrayRef<AccessFacts> All) {
  auto OffsetFrom = [](const AccessFacts &X,
                       const AccessFacts &Y) -> std::optional<int64_t> {
    Poly D = sub(X.Addr, Y.Addr);
    if (X.Width != Y.Width || !D.isConstant())
      return std::nullopt;
    return D.constantTerm();
  };
  for (const AccessFacts &Center : All) {
    if (!Center.SectorOffset || *Center.SectorOffset % 32 != 0)
      continue;
    std::optional<int64_t> D = OffsetFrom(A, Center);
    if (!D || *D == 0 || *D <= -32 || *D >= 32)
      continue;
    for (const AccessFacts &Mirror : All)
      if (OffsetFrom(Mirror, Center) == -*D)
        return true;
  }
  return false;
}

// The names a message may use for F: its parameters and the module's
// globals (the thread and launch indices are always fine).
StringSet<> sourceNames(const Function &F, SourceCache &Sources) {
  StringSet<> Known;
  for (const std::string &N : parameterNames(F, Sources))
    Known.insert(N);
  for (const Argument &A : F.args())
    if (A.hasName())
      Known.insert(A.getName());
  for (const GlobalVariable &G : F.getParent()->globals())
    Known.insert(G.getName());
  return Known;
}

// An integer operand of the kernel's nvvm.annotations entry named Key.
std::optional<unsigned> annotation(const Function &F, StringRef Key) {
  const NamedMDNode *MD = F.getParent()->getNamedMetadata("nvvm.annotations");
  if (!MD)
    return std::nullopt;
  for (const MDNode *Op : MD->operands()) {
    auto *V = Op->getNumOperands()
                  ? dyn_cast_or_null<ValueAsMetadata>(Op->getOperand(0).get())
                  : nullptr;
    if (!V || V->getValue() != &F)
      continue;
    for (unsigned I = 1; I + 1 < Op->getNumOperands(); I += 2) {
      auto *K = dyn_cast_or_null<MDString>(Op->getOperand(I).get());
      auto *C =
          mdconst::dyn_extract_or_null<ConstantInt>(Op->getOperand(I + 1));
      if (K && C && K->getString() == Key)
        return unsigned(C->getZExtValue());
    }
  }
  return std::nullopt;
}

// The shapes a kernel runs with: its launches in this translation unit, else
// `reqntid` (exact) or a `maxntid` below one warp (__launch_bounds__(16): at
// most 16 threads, taken as a block of that many).
std::vector<BlockShape> kernelShapes(const Function &F,
                                     const LaunchShapes *Launches) {
  std::vector<BlockShape> Shapes;
  if (Launches)
    Shapes = Launches->of(F.getName().str());
  if (!Shapes.empty())
    return Shapes;
  BlockShape B;
  if (auto X = annotation(F, "reqntidx")) {
    B.Block = {*X, annotation(F, "reqntidy").value_or(1),
               annotation(F, "reqntidz").value_or(1)};
    B.Origin = "reqntid";
    Shapes.push_back(B);
  } else if (auto X = annotation(F, "maxntidx")) {
    unsigned Y = annotation(F, "maxntidy").value_or(1),
             Z = annotation(F, "maxntidz").value_or(1);
    if (*X * Y * Z < 32) {
      B.Block = {*X, Y, Z};
      B.Origin = "__launch_bounds__(" + std::to_string(*X * Y * Z) + ")";
      Shapes.push_back(B);
    }
  }
  return Shapes;
}

// The findings of one access over the kernel's shapes: per rule, the
// worst (most sectors beyond the ideal, or the most concentrated wave),
// named with its shape.
void evaluateOverShapes(const AccessFacts &Facts, const AccessAnalyzer &AA,
                        const PartitionModel &Model,
                        ArrayRef<BlockShape> Shapes, Reach Who, bool MultiBlock,
                        SmallVectorImpl<Finding> &Found) {
  if (Shapes.empty()) {
    evaluateRules(Facts, AA, Model, nullptr, Who, MultiBlock, Found);
    return;
  }
  auto Worse = [](const Finding &A, const Finding &B) {
    if (A.R == Rule::Camped)
      return A.CampedShare > B.CampedShare;
    return int64_t(A.Sectors) - int64_t(A.IdealSectors) >
           int64_t(B.Sectors) - int64_t(B.IdealSectors);
  };
  for (const BlockShape &S : Shapes) {
    SmallVector<Finding, 2> One;
    evaluateRules(Facts, AA, Model, &S, Who, MultiBlock, One);
    for (Finding &Fd : One) {
      auto It = find_if(Found, [&](const Finding &G) { return G.R == Fd.R; });
      if (It == Found.end())
        Found.push_back(std::move(Fd));
      else if (Worse(Fd, *It))
        *It = std::move(Fd);
    }
  }
}

void analyzeKernel(Function &F, FunctionAnalysisManager &FAM,
                   const PartitionModel &Model, const LaunchShapes *Launches,
                   SourceCache &Sources, SmallVectorImpl<Finding> &Out,
                   std::vector<AnalyzedAccess> &Accesses) {
  ++NumKernels;
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  PostDominatorTree *PDT = nullptr;
  AccessAnalyzer AA(F, SE, DT,
                    [&F, &Sources] { return parameterNames(F, Sources); });
  std::string Name = demangle(F.getName().str());
  auto [All, MultiBlock, UsesCtaX] = collectAccesses(F, AA);
  SmallVector<unsigned, 16> Leader = mergeVectorPieces(All, AA);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  markGuardedPieces(All, Leader, AA, DT, LI);
  printFactsIfAsked(F, AA, All);
  StringSet<> Known = sourceNames(F, Sources);
  std::vector<BlockShape> Shapes = kernelShapes(F, Launches);
  auto InLoop = [&LI](const AccessFacts &A) {
    return LI.getLoopFor(A.I->getParent()) != nullptr;
  };
  bool LoopsOverGlobal = any_of(All, InLoop);
  for (unsigned K = 0; K < All.size(); ++K) {
    if (Leader[K] != K)
      continue;
    AccessFacts &Facts = All[K];
    Facts.KernelUsesBlockIdxX = UsesCtaX;
    Facts.OnceBesideLoop = LoopsOverGlobal && !InLoop(Facts);
    Instruction &I = *const_cast<Instruction *>(Facts.I);
    // Only stores and atomics that may camp on the same bytes need to know
    // who reaches them; post-dominators are built for those alone.
    Reach Who = Reach::SomeBlocks;
    if (Facts.Op != AccessOp::Load && Facts.BlockInvariant && MultiBlock) {
      if (!PDT)
        PDT = &FAM.getResult<PostDominatorTreeAnalysis>(F);
      Who = AA.reachedByEveryBlock(I, *PDT);
    }
    SmallVector<Finding, 2> Found;
    evaluateOverShapes(Facts, AA, Model, Shapes, Who, MultiBlock, Found);
    // One active lane per warp touches one sector: whatever the lane stride,
    // there is nothing to coalesce (if (threadIdx.x == 0) out[gid] = ...).
    if (any_of(Found, [](const Finding &Fd) { return Fd.R != Rule::Camped; })) {
      if (!PDT)
        PDT = &FAM.getResult<PostDominatorTreeAnalysis>(F);
      if (AA.singleLane(I, *PDT))
        erase_if(Found, [](const Finding &Fd) { return Fd.R != Rule::Camped; });
    }
    AccessSite Site = siteOf(I);
    Accesses.push_back(describeAccess(Facts, AA,
                                      Shapes.empty() ? nullptr : &Shapes[0],
                                      Found, Site.Pos, Name));
    for (Finding &Fd : Found) {
      Fd.Pos = Site.Pos;
      Fd.Inlined = Site.Inlined;
      Fd.Function = Name;
      Fd.Object = objectOf(Facts, AA);
      Fd.StencilHalo = Fd.R == Rule::Misaligned && isStencilHalo(Facts, All);
      useSourceNames(Fd, Known);
      Out.push_back(std::move(Fd));
    }
  }
  SmallVector<Finding, 2> Races;
  findWarpRaces(
      F, AA, Shapes,
      [&]() -> PostDominatorTree & {
        if (!PDT)
          PDT = &FAM.getResult<PostDominatorTreeAnalysis>(F);
        return *PDT;
      },
      Races);
  for (Finding &Fd : Races) {
    Fd.Function = Name;
    Out.push_back(std::move(Fd));
  }
}

void analyzeModule(Module &M, FunctionAnalysisManager &FAM,
                   const PartitionModel &Model, const LaunchShapes *Launches,
                   SmallVectorImpl<Finding> &Out,
                   std::vector<AnalyzedAccess> &Accesses) {
  SourceCache Sources;
  for (Function &F : M)
    if (!F.isDeclaration() && isKernel(F))
      analyzeKernel(F, FAM, Model, Launches, Sources, Out, Accesses);
}

// -O0, or device helpers kept out of line: a private copy, everything
// inlined into the kernels and promoted to SSA like an -O2 build, so an
// access in a helper is seen with its caller's arguments.
void analyzeInlinedClone(Module &M, const PartitionModel &Model,
                         const LaunchShapes *Launches,
                         SmallVectorImpl<Finding> &Out,
                         std::vector<AnalyzedAccess> &Accesses) {
  std::unique_ptr<Module> C = CloneModule(M);
  for (Function &F : *C) {
    if (F.isDeclaration())
      continue;
    F.removeFnAttr(Attribute::OptimizeNone);
    F.removeFnAttr(Attribute::NoInline);
    if (!isKernel(F) && !F.hasFnAttribute(Attribute::AlwaysInline))
      F.addFnAttr(Attribute::AlwaysInline);
  }
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM =
      PB.buildPerModuleDefaultPipeline(OptimizationLevel::O2);
  MPM.run(*C, MAM);
  analyzeModule(*C, FAM, Model, Launches, Out, Accesses);
}

// Whether a kernel calls a device function that is defined here but kept
// out of line (__noinline__): its accesses see only its own parameters.
bool kernelsCallOutOfLineHelpers(const Module &M) {
  for (const Function &F : M) {
    if (F.isDeclaration() || isKernel(F) ||
        !F.hasFnAttribute(Attribute::NoInline))
      continue;
    for (const User *U : F.users())
      if (auto *CB = dyn_cast<CallBase>(U))
        if (CB->getCalledFunction() == &F && isKernel(*CB->getFunction()))
          return true;
  }
  return false;
}

// The partition model the options name, or the uniform one (with a
// warning) when the name does not parse. The compiler runs without a GPU:
// `sm_90` and `default` cannot mean the device that will run the code, so
// they take the map the device index names for sm_90 (the model's name says
// which); a map named explicitly whose device has none measured is said once.
PartitionModel partitionModel(const AnalyzerOptions &Opts, Reporter &Diags) {
  std::string Err;
  std::optional<PartitionModel> Model =
      PartitionModel::parse(Opts.Partitions, Err);
  if (!Model) {
    Diags.report(DiagLevel::Warning, SourcePos(),
                 "sectorscope: " + Err + "; using the uniform model", "");
    Model = PartitionModel::parse("linear:1:1", Err);
  } else if (!Model->note().empty() && Opts.Partitions != "default") {
    Diags.report(DiagLevel::Warning, SourcePos(),
                 "sectorscope: partitions=" + Opts.Partitions + ": " +
                     Model->note(),
                 "");
  }
  return std::move(*Model);
}

} // namespace

PreservedAnalyses AnalyzerPass::run(Module &M, ModuleAnalysisManager &AM) {
  if (!Triple(M.getTargetTriple()).isNVPTX())
    return PreservedAnalyses::all();
  if (!Opts.anyRuleOn() && Opts.SarifPath.empty() && !Opts.CheckExpectations)
    return PreservedAnalyses::all();

  SmallVector<Finding, 16> Findings;
  std::vector<AnalyzedAccess> Accesses;
  std::vector<ReportedFinding> Reported;
  {
    TimedRegion Timed("sectorscope-analyze", "Analyzer", M.getName());
    // With every rule off and no expectations to check only the (empty) SARIF
    // file is asked for.
    if (Opts.anyRuleOn() || Opts.CheckExpectations) {
      PartitionModel Model = partitionModel(Opts, Diags);
      bool Optnone = any_of(M, [](const Function &F) {
        return !F.isDeclaration() && F.hasOptNone();
      });
      if (Optnone || kernelsCallOutOfLineHelpers(M)) {
        analyzeInlinedClone(M, Model, Launches, Findings, Accesses);
      } else {
        auto &FAM =
            AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
        analyzeModule(M, FAM, Model, Launches, Findings, Accesses);
      }
    }

    Reported = prepareFindings(Findings, Opts, Diags);
    emitFindings(Reported, Diags);
  }
  if (!Opts.SarifPath.empty()) {
    TimedRegion Timed("sectorscope-sarif", "SARIF output", Opts.SarifPath);
    std::string E =
        writeSarif(Opts.SarifPath, M.getSourceFileName(), Reported, Opts);
    if (!E.empty())
      Diags.report(DiagLevel::Error, SourcePos(), "sectorscope: " + E, "");
  }
  if (Opts.CheckExpectations)
    checkExpectations(M, Reported, Accesses, Opts, Diags);
  return PreservedAnalyses::all();
}

} // namespace sectorscope
