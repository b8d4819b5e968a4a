//===- WarpExchange.cpp - Lanes exchanging shared memory unsynced ---------===//
#include "analysis/WarpExchange.h"
#include "analysis/AccessSite.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace llvm;

namespace sectorscope {

namespace {

constexpr unsigned SharedAddressSpace = 3;

/// A plain (non-atomic) load or store of shared memory.
struct SharedAccess {
  Instruction *I = nullptr;
  Poly Addr;
};

bool isShared(const Value *Ptr) {
  if (Ptr->getType()->getPointerAddressSpace() == SharedAddressSpace)
    return true;
  const Value *Obj = getUnderlyingObject(Ptr);
  return Obj->getType()->isPointerTy() &&
         Obj->getType()->getPointerAddressSpace() == SharedAddressSpace;
}

/// What stops a lane from racing ahead of its warp between a store and a
/// load: a barrier or warp collective, or a call the analyzer cannot see
/// into (it may hold one). Fences order memory but wait for no one.
bool synchronizes(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return false;
  const Function *Callee = CB->getCalledFunction();
  if (!Callee || !Callee->isIntrinsic())
    return true;
  if (isa<DbgInfoIntrinsic>(CB) || CB->isLifetimeStartOrEnd() ||
      CB->getIntrinsicID() == Intrinsic::assume)
    return false;
  StringRef N = Callee->getName();
  if (!N.starts_with("llvm.nvvm.") || N.contains("membar") ||
      N.contains("fence"))
    return false;
  return N.contains("barrier") || N.starts_with("llvm.nvvm.bar.") ||
         N.contains(".sync") || N.contains("sync.");
}

/// Whether L follows S within one trip of their loops (no back edge
/// taken) on a path without synchronization.
bool reachesUnsynced(const Instruction &S, const Instruction &L,
                     const DominatorTree &DT) {
  SmallVector<const BasicBlock *, 16> Work;
  DenseSet<const BasicBlock *> Seen;
  // Scans from It to the end of its block: true at L, false at a
  // synchronization; otherwise queues the successors along forward edges.
  auto Scan = [&](BasicBlock::const_iterator It,
                  const BasicBlock *BB) -> std::optional<bool> {
    for (; It != BB->end(); ++It) {
      if (&*It == &L)
        return true;
      if (synchronizes(*It))
        return false;
    }
    for (const BasicBlock *Succ : successors(BB))
      if (!DT.dominates(Succ, BB) && Seen.insert(Succ).second)
        Work.push_back(Succ);
    return std::nullopt;
  };
  if (Scan(std::next(S.getIterator()), S.getParent()).value_or(false))
    return true;
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (Scan(BB->begin(), BB).value_or(false))
      return true;
  }
  return false;
}

/// Bytes between lanes whose threadIdx.x differs by one, when the address
/// is linear in it with a constant coefficient.
std::optional<int64_t> laneStride(const Poly &Addr, const AtomTable &Atoms) {
  auto At = [&](int64_t X) { return Atoms.atThreadX(Addr, X); };
  Poly D1 = sub(At(1), At(0)), D2 = sub(At(2), At(1));
  if (!D1.isConstant() || !D2.isConstant() ||
      D1.constantTerm() != D2.constantTerm() || D1.constantTerm() == 0)
    return std::nullopt;
  return D1.constantTerm();
}

/// The store's own line, inside the helper it was inlined from (the
/// finding itself stands at the call in the kernel, as for every rule).
std::string shortPlace(const Instruction &I) {
  const DebugLoc &DL = I.getDebugLoc();
  if (!DL || DL.getLine() == 0)
    return "an earlier line";
  return sys::path::filename(cast<DIScope>(DL.getScope())->getFilename())
             .str() +
         ":" + std::to_string(DL.getLine());
}

/// Whether P depends on threadIdx.y or .z.
bool usesRows(const Poly &P, const AtomTable &Atoms) {
  for (const auto &[M, C] : P.Terms)
    for (unsigned A : M)
      if (Atoms[A].Kind == AtomKind::TidY || Atoms[A].Kind == AtomKind::TidZ)
        return true;
  return false;
}

/// How far apart in threadIdx.x two lanes of a warp can be: below 32, and
/// below blockDim.x where every launch gives it; 0 when unknown.
int64_t laneSpan(ArrayRef<BlockShape> Shapes) {
  int64_t Span = 0;
  for (const BlockShape &S : Shapes) {
    if (!S.knowsLanes())
      return 0;
    Span = std::max<int64_t>(Span, std::min<unsigned>(*S.Block[0], 32));
  }
  return Span;
}

} // namespace

void findWarpRaces(Function &F, AccessAnalyzer &AA, ArrayRef<BlockShape> Shapes,
                   function_ref<PostDominatorTree &()> PDT,
                   SmallVectorImpl<Finding> &Out) {
  std::vector<SharedAccess> Stores, Loads;
  for (Instruction &I : instructions(F)) {
    if (auto *L = dyn_cast<LoadInst>(&I);
        L && !L->isAtomic() && isShared(L->getPointerOperand()))
      Loads.push_back({&I, AA.addressOf(L->getPointerOperand())});
    else if (auto *S = dyn_cast<StoreInst>(&I);
             S && !S->isAtomic() && isShared(S->getPointerOperand()))
      Stores.push_back({&I, AA.addressOf(S->getPointerOperand())});
  }
  if (Stores.empty() || Loads.empty())
    return;
  DominatorTree DT(F);
  int64_t Span = laneSpan(Shapes);
  constexpr unsigned MaxSearches = 4096;
  unsigned Searches = 0;
  DenseSet<const Instruction *> Reported;
  // How many lanes above the loading lane the lane is whose store L reads:
  // their addresses differ by a multiple of the store's lane stride. Where
  // only thread c runs the load (threadIdx.x == c), the optimizer has
  // folded c into L's address: the lane is solved from S's address.
  auto lanesApart = [&](const SharedAccess &S, const SharedAccess &L,
                        int64_t Stride) -> std::optional<int64_t> {
    Poly D = sub(L.Addr, S.Addr);
    if (D.isConstant())
      return D.constantTerm() % Stride
                 ? std::nullopt
                 : std::optional(D.constantTerm() / Stride);
    std::optional<int64_t> Reader = AA.pinnedThreadX(*L.I, PDT());
    if (!Reader)
      return std::nullopt;
    Poly D0 = sub(L.Addr, AA.atoms().atThreadX(S.Addr, 0));
    if (!D0.isConstant() || D0.constantTerm() % Stride)
      return std::nullopt;
    return D0.constantTerm() / Stride - *Reader;
  };
  // The store a load reads is the last one before it: later stores first.
  for (const SharedAccess &S : reverse(Stores)) {
    if (S.Addr.Unknown)
      continue;
    std::optional<int64_t> Stride = laneStride(S.Addr, AA.atoms());
    if (!Stride)
      continue;
    for (const SharedAccess &L : Loads) {
      if (L.Addr.Unknown || Reported.contains(L.I))
        continue;
      std::optional<int64_t> Lanes = lanesApart(S, L, *Stride);
      if (!Lanes)
        continue;
      if (*Lanes == 0 || std::abs(*Lanes) >= (Span ? Span : 32) ||
          (!Span &&
           (usesRows(S.Addr, AA.atoms()) || usesRows(L.Addr, AA.atoms()))))
        continue;
      // Each search walks the function: a kernel with thousands of
      // candidate pairs (a huge unrolled tile) is left alone past the budget.
      if (++Searches > MaxSearches)
        return;
      // One lane storing and loading exchanges nothing; one lane loading
      // what the other lanes stored (a reduction's last step, lane 0 adding
      // lane 1's partial) is the same race as a whole warp doing it.
      if (!reachesUnsynced(*S.I, *L.I, DT) || AA.singleLane(*S.I, PDT()))
        continue;
      Reported.insert(L.I);
      Finding Fd;
      Fd.R = Rule::WarpRace;
      Fd.Op = AccessOp::Load;
      AccessSite Site = siteOf(*L.I);
      Fd.Pos = Site.Pos;
      Fd.Inlined = Site.Inlined;
      Fd.Message = "lanes of a warp exchange data through shared memory "
                   "without __syncwarp(): each lane reads what lane i" +
                   std::string(*Lanes > 0 ? "+" : "-") +
                   std::to_string(std::abs(*Lanes)) + " stored at " +
                   shortPlace(*S.I) +
                   ", a data race since Volta's independent thread "
                   "scheduling";
      Fd.Note = "put __syncwarp() between the store and the load (or "
                "exchange through __shfl_sync()); until then the result may "
                "change with any code placed between them, sectorscope's "
                "heat-map records included";
      Out.push_back(std::move(Fd));
    }
  }
}

} // namespace sectorscope
