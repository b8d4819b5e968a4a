//===- BandwidthTermFits.cpp - Costs fitted once the classes are known ----===//
//
// Each term is one coefficient of the kernel form, fitted on the rows of
// the experiment that isolates it, described as kernels and predicted by
// the model itself: the store cost of warps that also load, the cost of a
// block, partial stores, local memory and lines read alone. The L1 and L2
// figures, the store drain, atomic rates and the write-back are derived
// from their rows directly.
//
//===----------------------------------------------------------------------===//
#include "model/lib/BandwidthTermFits.h"
#include "sectorscope/model/LocalRows.h"
#include "sectorscope/model/SharedRows.h"
#include "sectorscope/model/SmallGridRows.h"
#include "sectorscope/model/SparseLineRows.h"
#include "sectorscope/model/StreamSteps.h"
#include "sectorscope/model/WriteBack.h"

#include <algorithm>
#include <cmath>

namespace sectorscope::model {

/// A gt200 row as a kernel: per thread N loads (L of them one word off, 5
/// sectors per request instead of 4) then N stores (M off). The loop is
/// unrolled by 8 (microbench/cuda/Gt200.cu, `#pragma unroll 8`): N loads
/// take ceil(N / 8) round trips.
static Traffic gt200Traffic(const BenchRow &R) {
  Traffic T;
  double N = *R.N, L = R.L.value_or(0), M = R.M.value_or(0);
  double Nodes = *R.BytesMoved / (2 * N * 4);
  double Warps = std::ceil(Nodes / 32);
  T.Blocks = R.Blocks.value_or(1);
  T.WarpsPerBlock = R.Threads ? std::ceil(*R.Threads / 32.0) : 1;
  double Trips = std::ceil(N / 8);
  auto Add = [&](Op O, double Count, double Spr) {
    if (Count <= 0)
      return;
    MemItem I;
    I.TheOp = O;
    I.Waits = O == Op::Read;
    I.SectorsPerRequest = Spr;
    I.Requests = Warps * Count;
    I.Bytes = I.Requests * Spr * 32;
    // Round trips shared pro rata between the aligned and misaligned loads.
    I.Mlp = O == Op::Read ? N / Trips : 1;
    T.Items.push_back(I);
  };
  Add(Op::Read, N - L, 4);
  Add(Op::Read, L, 5);
  Add(Op::Write, N - M, 4);
  Add(Op::Write, M, 5);
  return T;
}

static bool usableGt200(const BenchRow &R) {
  return R.Experiment == "gt200" && R.N && *R.N >= 1 && R.BytesMoved &&
         *R.BytesMoved > 0 && R.Warps > 0 && R.Blocks && R.Threads;
}

double scoreRows(const BandwidthModel &M, const KernelRows &Rows, double &Geo) {
  double S = 0, LogSum = 0;
  for (auto &[T, R] : Rows) {
    double E = std::log(M.kernelTime(T, false, R->Warps, nullptr) / R->TimeMs);
    S += E * E;
    LogSum += std::log(std::max(std::abs(std::exp(E) - 1), 1e-4));
  }
  Geo = Rows.empty() ? 0 : std::exp(LogSum / (double)Rows.size());
  return S;
}

/// Sets V to the value in [From, 1e-2] ms that minimizes Score (a log grid,
/// then a finer one around the best): the form is monotone in each of the
/// one-dimensional coefficients fitted this way.
template <typename F>
static void search1D(double &V, F Score, double From = 1e-7) {
  double Best = 0, BestS = 1e300;
  for (int Pass = 0; Pass < 2; ++Pass) {
    double Lo = Pass ? Best / 1.5 : From, Hi = Pass ? Best * 1.5 : 1e-2;
    for (int I = 0; I <= 200; ++I) {
      V = Lo * std::pow(Hi / Lo, I / 200.0);
      double S = Score();
      if (S < BestS) {
        BestS = S;
        Best = V;
      }
    }
  }
  V = Best;
}

/// Fits the one coefficient `Coef` of M on `Fit` (search1D), then records
/// how many rows it was fitted on, their geometric-mean relative error, and
/// the same for the `Held` rows it predicts without seeing them (left
/// untouched when there are none).
static void fitTerm(BandwidthModel &M, double &Coef, const KernelRows &Fit,
                    const KernelRows &Held, size_t &FitRows, double &FitErr,
                    size_t &HeldRows, double &HeldErr) {
  double Geo = 0;
  search1D(Coef, [&] { return scoreRows(M, Fit, Geo); });
  FitRows = Fit.size();
  scoreRows(M, Fit, FitErr);
  HeldRows = Held.size();
  if (!Held.empty())
    scoreRows(M, Held, HeldErr);
}

/// MixedStoreMsPerStep from the aligned gt200 rows and the loadstore rows
/// (LoadStore; empty when they do not take part); the misaligned gt200
/// rows are held out and predicted.
static void fitMixed(BandwidthModel &M, const BenchData &D,
                     const KernelRows &LoadStore) {
  KernelRows Fit, Held;
  for (const BenchRow &R : D.Rows)
    if (usableGt200(R))
      (R.L.value_or(0) == 0 && R.M.value_or(0) == 0 ? Fit : Held)
          .push_back({gt200Traffic(R), &R});
  Fit.insert(Fit.end(), LoadStore.begin(), LoadStore.end());
  if (Fit.size() < 2)
    return;
  fitTerm(M, M.MixedStoreMsPerStep, Fit, Held, M.MixedRows,
          M.MixedGeomeanRelErr, M.HeldOutRows, M.HeldOutGeomeanRelErr);
}

/// A block-experiment row as a kernel: every thread loads N words and
/// stores each (the store needs its load: one round trip per word), 4-byte
/// words, coalesced (microbench/cuda/Latency.cu, blockCopyKernel).
static Traffic blockTraffic(const BenchRow &R) {
  Traffic T = benchRowGrid(R);
  double Requests = T.totalWarps() * R.N.value_or(1);
  for (Op O : {Op::Read, Op::Write}) {
    MemItem I;
    I.TheOp = O;
    I.Waits = O == Op::Read;
    I.SectorsPerRequest = 4;
    I.Requests = Requests;
    I.Bytes = Requests * 4 * 32;
    T.Items.push_back(I);
  }
  return T;
}

/// BlockMs from the block rows: the same bytes in more, shorter blocks.
/// The GPU's block start rate (BlockStartMsPerBlock) is fitted on the same
/// rows beside it and kept only where the pair fits them better than
/// BlockMs alone (rows that never reach the rate leave it 0).
static void fitBlockCost(BandwidthModel &M, const BenchData &D) {
  KernelRows Rows;
  for (const BenchRow *R : D.rowsOf("block"))
    if (R->Blocks && R->Threads && R->Warps > 0 && R->N && *R->N >= 1)
      Rows.push_back({blockTraffic(*R), R});
  if (Rows.size() < 2)
    return;
  size_t NoHeld = 0;
  double NoHeldErr = -1, Geo = 0;
  auto FitBlockMs = [&] {
    fitTerm(M, M.BlockMs, Rows, {}, M.BlockRows, M.BlockGeomeanRelErr, NoHeld,
            NoHeldErr);
    return scoreRows(M, Rows, Geo);
  };
  double Start = M.BlockStartMsPerBlock;
  M.BlockStartMsPerBlock = 0;
  double Without = FitBlockMs(), With = Without;
  M.BlockStartMsPerBlock = Start > 0 ? Start : 1e-6;
  for (int Round = 0; Round < 2; ++Round) {
    search1D(
        M.BlockStartMsPerBlock, [&] { return scoreRows(M, Rows, Geo); }, 1e-9);
    With = FitBlockMs();
  }
  if (With >= Without) {
    M.BlockStartMsPerBlock = 0;
    FitBlockMs();
  }
}

/// A `stride` or `offset` write row as a kernel: a 4- or 16-byte word per
/// lane, lanes `stride` words apart, the base `offset` bytes off a sector
/// (microbench/cuda/Stream.cu). Lanes up to a sector apart write every
/// sector of the span they cover; farther apart, a sector each. A sector
/// is written in part when the lanes skip words in it (stride >= 2) or the
/// misaligned ends of a request cut it.
static Traffic partialStoreTraffic(const BenchRow &R) {
  double Word = R.WordBytes, Stride = std::max(R.Stride, 1.0);
  double Step = Stride * Word; // bytes from one lane to the next
  Traffic T = benchRowGrid(R);
  MemItem I;
  I.TheOp = Op::Write;
  I.Waits = false;
  I.Requests = *R.BytesMoved / (32 * Word);
  bool Misaligned = std::fmod(R.OffsetBytes, 32) != 0;
  // A request of 32 lanes covers 32 x step bytes; a misaligned one
  // touches one sector more, its two end sectors in part.
  I.SectorsPerRequest = Step > 32 ? 32 : 32 * Step / 32 + (Misaligned ? 1 : 0);
  I.LinesPerRequest = std::clamp(std::ceil(32 * Step / 128), 1.0, 32.0);
  I.Bytes = I.Requests * I.SectorsPerRequest * 32;
  I.PartialSectors = Stride >= 2 ? I.Requests * I.SectorsPerRequest
                                 : (Misaligned ? 2 * I.Requests : 0);
  I.PartialLeftOpen = true; // each word is written once
  T.Items.push_back(I);
  return T;
}

/// The partial-store costs: PartialStoreMsPerSector from the stride write
/// rows that write every sector of their span in part (lanes 2..32 bytes
/// apart), then PartialStoreMsPerLine from those whose lanes are farther
/// apart (a sector or two per line); the misaligned offset write rows are
/// held out and predicted.
static void fitPartialStores(BandwidthModel &M, const BenchData &D) {
  KernelRows Dense, Sparse, Held;
  for (const char *E : {"stride", "offset"})
    for (const BenchRow *R : D.rowsOf(E)) {
      if (R->TheOp != Op::Write || R->WordBytes <= 0 || !R->Blocks ||
          !R->Threads || !R->BytesMoved || *R->BytesMoved <= 0 || R->Warps <= 0)
        continue;
      Traffic T = partialStoreTraffic(*R);
      if (T.Items[0].PartialSectors <= 0)
        continue;
      if (std::string(E) == "offset")
        Held.push_back({T, R});
      else
        (R->Stride * R->WordBytes > 32 ? Sparse : Dense).push_back({T, R});
    }
  if (Dense.empty())
    return;
  fitTerm(M, M.PartialStoreMsPerSector, Dense, Held, M.PartialRows,
          M.PartialGeomeanRelErr, M.PartialHeldOutRows,
          M.PartialHeldOutGeomeanRelErr);
  if (Sparse.empty())
    return;
  size_t NoHeld = 0;
  double NoHeldErr = -1;
  fitTerm(M, M.PartialStoreMsPerLine, Sparse, {}, M.PartialLineRows,
          M.PartialLineGeomeanRelErr, NoHeld, NoHeldErr);
}

/// A throughput cost and a round-trip cost of one kind of on-chip memory
/// from its rows (as kernels): they meet where the rows' occupancy hides
/// the trip; alternate the two 1-D fits (each monotone) from a start that
/// charges only the throughput. Both stay 0 without rows.
static void fitOnChipCosts(BandwidthModel &M, const KernelRows &Rows,
                           double &Throughput, double &Step, size_t &Fitted,
                           double &GeomeanRelErr) {
  Throughput = Step = 0;
  Fitted = 0;
  if (Rows.empty())
    return;
  double Geo = 0;
  Step = 1e-7;
  for (int Round = 0; Round < 3; ++Round) {
    search1D(Throughput, [&] { return scoreRows(M, Rows, Geo); });
    search1D(Step, [&] { return scoreRows(M, Rows, Geo); });
  }
  Fitted = Rows.size();
  scoreRows(M, Rows, GeomeanRelErr);
}

/// The local-memory costs from the `local` rows: the time per sector and
/// the round trip per sector of a load.
static void fitLocal(BandwidthModel &M, const BenchData &D) {
  KernelRows Rows;
  for (const BenchRow *R : D.rowsOf("local"))
    if (usableLocalRow(*R))
      Rows.push_back({localTraffic(*R), R});
  fitOnChipCosts(M, Rows, M.LocalMsPerSector, M.LocalMsPerSectorStep,
                 M.LocalRows, M.LocalGeomeanRelErr);
}

/// The shared-memory costs from the `shared` rows: the time per wavefront
/// (throughput, and each wavefront after a group's first in its round
/// trip) and the round trip of a load.
static void fitShared(BandwidthModel &M, const BenchData &D) {
  KernelRows Rows;
  for (const BenchRow *R : D.rowsOf("shared"))
    if (usableSharedRow(*R))
      Rows.push_back({sharedTraffic(*R), R});
  fitOnChipCosts(M, Rows, M.SharedMsPerWavefront, M.SharedMsPerStep,
                 M.SharedRows, M.SharedGeomeanRelErr);
}

/// SparseLineFactor from the stride read rows with lanes a line or more
/// apart (lib/SparseLineRows.cpp), on a log grid of factors 1..8 (the
/// time is monotone in it).
static void fitSparseLines(BandwidthModel &M, const BenchData &D) {
  KernelRows Rows;
  for (const BenchRow &R : D.Rows)
    if (usableSparseLineRow(R))
      Rows.push_back({sparseLineTraffic(R), &R});
  M.SparseLineFactor = 1;
  M.SparseLineRows = 0;
  if (Rows.empty())
    return;
  double Best = 1, BestS = 1e300, Geo = 0;
  for (int I = 0; I <= 300; ++I) {
    M.SparseLineFactor = std::pow(8.0, I / 300.0);
    double S = scoreRows(M, Rows, Geo);
    if (S < BestS) {
      BestS = S;
      Best = M.SparseLineFactor;
    }
  }
  M.SparseLineFactor = Best;
  M.SparseLineRows = Rows.size();
  scoreRows(M, Rows, M.SparseLineGeomeanRelErr);
}

void fitDependentTerms(BandwidthModel &M, const BenchData &D,
                       const KernelRows &LoadStore) {
  M.L2 = deriveL2Figures(D, M.LaunchMs, M.SmCount, M.Classes);
  M.L1 = deriveL1Figures(D, M.LaunchMs, M.SmCount);
  // Measured differences of times: known before the terms below are fitted
  // on rows that store, whose predictions include them.
  StoreDrain Drain = deriveStoreDrain(D);
  M.StoreDrainMs = Drain.FullMs;
  M.PartialStoreDrainMs = Drain.PartialMs;
  // The store and block terms are fitted on different rows but each sees
  // the other: alternate twice (each 1-D fit is monotone).
  for (int Round = 0; Round < 2; ++Round) {
    fitMixed(M, D, LoadStore);
    fitBlockCost(M, D);
  }
  // The stride rows are pure write streams: neither term above applies.
  fitPartialStores(M, D);
  fitLocal(M, D);
  fitShared(M, D);
  M.Atomics = deriveTableRates(D, "atomic", M.LaunchMs);
  M.HotLoads = deriveTableRates(D, "hot_load", M.LaunchMs);
  fitSparseLines(M, D);
  M.Streams = fitStreamSteps(D);
  WriteBackFit WB = fitWriteBack(D, M.L2Bytes);
  M.WriteBackMsPerByte = WB.MsPerByte;
  M.DirtyL2Share = WB.Share;
  M.WriteBackRows = WB.Rows;
  M.WriteBackGeomeanRelErr = WB.GeomeanRelErr;
}

} // namespace sectorscope::model
