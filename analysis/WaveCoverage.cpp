//===- WaveCoverage.cpp - Partitions a wave of blocks touches -------------===//
#include "analysis/WaveCoverage.h"

#include "common/PartitionModel.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <functional>
#include <map>
#include <vector>

using namespace llvm;

namespace sectorscope {

std::string WaveCoverage::text() const {
  std::string Why =
      Blocks < SMs * PerSM
          ? "the whole grid, blocks"
          : std::to_string(SMs) + " SMs x " + std::to_string(PerSM) + " blocks";
  return "a wave of " + std::to_string(Blocks) + " blocks (" + Why + " of " +
         Block.blockText() + ") touches " + std::to_string(Touched) + " of " +
         std::to_string(Count) + " memory partitions";
}

namespace {

/// How many blocks of a size run at once: GT200 (CampProf's GPU) for the
/// gt200 map, an sm_90 GPU (132 SMs) for every other.
struct Residency {
  unsigned SMs, MaxBlocks, MaxThreads;
};
Residency residencyFor(const PartitionModel &M) {
  if (M.name() == "gt200")
    return {30, 8, 1024};
  return {132, 32, 2048};
}

int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
}

/// A term of the address split by what it varies with.
struct SplitTerm {
  int64_t C = 0;
  SmallVector<unsigned, 2> Thread; ///< atom ids
  SmallVector<AtomKind, 2> Block;
};

bool usesAtom(const Poly &P, const AtomTable &Atoms, AtomKind K) {
  for (const auto &[M, C] : P.Terms)
    for (unsigned Id : M)
      if (Atoms[Id].Kind == K)
        return true;
  return false;
}

// The block shape evaluated: the launch's, unknown sizes filled in. A
// block laid out along x with a constant block stride (a[bx*512 + tx]) is
// taken to be as wide as that stride; 2D blocks are 32 x 8, others 256.
BlockShape assumedBlock(const AccessFacts &A, const Poly &Addr,
                        const AtomTable &Atoms, const BlockShape *Shape,
                        bool UsesCtaX, bool &Assumed) {
  BlockShape B = Shape ? *Shape : BlockShape();
  bool UsesY = usesAtom(Addr, Atoms, AtomKind::TidY);
  const AccessFacts::BlockStride &BS = UsesCtaX ? A.BlockX : A.BlockY;
  if (!B.Block[0]) {
    Assumed = true;
    unsigned X = UsesY ? 32 : 256;
    if (!UsesY && BS.Kind == AccessFacts::BlockStride::Constant &&
        A.Stride == AccessFacts::StrideKind::Constant &&
        uint64_t(std::abs(A.LaneStride)) == A.Width && A.Width &&
        BS.Bytes % int64_t(A.Width) == 0) {
      int64_t E = std::abs(BS.Bytes) / int64_t(A.Width);
      if (E >= 32)
        X = unsigned(std::min<int64_t>(E, 1024) / 32 * 32);
    }
    B.Block[0] = X;
  }
  if (!B.Block[1]) {
    Assumed = true;
    B.Block[1] = UsesY ? std::max(1u, 256 / *B.Block[0]) : 1;
  }
  if (!B.Block[2]) {
    Assumed |= usesAtom(Addr, Atoms, AtomKind::TidZ);
    B.Block[2] = 1;
  }
  return B;
}

/// Sorted, merged byte ranges [first, last) of one warp's lanes.
using Spans = SmallVector<std::pair<int64_t, int64_t>, 4>;
Spans warpSpans(ArrayRef<int64_t> Offsets, uint64_t Width) {
  SmallVector<int64_t, 32> O(Offsets.begin(), Offsets.end());
  llvm::sort(O);
  Spans S;
  for (int64_t X : O) {
    if (!S.empty() && X <= S.back().second)
      S.back().second = std::max(S.back().second, X + int64_t(Width));
    else
      S.push_back({X, X + int64_t(Width)});
  }
  return S;
}

// Per-page sector counts combined with the page flips that spread them
// best: each page's partition indices may be XORed with a constant.
std::vector<uint64_t>
combinePages(const std::map<uint64_t, std::vector<uint64_t>> &Pages,
             unsigned Count, bool Flips) {
  std::vector<uint64_t> Total(Count, 0);
  std::vector<const std::vector<uint64_t> *> Order;
  for (const auto &[Page, H] : Pages)
    Order.push_back(&H);
  auto Sum = [](const std::vector<uint64_t> *H) {
    uint64_t S = 0;
    for (uint64_t V : *H)
      S += V;
    return S;
  };
  llvm::stable_sort(Order, [&](auto *X, auto *Y) { return Sum(X) > Sum(Y); });
  for (const std::vector<uint64_t> *H : Order) {
    unsigned BestFlip = 0;
    uint64_t BestMax = UINT64_MAX;
    for (unsigned F = 0; F < (Flips ? Count : 1u); ++F) {
      uint64_t Max = 0;
      for (unsigned P = 0; P < Count; ++P)
        Max = std::max(Max, Total[P] + (*H)[P ^ F]);
      if (Max < BestMax) {
        BestMax = Max;
        BestFlip = F;
      }
    }
    for (unsigned P = 0; P < Count; ++P)
      Total[P] += (*H)[P ^ BestFlip];
  }
  return Total;
}

} // namespace

std::optional<WaveCoverage> waveCoverage(const AccessFacts &A,
                                         const AccessAnalyzer &AA,
                                         const PartitionModel &Model,
                                         const BlockShape *Shape, bool UsesCtaX,
                                         int64_t PitchValue) {
  const AtomTable &Atoms = AA.atoms();
  if (A.Addr.Unknown || Model.count() < 2)
    return std::nullopt;
  WaveCoverage W;
  W.Count = Model.count();
  W.Block = assumedBlock(A, A.Addr, Atoms, Shape, UsesCtaX, W.BlockAssumed);
  unsigned X = *W.Block.Block[0], Y = *W.Block.Block[1], Z = *W.Block.Block[2];
  unsigned Threads = X * Y * Z;
  if (Threads == 0 || Threads > 1024)
    return std::nullopt;
  Residency R = residencyFor(Model);
  W.SMs = R.SMs;
  W.PerSM = std::max(1u, std::min(R.MaxBlocks, R.MaxThreads / Threads));
  W.Blocks = W.SMs * W.PerSM;
  const auto &G = W.Block.Grid;
  if (G[0] && G[1] && G[2])
    W.Blocks = std::min<uint64_t>(W.Blocks, uint64_t(*G[0]) * *G[1] * *G[2]);
  if (W.Blocks == 0)
    return std::nullopt;
  unsigned GX = G[0] ? *G[0] : W.Blocks, GY = G[1] ? *G[1] : W.Blocks;

  // Run-time values that multiply an index are pitches.
  SmallVector<unsigned, 4> Pitches;
  for (const auto &[M, C] : A.Addr.Terms)
    if (any_of(M, [&](unsigned Id) {
          AtomKind K = Atoms[Id].Kind;
          return isThreadAtom(K) || isBlockAtom(K) || K == AtomKind::Iter;
        }))
      for (unsigned Id : M)
        if (Atoms[Id].Kind == AtomKind::Symbol)
          Pitches.push_back(Id);
  // Launch sizes, and quotients of them (blockDim.x / 32).
  std::function<std::optional<int64_t>(unsigned)> SizeOf =
      [&](unsigned Id) -> std::optional<int64_t> {
    switch (Atoms[Id].Kind) {
    case AtomKind::NtidX:
      return X;
    case AtomKind::NtidY:
      return Y;
    case AtomKind::NtidZ:
      return Z;
    case AtomKind::NctaX:
      return GX;
    case AtomKind::NctaY:
      return G[1] ? *G[1] : 1;
    case AtomKind::NctaZ:
      return G[2] ? *G[2] : 1;
    case AtomKind::Symbol:
      return Atoms.quotientValue(Id, SizeOf);
    default:
      return std::nullopt;
    }
  };
  SmallVector<SplitTerm, 8> Terms;
  for (const auto &[M, C] : A.Addr.Terms) {
    SplitTerm T;
    T.C = C;
    for (unsigned Id : M) {
      const Atom &At = Atoms[Id];
      int64_t V = 1;
      switch (At.Kind) {
      case AtomKind::TidX:
      case AtomKind::TidY:
      case AtomKind::TidZ:
      case AtomKind::Warp:
      case AtomKind::LaneQuot:
        T.Thread.push_back(Id);
        continue;
      case AtomKind::CtaX:
      case AtomKind::CtaY:
      case AtomKind::CtaZ:
        T.Block.push_back(At.Kind);
        continue;
      case AtomKind::NtidX:
      case AtomKind::NtidY:
      case AtomKind::NtidZ:
      case AtomKind::NctaX:
      case AtomKind::NctaY:
      case AtomKind::NctaZ:
        V = *SizeOf(Id);
        break;
      case AtomKind::Base:
      case AtomKind::Iter:
        V = 0; // Bases are aligned; every warp at the first iteration.
        break;
      case AtomKind::Symbol:
        if (std::optional<int64_t> Q = SizeOf(Id)) {
          V = *Q;
          break;
        }
        if (At.BlockDep || At.ThreadDep)
          return std::nullopt;
        V = is_contained(Pitches, Id) ? PitchValue : 0;
        break;
      }
      if (__builtin_mul_overflow(T.C, V, &T.C))
        return std::nullopt;
    }
    if (!T.Thread.empty() && !T.Block.empty())
      return std::nullopt;
    if (T.C)
      Terms.push_back(std::move(T));
  }

  // Byte offsets of each thread of a block, and of each block of the wave.
  std::vector<int64_t> ThreadOff(Threads, 0), BlockOff(W.Blocks, 0);
  for (unsigned T = 0; T < Threads; ++T) {
    for (const SplitTerm &S : Terms) {
      if (S.Thread.empty())
        continue;
      int64_t V = S.C;
      for (unsigned Id : S.Thread)
        V *=
            threadAtomValue(Atoms[Id], T % X, (T / X) % Y, T / (X * Y), T / 32);
      ThreadOff[T] += V;
    }
  }
  for (unsigned B = 0; B < W.Blocks; ++B) {
    int64_t Ids[3] = {0, 0, 0};
    if (UsesCtaX) {
      Ids[0] = B % GX;
      Ids[1] = (B / GX) % GY;
      Ids[2] = B / (uint64_t(GX) * GY);
    } else {
      Ids[1] = B % GY;
      Ids[2] = B / GY;
    }
    for (const SplitTerm &S : Terms) {
      if (!S.Thread.empty())
        continue;
      int64_t V = S.C;
      for (AtomKind K : S.Block)
        V *= Ids[unsigned(K) - unsigned(AtomKind::CtaX)];
      BlockOff[B] += V;
    }
  }
  // The block's requests; warps that continue one another (a row of
  // blockDim.x floats) are one span, warps on the same bytes stay apart.
  std::vector<std::pair<int64_t, int64_t>> BlockSpans;
  for (unsigned T0 = 0; T0 < Threads; T0 += 32) {
    unsigned N = std::min(32u, Threads - T0);
    for (auto S : warpSpans(ArrayRef<int64_t>(&ThreadOff[T0], N), A.Width))
      BlockSpans.push_back(S);
  }
  llvm::sort(BlockSpans);
  std::vector<std::pair<int64_t, int64_t>> Joined;
  for (auto S : BlockSpans)
    if (!Joined.empty() && Joined.back().second == S.first)
      Joined.back().second = S.second;
    else
      Joined.push_back(S);
  BlockSpans = std::move(Joined);
  if (uint64_t(BlockSpans.size()) * W.Blocks > (uint64_t(1) << 22))
    return std::nullopt;

  uint64_t Page = Model.pageBytes();
  uint64_t Gran = Model.granularity() ? Model.granularity() : 256;
  for (uint64_t Mask : Model.xorMasks())
    Gran = std::min<uint64_t>(Gran, Mask & (~Mask + 1));
  const int64_t Origin = int64_t(1) << 40;
  // Sectors per granule of one block, by where its base falls within a
  // granule: blocks with the same residue touch granules the same way.
  int64_t BlockLo = INT64_MAX, BlockHi = INT64_MIN;
  for (auto [Lo, Hi] : BlockSpans) {
    BlockLo = std::min(BlockLo, Lo);
    BlockHi = std::max(BlockHi, Hi);
  }
  const int64_t GB = int64_t(Gran);
  std::map<int64_t, std::vector<std::pair<int64_t, uint64_t>>> ByResidue;
  auto GranulesOf = [&](int64_t R) -> const auto & {
    auto [It, New] = ByResidue.try_emplace(R);
    if (New) {
      std::map<int64_t, uint64_t> Sectors;
      for (auto [Lo, Hi] : BlockSpans)
        for (int64_t Gr = floorDiv(R + Lo, GB); Gr <= floorDiv(R + Hi - 1, GB);
             ++Gr) {
          int64_t PS = std::max(R + Lo, Gr * GB),
                  PE = std::min(R + Hi, (Gr + 1) * GB);
          Sectors[Gr] += uint64_t(floorDiv(PE - 1, 32) - floorDiv(PS, 32) + 1);
        }
      It->second.assign(Sectors.begin(), Sectors.end());
    }
    return It->second;
  };
  std::map<uint64_t, std::vector<uint64_t>> Pages;
  std::vector<uint64_t> *H = nullptr;
  uint64_t HPage = UINT64_MAX;
  int64_t Lowest = INT64_MAX, Highest = INT64_MIN;
  for (unsigned B = 0; B < W.Blocks; ++B) {
    int64_t Base = Origin + BlockOff[B];
    Lowest = std::min(Lowest, Base + BlockLo);
    Highest = std::max(Highest, Base + BlockHi);
    for (auto [Gr, Sectors] : GranulesOf(Base % GB)) {
      uint64_t Addr = uint64_t(Base / GB + Gr) * Gran;
      uint64_t PageIdx = Page ? Addr / Page : 0;
      if (PageIdx != HPage) {
        H = &Pages[PageIdx];
        HPage = PageIdx;
        if (H->empty())
          H->assign(W.Count, 0);
      }
      (*H)[Model.partitionOf(Addr)] += Sectors;
    }
  }
  std::vector<uint64_t> Total =
      combinePages(Pages, W.Count, Page && W.Count <= 64);
  uint64_t Sum = 0;
  for (unsigned P = 0; P < W.Count; ++P) {
    Sum += Total[P];
    W.Touched += Total[P] != 0;
    if (Total[P] > Total[W.Busiest])
      W.Busiest = P;
  }
  if (Sum == 0)
    return std::nullopt;
  W.Spans = uint64_t(Highest - Lowest) >= uint64_t(W.Count) * Gran;
  W.Share = double(Total[W.Busiest]) / double(Sum);
  return W;
}

} // namespace sectorscope
