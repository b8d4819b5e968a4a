//===- BandwidthPredict.cpp - A kernel's time from its traffic ------------===//
//
// The calibrated classes give each memory item its bandwidth and latency
// coefficients; the items' throughput bounds (DRAM, L2, L1 tags, partial
// stores, local memory, atomics) and serial steps make a kernel's curve.
//
//===----------------------------------------------------------------------===//
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/SparseLineRows.h"
#include "sectorscope/model/TextTable.h"
#include "sectorscope/model/WriteBack.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace sectorscope::model {

void BandwidthModel::coefficients(Op O, bool Camped, double Spr, double &A,
                                  double &L,
                                  std::vector<std::string> *Notes) const {
  if (Classes.empty())
    fail("", "bandwidth", "calibration has no classes");
  // Same op and camping if measured, else the same op, else anything.
  std::vector<const BandwidthClass *> Cs;
  for (int Tier = 0; Tier < 3 && Cs.empty(); ++Tier)
    for (const BandwidthClass &C : Classes)
      if ((Tier == 2 || C.TheOp == O) && (Tier >= 1 || C.Camped == Camped))
        Cs.push_back(&C);
  if (Notes && (Cs.front()->TheOp != O || Cs.front()->Camped != Camped))
    Notes->push_back(std::string("bandwidth: no ") + opName(O) +
                     (Camped ? " camped" : " spread") + " benchmark; used " +
                     opName(Cs.front()->TheOp) +
                     (Cs.front()->Camped ? " camped" : " spread"));
  std::sort(Cs.begin(), Cs.end(),
            [](const BandwidthClass *X, const BandwidthClass *Y) {
              return X->Width < Y->Width;
            });
  double X = std::log2(std::max(Spr, 1.0));
  if (Cs.size() == 1 || X <= std::log2((double)Cs.front()->Width)) {
    A = Cs.front()->MsPerByte;
    L = Cs.front()->MsPerStep;
    return;
  }
  for (size_t I = 1; I < Cs.size(); ++I) {
    double X0 = std::log2((double)Cs[I - 1]->Width);
    double X1 = std::log2((double)Cs[I]->Width);
    if (X <= X1) {
      double F = (X - X0) / (X1 - X0);
      A = Cs[I - 1]->MsPerByte + F * (Cs[I]->MsPerByte - Cs[I - 1]->MsPerByte);
      L = Cs[I - 1]->MsPerStep + F * (Cs[I]->MsPerStep - Cs[I - 1]->MsPerStep);
      return;
    }
  }
  // Wider than any benchmark (e.g. 32 sectors per request): bandwidth per
  // byte stays; the latency of a request keeps growing with its sectors as
  // between the two widest benchmarks.
  const BandwidthClass *Hi = Cs.back();
  A = Hi->MsPerByte;
  L = Hi->MsPerStep;
  if (Cs.size() >= 2) {
    const BandwidthClass *Lo = Cs[Cs.size() - 2];
    if (Lo->MsPerStep > 0 && Hi->MsPerStep > 0) {
      double Slope = std::log(Hi->MsPerStep / Lo->MsPerStep) /
                     std::log((double)Hi->Width / Lo->Width);
      L = Hi->MsPerStep * std::pow(Spr / Hi->Width, std::max(Slope, 0.0));
    }
  }
}

bool BandwidthModel::hasCamped() const {
  return std::any_of(Classes.begin(), Classes.end(),
                     [](const BandwidthClass &C) { return C.Camped; });
}

namespace {
struct Terms {
  double BwMs = 0, LatMsWarps = 0, L1Bytes = 0, DramBytes = 0;
};
} // namespace

/// Atomics on an allocation at the GPU's rate on a table that size. Past
/// L2, where the benchmark's updates each bring their own sector from DRAM,
/// the rate is one of sectors: the sectors the sampled block had not
/// touched before go at the large table's rate, the others are found in L2.
static double atomicTableMs(const BandwidthModel &M, const Traffic &T,
                            const MemItem &I) {
  double Rate = M.Atomics.perMsOnTable(I.TableWords, I.TableBytes, M.L2Bytes);
  if (M.L2Bytes <= 0 || I.TableBytes <= M.L2Bytes)
    return I.AtomicUpdates / Rate;
  double Sectors = std::min(I.AtomicUpdates, I.Bytes / 32);
  double Fresh = Sectors * T.freshShare(I);
  return Fresh / Rate + (Sectors - Fresh) / M.Atomics.perMsInL2(M.L2Bytes);
}

/// The bandwidth and latency terms of a kernel. L1Hits: reuse inside a
/// block is served by L1 (its blocks' working sets fit), else by L2.
static Terms kernelTerms(const BandwidthModel &M, const Traffic &T, bool Camped,
                         bool L1Hits, std::vector<std::string> *Notes) {
  Terms R;
  double DramMs = 0, L2Ms = 0, TagMs = 0, PartialMs = 0, ReqMs = 0;
  double LocalMs = 0, FewWordsMs = 0;
  // Read/write turnarounds come as often as the rarer of the two streams
  // switches: a store stream with a few loads beside it (a table read per
  // block) turns around once per load, not once per store. Every row the
  // term is fitted on has at least as many loads as stores.
  double LoadRequests = 0, StoreRequests = 0;
  for (const MemItem &I : T.Items)
    (I.Waits ? LoadRequests : StoreRequests) += I.Requests;
  double Turnarounds =
      StoreRequests > 0 ? std::min(1.0, LoadRequests / StoreRequests) : 0;
  // Per-SM bounds fall on the SMs the grid occupies; the partial-sector
  // merge happens at L2, for the whole GPU (the ghost-layer copy's 128
  // blocks take twice its 64 blocks' time: twice the sectors, twice the
  // SMs).
  const double Sm = M.smsInUse(T), AllSm = M.SmCount;
  // Loads in flight together (mlp > 1) return when the slowest of them
  // does: a step of the group waits for its members' longest round trip,
  // not their mean (an L1 hit beside a DRAM miss saves nothing). The
  // profile names no group; loads of one group run in one basic block, so
  // they share mlp and sampled request count. Whole-grid counts give an
  // unrolled loop's copies the same count, which the sampled block's log
  // rarely did: there a group has mlp members, taken in site order.
  using GroupKey = std::tuple<double, double, size_t>; // mlp, requests, nth
  const bool LocalOnChip = M.LocalMsPerSector > 0;
  std::vector<std::optional<GroupKey>> GroupOf(T.Items.size());
  std::map<GroupKey, std::set<int>> GroupObjects;
  {
    std::map<std::pair<double, double>, size_t> Members;
    for (size_t K = 0; K < T.Items.size(); ++K) {
      const MemItem &I = T.Items[K];
      if ((I.Local && LocalOnChip) || !I.Waits || I.Mlp <= 1 ||
          I.SampledRequests <= 0)
        continue;
      size_t Nth = Members[{I.Mlp, I.SampledRequests}]++;
      GroupOf[K] = GroupKey{I.Mlp, I.SampledRequests,
                            T.CountsFromGrid ? Nth / (size_t)I.Mlp : 0};
      if (I.Use >= 0)
        GroupObjects[*GroupOf[K]].insert(T.Uses[(size_t)I.Use].ObjectId);
    }
  }
  std::map<GroupKey, double> Slowest;
  std::vector<std::pair<GroupKey, double>> GroupSteps;
  for (size_t K = 0; K < T.Items.size(); ++K) {
    const MemItem &I = T.Items[K];
    double A = 0, L = 0;
    M.coefficients(
        I.TheOp, Camped,
        classSectorsPerRequest(I.SectorsPerRequest, I.LinesPerRequest), A, L,
        Notes);
    // Loads in flight together from separate allocations each open DRAM
    // pages of their own: their DRAM round trip is the streams rows', not
    // the side-by-side latency rows'.
    if (GroupOf[K])
      L *= M.Streams.factor(
          std::min<double>((double)GroupObjects[*GroupOf[K]].size(), I.Mlp));
    // Atomics and loads that skip L1 on an allocation of known size: the
    // GPU's rate on a table that size bounds them, whatever else they
    // cost. The slices that own its words do both, so their times add.
    if (I.AtomicUpdates > 0 && I.TableWords > 0 && M.Atomics.known())
      FewWordsMs += atomicTableMs(M, T, I);
    if (I.SkipsL1 && I.TableWords > 0 && M.HotLoads.known())
      FewWordsMs += I.Requests / M.HotLoads.perMsOnTable(
                                     I.TableWords, I.TableBytes, M.L2Bytes);
    // On a table no larger than the benchmark's, that rate was measured
    // with the atomics' own sectors moving through L2 and DRAM: their bytes
    // are not charged again.
    const bool RatedAtomic =
        I.OfAtomic && I.TableWords > 0 &&
        M.Atomics.measuredFor(I.TableWords, I.TableBytes, M.L2Bytes);
    // An atomic whose result is used (an atomicCAS loop's old value, a
    // returned slot) makes its warp wait for the L2 that performs it.
    if (I.AtomicWaits && M.L2.MsPerStep > 0)
      R.LatMsWarps += I.Requests / Sm * M.L2.MsPerStep;
    // Local memory stays on chip: its own measured costs replace the DRAM,
    // L2 and tag-stage ones (a store keeps its issue cost L).
    if (I.Local && LocalOnChip) {
      double Sectors = I.Bytes / 32;
      R.L1Bytes += I.Bytes;
      LocalMs += Sectors / Sm * M.LocalMsPerSector;
      if (I.Waits)
        L = I.SectorsPerRequest * M.LocalMsPerSectorStep;
      double Steps = I.Waits ? I.Requests / std::max(I.Mlp, 1.0) : I.Requests;
      R.LatMsWarps += Steps / Sm * L;
      continue;
    }
    double B = T.dramBytes(I, M.L2Bytes, M.L2Reuse);
    // Words the block's warps share at the same trip are in L1 when the
    // later warps ask, whatever the block's whole footprint (Nsight
    // Compute, gemm_row_walk: 87-89% L1 hits at 8-60 warps/SM).
    // None of it for loads that skip L1 (their re-reads are none either).
    double H1 = (L1Hits || I.SharedAcrossWarps) && !I.SkipsL1
                    ? T.inBlockReuseBytes(I)
                    : 0;
    // What a warp re-reads right after loading it is in L1 whatever the
    // footprint (the fields of a structure read one load each).
    double Reread = I.Bytes * I.RereadShare;
    double H1Block = std::max(0.0, H1 - Reread);
    H1 = std::max(H1, Reread);
    R.L1Bytes += I.Bytes;
    R.DramBytes += B;
    // Every L1 miss passes through L2, the DRAM misses too: L2 bandwidth
    // bounds the L1-level traffic L1 does not serve, DRAM bandwidth its
    // DRAM part.
    if (!RatedAtomic) {
      DramMs += B * A * (sparseLineItem(I) ? M.SparseLineFactor : 1);
      L2Ms += (I.Bytes - H1) * M.L2.MsPerByte;
    }
    // Every load request, hit or miss, holds L1's tag stage once per line.
    if (I.Waits)
      TagMs += I.Requests * I.LinesPerRequest / Sm * M.L1.MsPerLine;
    double Steps = I.Waits ? I.Requests / std::max(I.Mlp, 1.0) : I.Requests;
    // L2 accepts a bounded number of load requests per SM whatever their
    // sectors: the ones L1 does not serve (hits and DRAM misses alike)
    // queue there. This bounds narrow gathers that bytes do not.
    if (I.Waits && I.Bytes > 0)
      ReqMs += I.Requests * (1 - H1 / I.Bytes) / Sm * M.L2.MsPerRequest;
    if (I.Waits && M.L2.known() && I.Bytes > 0) {
      // A request made of re-read sectors alone is an L1 hit; the others
      // wait for their sectors that miss, shared as the bytes that can.
      double Fresh = I.freshBytes();
      double F1 = Fresh > 0 ? std::min(1.0, H1Block / Fresh) : 0;
      double FD = Fresh > 0 ? std::min(1.0, B / Fresh) : 0;
      double F2 = Fresh > 0 ? std::max(0.0, 1 - F1 - FD) : 0;
      // An L1 hit of n lines waits for the tag stage n - 1 lines longer.
      double L1Step = M.L1.MsPerStep + (I.LinesPerRequest - 1) * M.L1.MsPerLine;
      // A site a warp runs once can reuse a sector only from another warp
      // of its block, which issued the same load at the same moment: the
      // sector is still in flight, so L1 saves its bytes but not the wait
      // (the request merges with the first miss and returns with it).
      // So do words the block's warps share at each trip (hot_spot): the
      // warps wait for the first one's miss, an L2 round trip per step
      // (gemm_row_walk: 186 ns a step at 8 warps/SM, 87% L1 hits).
      bool Concurrent =
          I.Requests <= T.totalWarps() * (1 + 1e-9) || I.SharedAcrossWarps;
      if (Concurrent && FD + F2 > 0) {
        FD /= FD + F2;
        F2 = 1 - FD;
        F1 = 0;
      }
      double Hit = Fresh > 0 ? I.RereadRequestShare : 1;
      L = Hit * L1Step +
          (1 - Hit) * (FD * L + F2 * M.L2.MsPerStep + F1 * L1Step);
    }
    // A store of a warp that also loads does not make the warp wait (it
    // keeps its pure-stream issue cost L), but the SM's stream of stores
    // interleaved with loads costs a fixed time per request whatever the
    // occupancy (read/write turnaround): a throughput term, not latency.
    if (!I.Waits)
      DramMs += I.Requests * Turnarounds / Sm * M.MixedStoreMsPerStep;
    // A sector written in part is merged into its line at L2 at a rate of
    // its own, well below the full-sector rate; sectors written in part
    // far apart cost a line's time each (stride rows).
    PartialMs += std::max(I.PartialSectors * M.PartialStoreMsPerSector,
                          I.partialLines() * M.PartialStoreMsPerLine) /
                 AllSm;
    if (GroupOf[K]) {
      const GroupKey &G = *GroupOf[K];
      Slowest[G] = std::max(Slowest[G], L);
      GroupSteps.push_back({G, Steps});
      continue;
    }
    R.LatMsWarps += Steps / Sm * L;
  }
  for (const auto &[G, Steps] : GroupSteps)
    R.LatMsWarps += Steps / Sm * Slowest[G];
  // A warp's own instructions between its round trips wait on one another.
  R.LatMsWarps += T.IssueSlots / Sm * M.DependentMsPerSlot;
  // Shared loads: a round trip per group in flight together, and the
  // group's wavefronts after its first one behind it.
  if (M.SharedMsPerStep > 0 && T.SharedStepsKnown)
    R.LatMsWarps += (T.SharedLoadSteps * M.SharedMsPerStep +
                     std::max(0.0, T.SharedLoadWavefronts - T.SharedLoadSteps) *
                         M.SharedMsPerWavefront) /
                    Sm;
  // The round trips and the arithmetic between them are the chains of the
  // warps that reach global memory; a block's other warps hold their slots
  // until it ends, so fewer chains share the resident warps' time.
  if (M.ChainsOnWorkingWarps)
    R.LatMsWarps /= T.WorkingWarpShare;
  // A block's launch and retirement hold its warps' slots: one more serial
  // step per warp.
  R.LatMsWarps += T.totalWarps() / Sm * M.BlockMs;
  // Every throughput bound of the memory path, combined as one p-norm, and
  // the GPU's rate of starting blocks.
  double BlockStartMs = T.Blocks * M.BlockStartMsPerBlock;
  for (double Bound : {DramMs, L2Ms, TagMs, PartialMs, ReqMs, LocalMs,
                       FewWordsMs, BlockStartMs})
    R.BwMs = smoothMax(R.BwMs, Bound, M.P);
  return R;
}

KernelCurve BandwidthModel::curve(const Traffic &T, bool Camped,
                                  std::vector<std::string> *Notes) const {
  if (SmCount <= 0)
    fail("", "bandwidth", "calibration has no sm_count");
  KernelCurve K;
  // A kernel that stores is done when its last stores are: their round
  // trip, once, beside the launch.
  double Drain = 0;
  for (const MemItem &I : T.Items)
    if (!I.Waits && !I.Local)
      Drain = std::max(Drain, I.PartialSectors > 0 ? PartialStoreDrainMs
                                                   : StoreDrainMs);
  // What the previous launch left dirty, beyond what the kernel leaves for
  // its next launch: the calibration times every kernel after itself.
  if (T.InheritedDirtyBytes && WriteBackMsPerByte > 0) {
    double Alloc = T.allocatedBytes(L2Bytes);
    K.InheritedMs =
        WriteBackMsPerByte *
        std::max(0.0, writeBackBytes(*T.InheritedDirtyBytes, Alloc, L2Bytes,
                                     DirtyL2Share) -
                          writeBackBytes(T.storedBytes(L2Bytes), Alloc, L2Bytes,
                                         DirtyL2Share));
    if (Notes && K.InheritedMs > 0)
      Notes->push_back("the previous launch left " +
                       fmtFixed(*T.InheritedDirtyBytes / 1e6, 1) +
                       " MB dirty in L2: " + fmtFixed(K.InheritedMs * 1000, 1) +
                       " us of write-back charged");
  }
  double Warm = 0;
  for (const ObjectUse &U : T.Uses)
    Warm += U.WarmBytes;
  if (Notes && Warm > 0)
    Notes->push_back("the previous launch left " + fmtFixed(Warm / 1e6, 2) +
                     " MB of what this one reads in L2: read as L2 hits");
  K.LaunchMs = LaunchMs + Drain + K.InheritedMs;
  K.P = P;
  K.GridWarpsPerSm = T.totalWarps() / smsInUse(T);
  K.Blocks = T.Blocks;
  K.WarpsPerBlock = T.WarpsPerBlock;
  K.Sms = SmCount;
  Terms A = kernelTerms(*this, T, Camped, false, Notes);
  K.BwMs = A.BwMs;
  K.LatMsWarps = A.LatMsWarps;
  K.IssueMs = T.IssueSlots / smsInUse(T) * IssueMsPerSlot;
  K.SharedMs = T.SharedWavefronts / smsInUse(T) * SharedMsPerWavefront;
  // Reuse inside a block hits L1 while the resident blocks' working sets
  // (and their shared memory, plus the 1 KiB the driver reserves per
  // block) fit in the unified L1 / shared memory.
  double Foot = T.blockLoadFootprint();
  if (L1.known() && L2.known() && Foot > 0) {
    double Fit =
        std::floor(L1.BytesPerSm / (Foot + T.SharedBytesPerBlock + 1024));
    if (Fit >= 1) {
      Terms H = kernelTerms(*this, T, Camped, true, nullptr);
      K.L1MaxWarps = Fit * T.WarpsPerBlock;
      K.BwMsL1 = H.BwMs;
      K.LatMsWarpsL1 = H.LatMsWarps;
    }
  }
  if (Notes && A.L1Bytes > 0 && A.DramBytes < 0.99 * A.L1Bytes)
    Notes->push_back("DRAM traffic estimated at " +
                     fmtFixed(100 * A.DramBytes / A.L1Bytes, 1) +
                     "% of the L1-level sectors (reuse inside a block or "
                     "an allocation that fits in L2)");
  if (Notes && K.L1MaxWarps > 0)
    Notes->push_back("reuse inside a block served by L1 up to " +
                     fmtFixed(K.L1MaxWarps, 0) + " warps/SM (working set " +
                     fmtFixed(Foot / 1024, 1) + " KiB per block)");
  return K;
}

double BandwidthModel::smsInUse(const Traffic &T) const {
  return std::max(1.0, std::min<double>(SmCount, T.Blocks));
}

double BandwidthModel::kernelTime(const Traffic &T, bool Camped, double Warps,
                                  std::vector<std::string> *Notes) const {
  return curve(T, Camped, Notes).at(Warps);
}

} // namespace sectorscope::model
