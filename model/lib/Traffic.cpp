//===- Traffic.cpp - A kernel's memory traffic, scaled to the grid --------===//
#include "sectorscope/model/Traffic.h"
#include "sectorscope/model/L1Figures.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sectorscope::model {

double Traffic::totalBytes() const {
  double B = 0;
  for (const TrafficClass &C : Classes)
    B += C.Bytes;
  return B;
}

double Traffic::bytes(Op O) const {
  double B = 0;
  for (const TrafficClass &C : Classes)
    if (C.TheOp == O)
      B += C.Bytes;
  return B;
}

void Traffic::add(Op O, int Width, double Bytes) {
  if (Bytes <= 0)
    return;
  for (TrafficClass &C : Classes)
    if (C.TheOp == O && C.Width == Width) {
      C.Bytes += Bytes;
      return;
    }
  Classes.push_back({O, Width, Bytes});
}

/// The bytes of distinct words a warp's shared access gets in one cycle:
/// one 4-byte word from each of the 32 banks.
static constexpr double SharedWavefrontBytes = 128;

/// Requests of a site that a GT200-style model counts as misaligned: those
/// that touch more sectors than the aligned (ideal) pattern. Capped at one
/// per request, because the GT200 model charges a split transaction once.
static double misalignedRequests(const Site &S) {
  if (S.IdealSectorsPerRequest <= 0 || S.Requests <= 0)
    return 0;
  double Extra = S.SectorsPerRequest - S.IdealSectorsPerRequest;
  return S.Requests * std::clamp(Extra, 0.0, 1.0);
}

/// The bytes of a use that reach L2: its L1-level bytes, or the sampled
/// block's distinct bytes times the blocks where the heat map gives them.
static double gridDistinctBytes(const ObjectUse &U) {
  return U.BlockDistinctBytes > 0 ? std::min(U.L1Bytes, U.BlockDistinctBytes)
                                  : U.L1Bytes;
}

/// A read of an allocation larger than L2 whose grid-wide distinct bytes
/// exceed its size: blocks re-read what other blocks read (a table every
/// block searches, a matrix every block row reads again).
static bool rereadAcrossBlocks(const ObjectUse &U, double L2Bytes) {
  return U.TheOp == Op::Read && L2Bytes > 0 && U.SizeBytes > L2Bytes &&
         U.BlockDistinctBytes > 0 && gridDistinctBytes(U) > U.SizeBytes;
}

/// The time, in kernel durations, between a sector's reads by neighbouring
/// blocks of a re-read use, or 0 where its blocks are not known to range
/// over a small part of the allocation. Blocks take the allocation's parts
/// in launch order (a stencil's rows, a tiled grid's tile rows): one that
/// ranges over Span of Size bytes shares its sectors with the blocks that
/// run within Span / Size of the kernel from it.
static double neighbourReuseTime(const ObjectUse &U) {
  return U.BlockSpanBytes > 0 && U.BlockSpanBytes < U.SizeBytes
             ? U.BlockSpanBytes / U.SizeBytes
             : 0;
}

std::vector<double> Traffic::l2RereadMissShares(double L2Bytes,
                                                bool Neighbours) const {
  std::vector<double> Shares(Uses.size(), 1.0);
  if (std::none_of(Uses.begin(), Uses.end(), [&](const ObjectUse &U) {
        return rereadAcrossBlocks(U, L2Bytes);
      }))
    return Shares;
  // Re-read uses taken as neighbours' re-reads; the others are uniform.
  std::vector<bool> Local(Uses.size(), false);
  for (size_t K = 0; K < Uses.size(); ++K)
    Local[K] = Neighbours && rereadAcrossBlocks(Uses[K], L2Bytes) &&
               neighbourReuseTime(Uses[K]) > 0;
  // Che's approximation of an LRU cache: with every use's bytes arriving at
  // a steady rate over the kernel, a line stays in L2 for a time t (in
  // kernel durations) such that what the uses keep fills it. A use read
  // D bytes over an allocation of S (D > S, uniformly) keeps
  // S (1 - e^(-D t / S)) and its re-reads hit with probability
  // 1 - e^(-D t / S); a use re-read by neighbouring blocks walks its S
  // bytes once over the kernel and keeps the last S t of them; any other
  // use (a stream, an allocation of unknown size) keeps the last D t of its
  // D bytes. Uniform re-reads are the least L2 can hit: the top of a search
  // tree that every block reads hits more.
  auto Kept = [&](double Time) {
    double Bytes = 0;
    for (size_t K = 0; K < Uses.size(); ++K) {
      const ObjectUse &U = Uses[K];
      double D = gridDistinctBytes(U);
      if (Local[K])
        Bytes += std::min(U.SizeBytes * Time, U.SizeBytes);
      else if (rereadAcrossBlocks(U, L2Bytes))
        Bytes += U.SizeBytes * -std::expm1(-D * Time / U.SizeBytes);
      else
        Bytes += std::min(D * Time, D);
    }
    return Bytes;
  };
  // The re-read allocations alone exceed L2, so the stay time is finite:
  // bracket it, then halve the bracket.
  auto StayTime = [&] {
    double Lo = 0, Hi = 1;
    while (Kept(Hi) < L2Bytes && Hi < 1e12)
      Hi *= 2;
    for (int K = 0; K < 100; ++K) {
      double Mid = (Lo + Hi) / 2;
      (Kept(Mid) < L2Bytes ? Lo : Hi) = Mid;
    }
    return Lo;
  };
  // A neighbour's re-read hits only if it comes before the line leaves;
  // a use that fails is re-read uniformly, which keeps more and shortens
  // the stay, so test again until none fails.
  double Stay = StayTime();
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t K = 0; K < Uses.size(); ++K)
      if (Local[K] && neighbourReuseTime(Uses[K]) >= Stay) {
        Local[K] = false;
        Changed = true;
      }
    if (Changed)
      Stay = StayTime();
  }
  for (size_t K = 0; K < Uses.size(); ++K) {
    const ObjectUse &U = Uses[K];
    if (!rereadAcrossBlocks(U, L2Bytes))
      continue;
    // Every sector misses once; uniform re-reads beyond the size miss at
    // the rate of lines that left L2, a neighbour's not at all.
    double D = gridDistinctBytes(U);
    double Miss = Local[K] ? 0 : std::exp(-D * Stay / U.SizeBytes);
    Shares[K] = (U.SizeBytes + (D - U.SizeBytes) * Miss) / D;
  }
  return Shares;
}

double Traffic::dramBytes(const MemItem &I, double L2Bytes,
                          L2ReuseRules Rules) const {
  if (I.Use < 0 || (size_t)I.Use >= Uses.size())
    return I.Bytes;
  const ObjectUse &U = Uses[(size_t)I.Use];
  if (U.L1Bytes <= 0)
    return I.Bytes;
  double Cap = gridDistinctBytes(U);
  if (Rules.AcrossBlocks && rereadAcrossBlocks(U, L2Bytes))
    Cap *= l2RereadMissShares(L2Bytes, Rules.Neighbours)[(size_t)I.Use];
  if (L2Bytes > 0 && U.SizeBytes > 0 && U.SizeBytes <= L2Bytes)
    Cap = std::min(Cap, U.SizeBytes);
  Cap = std::max(0.0, Cap - U.WarmBytes);
  // Sectors a warp re-reads right after loading them never miss: the misses
  // fall on the rest.
  if (U.FreshBytes <= 0)
    return 0;
  return std::min(I.freshBytes(), Cap * I.freshBytes() / U.FreshBytes);
}

Traffic benchRowGrid(const BenchRow &R) {
  Traffic T;
  T.Blocks = R.Blocks.value_or(1);
  T.WarpsPerBlock = std::ceil(R.Threads.value_or(32) / 32.0);
  return T;
}

double Traffic::storedBytes(double L2Bytes) const {
  double B = 0;
  for (const MemItem &I : Items)
    if (!I.Waits && !I.Local)
      B += dramBytes(I, L2Bytes);
  return B;
}

double Traffic::allocatedBytes(double L2Bytes) const {
  double B = 0;
  for (const MemItem &I : Items) {
    if (I.Local)
      continue;
    double PerLine = std::clamp(
        I.SectorsPerRequest / std::max(I.LinesPerRequest, 1.0), 1.0, 4.0);
    B += dramBytes(I, L2Bytes) * 4 / PerLine;
  }
  return B;
}

double Traffic::inBlockReuseBytes(const MemItem &I) const {
  return I.Waits ? I.Bytes * (1 - freshShare(I)) : 0;
}

double Traffic::freshShare(const MemItem &I) const {
  if (I.Use < 0 || (size_t)I.Use >= Uses.size())
    return 1;
  const ObjectUse &U = Uses[(size_t)I.Use];
  if (U.L1Bytes <= 0 || U.BlockDistinctBytes <= 0)
    return 1;
  return std::min(1.0, U.BlockDistinctBytes / U.L1Bytes);
}

double Traffic::blockLoadFootprint() const {
  double B = 0;
  for (const ObjectUse &U : Uses)
    if (U.TheOp == Op::Read)
      B += U.BlockDistinctBytes;
  return Blocks > 0 ? B / Blocks : 0;
}

/// The use of (object, op), created on first sight; -1 without an object.
static int useOf(Traffic &T, const Profile &P, int ObjectId, Op O,
                 double Scale) {
  if (ObjectId < 0)
    return -1;
  for (size_t K = 0; K < T.Uses.size(); ++K)
    if (T.Uses[K].ObjectId == ObjectId && T.Uses[K].TheOp == O)
      return (int)K;
  ObjectUse U;
  U.ObjectId = ObjectId;
  U.TheOp = O;
  for (const ProfileObject &Obj : P.Objects)
    if (Obj.Id == ObjectId) {
      U.SizeBytes = Obj.Kind == "cudaMalloc" || Obj.Kind == "cudaMallocManaged"
                        ? Obj.SizeBytes
                        : 0;
      U.Base = Obj.Base;
      U.BlockSpanBytes = Obj.SpanBytes;
      // The heat map covers the sampled block only (heatmap mode), and only
      // if it did not overflow or was scaled to the grid's counts; its
      // distinct sectors bound the block's L1 misses.
      if (P.Mode == "heatmap" && (P.HeatOverflow == 0 || P.CountsFromGrid) &&
          Obj.Sectors > 0)
        U.BlockDistinctBytes = Obj.Sectors * 32.0 * Scale;
    }
  T.Uses.push_back(U);
  return (int)T.Uses.size() - 1;
}

/// A block that touches each sector of an allocation once streams it.
/// Scaled to the grid, the sampled block can then claim more than the
/// allocation holds for two reasons: blocks share the data (a table every
/// block reads: many times the size) or the sampled block did more than
/// the average one. Block 0 of a grid-stride loop runs ceil(k) trips where
/// the average block runs k >= 1: less than twice the size. Under that
/// bound the items on the allocation are scaled down to its size; above
/// it the reads are taken as shared (L2 hits).
static void streamedOnce(Traffic &T) {
  for (size_t K = 0; K < T.Uses.size(); ++K) {
    ObjectUse &U = T.Uses[K];
    if (U.SizeBytes <= 0 || U.BlockDistinctBytes <= U.SizeBytes ||
        U.BlockDistinctBytes >= 2 * U.SizeBytes ||
        U.BlockDistinctBytes < 0.99 * U.L1Bytes)
      continue;
    double F = U.SizeBytes / U.BlockDistinctBytes;
    for (MemItem &I : T.Items)
      if (I.Use == (int)K) {
        I.Bytes *= F;
        I.Requests *= F;
        I.PartialSectors *= F;
      }
    U.L1Bytes *= F;
    U.FreshBytes *= F;
    U.BlockDistinctBytes *= F;
  }
}

double partialSectors(const Site &S) {
  if (S.TheOp != SiteOp::Store || S.TheSpace != Space::Global || S.Bytes <= 0)
    return 0;
  double Missing = S.Sectors * 32 - S.Bytes;
  return Missing > 0 ? std::min(S.Sectors, 2 * Missing / 32) : 0;
}

std::vector<bool> completedInOneTrip(const Profile &P) {
  auto IsStore = [](const Site &S) {
    return S.TheOp == SiteOp::Store && S.TheSpace == Space::Global &&
           S.Bytes > 0 && S.ObjectId >= 0 && S.Requests > 0;
  };
  // One trip's stores to one allocation: the store sites on it that run as
  // often (an unrolled body's copies, a structure's fields).
  std::map<std::pair<int, double>, std::pair<double, double>> Trip;
  for (const Site &S : P.Sites)
    if (IsStore(S)) {
      auto &[Bytes, MaxSectors] = Trip[{S.ObjectId, S.Requests}];
      Bytes += S.Bytes;
      MaxSectors = std::max(MaxSectors, S.Sectors);
    }
  std::vector<bool> Completed;
  for (const Site &S : P.Sites) {
    bool C = false;
    if (IsStore(S) && (S.WordFill < 0 || S.WordFill >= CompletedShare)) {
      auto [Bytes, MaxSectors] = Trip[{S.ObjectId, S.Requests}];
      C = Bytes >= CompletedShare * MaxSectors * 32;
    }
    Completed.push_back(C);
  }
  return Completed;
}

Traffic trafficFromProfile(const Profile &P) {
  Traffic T;
  T.CountsFromGrid = P.CountsFromGrid;
  T.Blocks = P.blocks();
  T.WarpsPerBlock = P.warpsPerBlock();
  T.SharedBytesPerBlock = P.SharedBytes;
  T.SharedStepsKnown = P.AbiVersion >= 23;
  // A heat map that dropped records may have dropped a warp's.
  if (P.Mode == "heatmap" && P.HeatOverflow == 0 && P.HeatGlobalWarps > 0)
    T.WorkingWarpShare = std::min(1.0, P.HeatGlobalWarps / T.WarpsPerBlock);
  double Scale = P.blocks() / P.SampledBlocks;
  // Per-warp counts: a block's requests spread over its warps.
  double PerWarp = 1.0 / (P.SampledBlocks * T.WarpsPerBlock);
  std::vector<bool> Completed = completedInOneTrip(P);
  for (const LoopTrips &L : P.Loops)
    T.IssueSlots += L.Trips * Scale * L.Work;
  // Shared-memory sites may have counted in fewer blocks than the rest.
  double SharedScale =
      P.SharedCountingBlocks > 0 ? P.blocks() / P.SharedCountingBlocks : Scale;
  for (size_t SiteIx = 0; SiteIx < P.Sites.size(); ++SiteIx) {
    const Site &S = P.Sites[SiteIx];
    const bool CountedApart = S.TheSpace == Space::Shared && !S.Generic;
    const double SiteScale = CountedApart ? SharedScale : Scale;
    T.IssueSlots += S.Requests * SiteScale * S.Work;
    if (S.TheSpace == Space::Shared) {
      // A request's distinct bytes are at most its 32 lanes' words: lanes
      // scattered over many sectors (a histogram's bins) still take one
      // word each.
      double Requests = S.Requests * SiteScale;
      double BytesPerRequest =
          S.Requests > 0 ? std::min(S.Sectors / S.Requests * 32, 32.0 * S.Width)
                         : 0;
      double Wavefronts =
          Requests * std::max(1.0, BytesPerRequest / SharedWavefrontBytes);
      T.SharedWavefronts += Wavefronts;
      // An atomic whose old value nobody uses does not make the warp wait.
      if (S.Waits) {
        T.SharedLoadSteps += Requests / std::max(S.Mlp, 1.0);
        T.SharedLoadWavefronts += Wavefronts;
      }
    }
    if (S.TheSpace == Space::Shared || S.TheSpace == Space::Other)
      continue;
    double Bytes = S.Sectors * 32.0 * Scale;
    bool Reads = S.TheOp != SiteOp::Store;
    bool Writes = S.TheOp != SiteOp::Load;
    if (Reads) {
      T.add(Op::Read, S.Width, Bytes);
      T.ReadWordsPerWarp += S.Requests * PerWarp;
      T.ReadMisalignedPerWarp += misalignedRequests(S) * PerWarp;
    }
    if (Writes) {
      T.add(Op::Write, S.Width, Bytes);
      T.WriteWordsPerWarp += S.Requests * PerWarp;
      T.WriteMisalignedPerWarp += misalignedRequests(S) * PerWarp;
    }
    if (Bytes <= 0)
      continue;
    double Spr = S.Requests > 0 ? S.Sectors / S.Requests : 1;
    for (Op O : {Op::Read, Op::Write}) {
      if ((O == Op::Read && !Reads) || (O == Op::Write && !Writes))
        continue;
      MemItem I;
      I.TheOp = O;
      I.Waits = S.TheOp == SiteOp::Load;
      I.SectorsPerRequest = std::max(Spr, 1.0);
      I.Bytes = Bytes;
      // An atomic's read half moves bytes but adds no serial step: the
      // write half carries its one per request.
      I.Requests =
          S.TheOp == SiteOp::Atomic && O == Op::Read ? 0 : S.Requests * Scale;
      I.Mlp = S.Mlp;
      I.SampledRequests = S.Requests;
      I.LinesPerRequest = S.Lines > 0 && S.Requests > 0 ? S.Lines / S.Requests
                                                        : linesPerRequest(Spr);
      I.SkipsL1 = S.TheOp == SiteOp::Load && S.SkipsL1;
      if (I.Waits && S.Sectors > 0 && S.Requests > 0 && !I.SkipsL1) {
        I.RereadShare = S.RereadSectors / S.Sectors;
        I.RereadRequestShare = S.RereadRequests / S.Requests;
      }
      I.PartialSectors = Completed[SiteIx] ? 0 : partialSectors(S) * Scale;
      I.PartialLeftOpen = S.WordFill >= 0 && S.WordFill < 0.999;
      I.SharedAcrossWarps = S.TheOp == SiteOp::Load &&
                            std::find(S.Patterns.begin(), S.Patterns.end(),
                                      "hot_spot") != S.Patterns.end();
      I.Use = useOf(T, P, S.ObjectId, O, Scale);
      I.Local = S.TheSpace == Space::Local;
      I.AtomicWaits = S.TheOp == SiteOp::Atomic && O == Op::Write && S.Waits;
      I.OfAtomic = S.TheOp == SiteOp::Atomic;
      if (I.OfAtomic && O == Op::Write && S.Width > 0)
        I.AtomicUpdates = S.Bytes / S.Width * Scale;
      if ((I.OfAtomic || I.SkipsL1) && S.Width > 0 && I.Use >= 0) {
        I.TableBytes = T.Uses[(size_t)I.Use].SizeBytes;
        I.TableWords = I.TableBytes / S.Width;
      }
      if (I.Use >= 0) {
        T.Uses[(size_t)I.Use].L1Bytes += Bytes;
        T.Uses[(size_t)I.Use].FreshBytes += I.freshBytes();
      }
      T.Items.push_back(I);
    }
  }
  streamedOnce(T);
  return T;
}

} // namespace sectorscope::model
