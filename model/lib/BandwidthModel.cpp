//===- BandwidthModel.cpp - Little's-law bandwidth / latency model --------===//
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/LoadStoreRows.h"
#include "sectorscope/model/LocalRows.h"
#include "sectorscope/model/Regression.h"
#include "sectorscope/model/SmallGridRows.h"
#include "sectorscope/model/SparseLineRows.h"
#include "sectorscope/model/TextTable.h"
#include "sectorscope/model/WriteBack.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sectorscope::model {

static std::string className(Op O, bool Camped, int Width) {
  return std::string(opName(O)) + (Camped ? " camped " : " spread ") +
         std::to_string(Width) + "B";
}

double smoothMax(double A, double B, double P) {
  double M = std::max(A, B);
  if (!(M > 0))
    return 0;
  return M * std::pow(std::pow(A / M, P) + std::pow(B / M, P), 1.0 / P);
}

double KernelCurve::effectiveWarps(double W) const {
  // A grid with fewer warps than the occupancy allows fills each SM with
  // what it has; below 1 warp/SM the latency term becomes one warp's chain.
  return std::max(std::min(W, GridWarpsPerSm), 1e-9);
}

double KernelCurve::at(double Warps) const {
  return LaunchMs +
         smoothMax(bwMs(Warps) * BwScale,
                   LatScale * latMsWarps(Warps) / effectiveWarps(Warps), P);
}

KernelCurve KernelCurve::throughPoint(double Warps, double MeasuredMs) const {
  KernelCurve K = *this;
  K.BwScale = K.LatScale = 1;
  double E = MeasuredMs - LaunchMs;
  if (!(E > 0)) { // Faster than the launch latency: a flat line.
    K.LaunchMs = MeasuredMs;
    K.BwScale = K.LatScale = 0;
    return K;
  }
  double Lw = latMsWarps(Warps) / effectiveWarps(Warps);
  double BwMs = bwMs(Warps);
  if (E > BwMs && Lw > 0) {
    // Above the bandwidth floor: the latency term carries the difference
    // (the kernel's effective round trips, e.g. an mlp the count missed).
    K.LatScale = std::pow(std::pow(E, P) - std::pow(BwMs, P), 1.0 / P) / Lw;
    return K;
  }
  // At or below the floor (or no latency term): the traffic estimate is
  // off by a factor; scale both terms by it.
  double S = smoothMax(BwMs, Lw, P);
  K.BwScale = K.LatScale = S > 0 ? E / S : 0;
  return K;
}

double benchRowMlp(const BenchRow &R) {
  if (R.Mlp)
    return *R.Mlp;
  // From the SASS of microbench/cuda (cuobjdump on the H200, 2026-11-21,
  // model/results/h200-2026-11-21-s4): ptxas unrolls campKernel's 4-load
  // trip 4 times; with 1-8 B words the 16 loads use distinct registers and
  // two trips overlap (the latency group's exact-mlp round trips agree: 8
  // loads of 4 sectors take 423 ns, campprof's 4B trip 230 ns at 1
  // warp/SM); 8 and 16 B words (2 and 4 registers each, 32 registers per
  // thread under the kernel's launch bounds) reuse the registers of the
  // trip before (4).
  // streamRead's loop body holds exactly its 8 (1-4 B) or 4 (8, 16 B)
  // loads (the stride rows run it too).
  if (R.Experiment == "campprof")
    return R.WordBytes >= 8 ? 4 : 8;
  if (R.Experiment == "stream" || R.Experiment == "stride")
    return R.WordBytes >= 8 ? 4 : 8;
  return 0;
}

/// Sectors per warp request of a benchmark row, the key of its class: the
/// word bytes of a coalesced row (1..16 B words: 1..16 sectors); a latency
/// row says its own (lane stride).
static int classWidth(const BenchRow &R) {
  return R.Experiment == "latency" ? (int)R.sectorsPerRequest() : R.WordBytes;
}

/// Rows the bandwidth classes are fitted to: read or write rows with bytes
/// and a width; a latency row only when it walks DRAM (its L2 twin feeds
/// the L2 round trip, lib/L2Figures.cpp). The small grids' chains are held
/// out (lib/SmallGridRows.cpp).
static bool classRow(const BenchRow &R) {
  if (!R.TheOp || !R.BytesMoved || *R.BytesMoved <= 0 || !R.WordBytes ||
      R.Warps <= 0 || R.Experiment == "small")
    return false;
  if (R.Experiment != "latency")
    return true;
  // A class stands for requests of its sectors in linesPerRequest lines (32
  // sectors: a line per lane, a column walk, as the model takes a site's
  // 32-sector requests to be); a chain whose lanes span another number of
  // lines (32 sectors in 8: lanes 32 bytes apart) is left out.
  double Lines = std::max(1.0, std::ceil(R.Stride * R.WordBytes * 32 / 128));
  return R.Dram &&
         (R.Stride <= 0 || Lines == linesPerRequest(R.sectorsPerRequest()));
}

namespace {

/// One benchmark row as the fit sees it.
struct FitRow {
  const BenchRow *Row;
  size_t Class;
  double Bytes, Z, T;             ///< Z: serial steps per SM / effective warps.
  double Requests = 0, Lines = 1; ///< Warp requests; lines per request.
  /// The throughput bounds other than DRAM that kernelTerms charges the
  /// row as a kernel (L2 bytes, L1 tags, L2 requests), for the launch being
  /// tried: the class's `a` is fitted beside them, so a spread stream
  /// predicted as a kernel gets back the time it was fitted to.
  double L2Ms = 0, TagMs = 0, ReqMs = 0;
};

struct Solution {
  double LaunchMs = 0, P = 1, Score = 1e300;
  std::vector<double> A, L;
};

/// The other throughput bounds of a row, as one p-norm (0 for camped
/// rows: their classes stay fitted alone).
double otherBound(const FitRow &R, double P) {
  double O = 0;
  for (double B : {R.L2Ms, R.TagMs, R.ReqMs})
    O = smoothMax(O, B, P);
  return O;
}

double predictRow(const FitRow &R, const Solution &S) {
  return S.LaunchMs +
         smoothMax(smoothMax(R.Bytes * S.A[R.Class], otherBound(R, S.P), S.P),
                   R.Z * S.L[R.Class], S.P);
}

} // namespace

/// For fixed launch and p, fits (a^p, L^p) per class; classes measured at
/// one occupancy borrow L from the nearest swept class of the same op and
/// camping (BorrowFrom[k] >= 0) and fit a alone.
static Solution solveClasses(const std::vector<FitRow> &Rows, size_t NC,
                             const std::vector<int> &BorrowFrom,
                             double LaunchMs, double P,
                             const std::string &Ctx) {
  Solution S;
  S.LaunchMs = LaunchMs;
  S.P = P;
  S.A.assign(NC, 0);
  S.L.assign(NC, 0);
  for (int Pass = 0; Pass < 2; ++Pass)
    for (size_t K = 0; K < NC; ++K) {
      bool Borrow = BorrowFrom[K] >= 0;
      if (Borrow != (Pass == 1))
        continue;
      std::vector<const FitRow *> In;
      for (const FitRow &R : Rows)
        if (R.Class == K)
          In.push_back(&R);
      if (In.empty())
        continue;
      const auto N = (Eigen::Index)In.size();
      Eigen::MatrixXd X(N, Borrow ? 1 : 2);
      Eigen::VectorXd Y(N), W(N);
      double LB = Borrow ? S.L[(size_t)BorrowFrom[K]] : 0;
      for (Eigen::Index I = 0; I < N; ++I) {
        const FitRow &R = *In[(size_t)I];
        double E = std::max(R.T - LaunchMs, 1e-6 * R.T);
        double Yp = std::pow(E, P), Full = Yp;
        // What the other throughput bounds explain is not the class's.
        double O = otherBound(R, P);
        if (O > 0)
          Yp = std::max(Yp - std::pow(O, P), 1e-12 * Yp);
        // Bytes in GB keep B^p representable for large p.
        X(I, 0) = std::pow(R.Bytes * 1e-9, P);
        if (Borrow)
          Yp = std::max(Yp - std::pow(R.Z * LB, P), 1e-12 * Yp);
        else
          X(I, 1) = std::pow(R.Z, P);
        Y[I] = Yp;
        // Relative error in t^p = p x relative error in t.
        W[I] = 1.0 / (O > 0 ? Full : Yp);
      }
      FitOptions O;
      O.Weights = W;
      O.NonNegative.assign((size_t)X.cols(), true);
      std::vector<std::string> Names = {"a^p"};
      if (!Borrow)
        Names.push_back("L^p");
      FitResult F = fitLeastSquares(X, Y, Names, O, Ctx);
      S.A[K] = std::pow(std::max(F.Coef[0], 0.0), 1.0 / P) * 1e-9;
      S.L[K] = Borrow ? LB : std::pow(std::max(F.Coef[1], 0.0), 1.0 / P);
      if (S.A[K] <= 0 && S.L[K] <= 0) // Launch explained it all.
        S.A[K] = 1e-15;
    }
  double Score = 0;
  for (const FitRow &R : Rows) {
    // The shape (p, launch) is chosen on the spread rows: DRAM streams, for
    // which the form is physical. Camped rows hammer a 1 KiB L2 window whose
    // rate jumps with the block size (microbench/README.md); letting their
    // scatter pick p would bend the DRAM classes to fit noise.
    if (R.Row->Camped)
      continue;
    double E = std::log(std::max(predictRow(R, S), 1e-12) / R.T);
    Score += E * E;
  }
  S.Score = Score;
  return S;
}

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

/// Benchmark rows described as kernels, with their rows.
using KernelRows = std::vector<std::pair<Traffic, const BenchRow *>>;

/// Squared log error of the model over (traffic, row) pairs, and their
/// geometric-mean relative error in Geo.
static double scoreRows(const BandwidthModel &M, const KernelRows &Rows,
                        double &Geo) {
  double S = 0, LogSum = 0;
  for (auto &[T, R] : Rows) {
    double E = std::log(M.kernelTime(T, false, R->Warps, nullptr) / R->TimeMs);
    S += E * E;
    LogSum += std::log(std::max(std::abs(std::exp(E) - 1), 1e-4));
  }
  Geo = Rows.empty() ? 0 : std::exp(LogSum / (double)Rows.size());
  return S;
}

/// Sets V to the value in [1e-7, 1e-2] ms that minimizes Score (a log grid,
/// then a finer one around the best): the form is monotone in each of the
/// one-dimensional coefficients fitted this way.
template <typename F> static void search1D(double &V, F Score) {
  double Best = 0, BestS = 1e300;
  for (int Pass = 0; Pass < 2; ++Pass) {
    double Lo = Pass ? Best / 1.5 : 1e-7, Hi = Pass ? Best * 1.5 : 1e-2;
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
static void fitBlockCost(BandwidthModel &M, const BenchData &D) {
  KernelRows Rows;
  for (const BenchRow *R : D.rowsOf("block"))
    if (R->Blocks && R->Threads && R->Warps > 0 && R->N && *R->N >= 1)
      Rows.push_back({blockTraffic(*R), R});
  if (Rows.size() < 2)
    return;
  size_t NoHeld = 0;
  double NoHeldErr = -1;
  fitTerm(M, M.BlockMs, Rows, {}, M.BlockRows, M.BlockGeomeanRelErr, NoHeld,
          NoHeldErr);
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

/// The local-memory costs from the `local` rows (as kernels): the time per
/// sector (throughput) and the round trip per sector of a load (latency)
/// meet where the rows' occupancy hides the trip; alternate the two 1-D
/// fits (each monotone) from a start that charges only the throughput.
static void fitLocal(BandwidthModel &M, const BenchData &D) {
  KernelRows Rows;
  for (const BenchRow *R : D.rowsOf("local"))
    if (usableLocalRow(*R))
      Rows.push_back({localTraffic(*R), R});
  M.LocalMsPerSector = M.LocalMsPerSectorStep = 0;
  M.LocalRows = 0;
  if (Rows.empty())
    return;
  double Geo = 0;
  M.LocalMsPerSectorStep = 1e-7;
  for (int Round = 0; Round < 3; ++Round) {
    search1D(M.LocalMsPerSector, [&] { return scoreRows(M, Rows, Geo); });
    search1D(M.LocalMsPerSectorStep, [&] { return scoreRows(M, Rows, Geo); });
  }
  M.LocalRows = Rows.size();
  scoreRows(M, Rows, M.LocalGeomeanRelErr);
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

/// Sets M's launch, exponent and class coefficients from S, then derives
/// what depends on them: the L2 and L1 figures and the store, block and
/// partial-store terms (LoadStore rows join the store term's fit).
static void finishFit(BandwidthModel &M, const BenchData &D, const Solution &S,
                      const KernelRows &LoadStore) {
  M.LaunchMs = S.LaunchMs;
  M.P = S.P;
  for (size_t K = 0; K < M.Classes.size(); ++K) {
    M.Classes[K].MsPerByte = S.A[K];
    M.Classes[K].MsPerStep = S.L[K];
  }
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
  M.Atomics = deriveAtomicRates(D, M.LaunchMs);
  fitSparseLines(M, D);
  WriteBackFit WB = fitWriteBack(D, M.L2Bytes);
  M.WriteBackMsPerByte = WB.MsPerByte;
  M.DirtyL2Share = WB.Share;
  M.WriteBackRows = WB.Rows;
  M.WriteBackGeomeanRelErr = WB.GeomeanRelErr;
}

/// The L2-byte, L1-tag and L2-request bounds kernelTerms charges each
/// spread row as a kernel (a stream: no reuse, every byte through L2), from
/// the figures the rows give at this launch. Camped rows get none.
static void setOtherBounds(std::vector<FitRow> &FR, const BenchData &D,
                           int SmCount, double LaunchMs) {
  L2Figures L2 = deriveL2Figures(D, LaunchMs, SmCount, {});
  L1Figures L1 = deriveL1Figures(D, LaunchMs, SmCount);
  const double Sm = SmCount;
  for (FitRow &F : FR) {
    F.L2Ms = F.TagMs = F.ReqMs = 0;
    if (F.Row->Camped || Sm <= 0)
      continue;
    F.L2Ms = F.Bytes * L2.MsPerByte;
    if (*F.Row->TheOp == Op::Read) {
      F.TagMs = F.Requests * F.Lines / Sm * L1.MsPerLine;
      F.ReqMs = F.Requests / Sm * L2.MsPerRequest;
    }
  }
}

BandwidthModel BandwidthModel::fit(const BenchData &D,
                                   const std::vector<std::string> &Exps,
                                   std::optional<double> FixedLaunch) {
  const bool WithSmall =
      std::find(Exps.begin(), Exps.end(), "small") != Exps.end();
  if (!FixedLaunch && WithSmall)
    if (std::optional<double> Empty = emptyKernelMs(D)) {
      // An empty kernel is a launch plus one block step of each warp (the
      // block term): the launch is what remains once the block cost, fitted
      // with the launch, is known. Two passes; the block rows are
      // milliseconds long, so the second moves it by far less than 1%.
      BandwidthModel First = fit(D, Exps, *Empty);
      BandwidthModel M = fit(D, Exps, std::max(0.0, *Empty - First.BlockMs));
      M.LaunchFrom =
          "small: measured, median of the empty kernels less one block step";
      return M;
    }
  BandwidthModel M;
  M.Experiments = Exps;
  M.SmCount = D.Gpu.SmCount;
  M.L2Bytes = D.Gpu.L2Bytes;
  std::vector<const BenchRow *> Rows;
  size_t NoMlp = 0;
  for (const std::string &E : Exps)
    for (const BenchRow *R : D.rowsOf(E))
      if (classRow(*R)) {
        if (*R->TheOp == Op::Read && benchRowMlp(*R) <= 0) {
          ++NoMlp;
          continue;
        }
        Rows.push_back(R);
      }
  if (NoMlp)
    M.FitNotes.push_back(std::to_string(NoMlp) +
                         " read rows left out: their loads in flight per "
                         "thread (mlp) are unknown (give rows an `mlp`)");
  if (Rows.empty())
    return M;
  for (const BenchRow *R : Rows) {
    bool Seen = false;
    for (const BandwidthClass &C : M.Classes)
      Seen |= C.TheOp == *R->TheOp && C.Camped == R->Camped &&
              C.Width == classWidth(*R);
    if (!Seen) {
      BandwidthClass C;
      C.TheOp = *R->TheOp;
      C.Camped = R->Camped;
      C.Width = classWidth(*R);
      M.Classes.push_back(C);
    }
  }
  std::sort(M.Classes.begin(), M.Classes.end(),
            [](const BandwidthClass &A, const BandwidthClass &B) {
              return std::make_tuple(A.TheOp, A.Camped, A.Width) <
                     std::make_tuple(B.TheOp, B.Camped, B.Width);
            });
  auto ClassOf = [&](const BenchRow &R) {
    for (size_t K = 0; K < M.Classes.size(); ++K)
      if (M.Classes[K].TheOp == *R.TheOp && M.Classes[K].Camped == R.Camped &&
          M.Classes[K].Width == classWidth(R))
        return K;
    return (size_t)0;
  };
  std::vector<FitRow> FR;
  double MinT = 1e300;
  for (const BenchRow *R : Rows) {
    FitRow F;
    F.Row = R;
    F.Class = ClassOf(*R);
    F.Bytes = *R->BytesMoved;
    F.T = R->TimeMs;
    // A request moves its sectors: requests = B / (32 x sectors/request).
    double Requests = F.Bytes / (32.0 * classWidth(*R));
    double Steps =
        *R->TheOp == Op::Read ? Requests / benchRowMlp(*R) : Requests;
    double WEff = R->Warps;
    if (R->Blocks && R->Threads)
      WEff = std::min(WEff,
                      *R->Blocks * std::ceil(*R->Threads / 32.0) / M.SmCount);
    F.Z = Steps / M.SmCount / std::max(WEff, 1e-9);
    F.Requests = Requests;
    F.Lines = linesPerRequest(classWidth(*R));
    MinT = std::min(MinT, F.T);
    FR.push_back(F);
  }

  // Classes run at a single occupancy cannot separate a from L.
  const size_t NC = M.Classes.size();
  std::vector<std::vector<double>> Occ(NC);
  for (const FitRow &F : FR)
    if (std::find(Occ[F.Class].begin(), Occ[F.Class].end(), F.Row->Warps) ==
        Occ[F.Class].end())
      Occ[F.Class].push_back(F.Row->Warps);
  std::vector<int> BorrowFrom(NC, -1);
  for (size_t K = 0; K < NC; ++K) {
    if (Occ[K].size() >= 2)
      continue;
    const BandwidthClass &C = M.Classes[K];
    double BestD = 1e30;
    for (size_t J = 0; J < NC; ++J) {
      const BandwidthClass &O = M.Classes[J];
      if (Occ[J].size() < 2)
        continue;
      double Dist =
          (O.TheOp != C.TheOp) * 100 + (O.Camped != C.Camped) * 10 +
          std::abs(std::log2((double)O.Width) - std::log2((double)C.Width));
      if (Dist < BestD) {
        BestD = Dist;
        BorrowFrom[K] = (int)J;
      }
    }
    M.Classes[K].ShapeFrom =
        BorrowFrom[K] >= 0 ? className(M.Classes[(size_t)BorrowFrom[K]].TheOp,
                                       M.Classes[(size_t)BorrowFrom[K]].Camped,
                                       M.Classes[(size_t)BorrowFrom[K]].Width)
                           : std::string("none (no latency term)");
    if (BorrowFrom[K] < 0)
      BorrowFrom[K] = -2; // Fit a alone with L = 0: handled as "borrow 0".
  }
  // A class with nothing to borrow from fits a with L fixed at 0.
  std::vector<int> Borrow = BorrowFrom;
  bool NeedZeroL =
      std::any_of(Borrow.begin(), Borrow.end(), [](int B) { return B == -2; });
  for (int &B : Borrow)
    if (B == -2)
      B = (int)NC; // The virtual class after the real ones.
  size_t NCx = NeedZeroL ? NC + 1 : NC;
  Borrow.resize(NCx, -1);

  // Grid search of the shared exponent and launch latency. The launch is a
  // few microseconds; it cannot exceed half the fastest row. The best
  // launch of every exponent is kept for the loadstore rows below. Where
  // the small group's empty kernels measured the launch, that is the
  // launch: the streams' milliseconds hardly tell it from their bytes.
  const std::string Ctx = D.File + ": bandwidth";
  Solution Best;
  std::vector<Solution> BestAtP;
  std::vector<double> Launches = {0,     0.0005, 0.001, 0.0015, 0.002, 0.003,
                                  0.004, 0.005,  0.006, 0.008,  0.010};
  if (FixedLaunch) {
    Launches = {*FixedLaunch};
    M.LaunchFrom = "given";
  }
  for (double Launch : Launches) {
    if (!FixedLaunch && Launch > 0.5 * MinT)
      continue;
    setOtherBounds(FR, D, M.SmCount, Launch);
    size_t I = 0;
    for (double P = 1; P <= 6.0001; P += 0.25, ++I) {
      // A virtual class (no rows) keeps L = 0 for those that borrow it.
      Solution S = solveClasses(FR, NCx, Borrow, Launch, P, Ctx);
      if (S.Score < Best.Score)
        Best = S;
      if (BestAtP.size() <= I)
        BestAtP.resize(I + 1);
      if (S.Score < BestAtP[I].Score)
        BestAtP[I] = S;
    }
  }

  // The spread rows barely choose p (a flat valley on the H200); the
  // loadstore rows, kernels that load and store at occupancies where the
  // two bounds meet, do. With them p minimizes the squared log error of
  // both sets, every row weighing the same, each p with its best launch
  // and its own store and block terms. Without them the fit is the old one.
  KernelRows LoadStore;
  if (std::find(Exps.begin(), Exps.end(), "loadstore") != Exps.end())
    for (const BenchRow *R : D.rowsOf("loadstore"))
      if (usableLoadStoreRow(*R))
        LoadStore.push_back({loadStoreTraffic(*R), R});
  if (!LoadStore.empty()) {
    double BestTotal = 1e300;
    for (const Solution &S : BestAtP) {
      BandwidthModel Mp = M;
      finishFit(Mp, D, S, LoadStore);
      double Geo = 0, Sle = scoreRows(Mp, LoadStore, Geo);
      M.ExponentScan.push_back({S.P, S.Score, Sle});
      if (S.Score + Sle < BestTotal) {
        BestTotal = S.Score + Sle;
        Best = S;
      }
    }
  }
  setOtherBounds(FR, D, M.SmCount, Best.LaunchMs);
  finishFit(M, D, Best, LoadStore);
  if (!LoadStore.empty()) {
    M.LoadStoreRows = LoadStore.size();
    scoreRows(M, LoadStore, M.LoadStoreGeomeanRelErr);
  }
  // Held out: the small grids' chains, kernels the fit never saw.
  KernelRows Small;
  if (WithSmall)
    for (const BenchRow *R : D.rowsOf("small"))
      if (usableSmallGridRow(*R) && *R->N > 0)
        Small.push_back({smallGridTraffic(*R), R});
  if (!Small.empty()) {
    M.SmallRows = Small.size();
    scoreRows(M, Small, M.SmallGeomeanRelErr);
  }

  // Statistics from the final coefficients, overall and per class.
  auto Stats = [&](auto InClass, double &R2, double &Rmse, size_t &Cnt,
                   double &MaxRel, double *Median, double *Geo) {
    double SSRes = 0, Sum = 0, SumSq = 0, LogSum = 0;
    std::vector<double> Rel;
    for (const FitRow &F : FR)
      if (InClass(F)) {
        double E = predictRow(F, Best) - F.T;
        SSRes += E * E;
        Sum += F.T;
        SumSq += F.T * F.T;
        Rel.push_back(std::abs(E / F.T));
        LogSum += std::log(std::max(Rel.back(), 1e-4));
      }
    Cnt = Rel.size();
    if (!Cnt)
      return;
    double SSTot = SumSq - Sum * Sum / (double)Cnt;
    R2 = SSTot > 1e-12 * SumSq ? 1 - SSRes / SSTot
                               : (SSRes <= 1e-24 * SumSq ? 1 : 0);
    Rmse = std::sqrt(SSRes / (double)Cnt);
    MaxRel = *std::max_element(Rel.begin(), Rel.end());
    if (Median) {
      std::sort(Rel.begin(), Rel.end());
      *Median = Rel[Rel.size() / 2];
    }
    if (Geo)
      *Geo = std::exp(LogSum / (double)Cnt);
  };
  Stats([](const FitRow &) { return true; }, M.R2, M.Rmse, M.Rows, M.MaxRelErr,
        nullptr, &M.GeomeanRelErr);
  for (size_t K = 0; K < NC; ++K) {
    BandwidthClass &C = M.Classes[K];
    Stats([&](const FitRow &F) { return F.Class == K; }, C.R2, C.Rmse, C.Rows,
          C.MaxRelErr, &C.MedianRelErr, nullptr);
  }
  return M;
}

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

/// The bandwidth and latency terms of a kernel. L1Hits: reuse inside a
/// block is served by L1 (its blocks' working sets fit), else by L2.
static Terms kernelTerms(const BandwidthModel &M, const Traffic &T, bool Camped,
                         bool L1Hits, std::vector<std::string> *Notes) {
  Terms R;
  double DramMs = 0, L2Ms = 0, TagMs = 0, PartialMs = 0, ReqMs = 0;
  double LocalMs = 0, AtomicMs = 0;
  bool Loads = std::any_of(T.Items.begin(), T.Items.end(),
                           [](const MemItem &I) { return I.Waits; });
  // Per-SM bounds fall on the SMs the grid occupies; the partial-sector
  // merge happens at L2, for the whole GPU (the ghost-layer copy's 128
  // blocks take twice its 64 blocks' time: twice the sectors, twice the
  // SMs).
  const double Sm = M.smsInUse(T), AllSm = M.SmCount;
  for (const MemItem &I : T.Items) {
    double A = 0, L = 0;
    M.coefficients(I.TheOp, Camped, I.SectorsPerRequest, A, L, Notes);
    // Atomics on an allocation of known size: the GPU's update rate on a
    // table that size bounds them, whatever else they cost.
    if (I.AtomicUpdates > 0 && I.TableWords > 0 && M.Atomics.known())
      AtomicMs += I.AtomicUpdates / M.Atomics.updatesPerMs(I.TableWords);
    // Local memory stays on chip: its own measured costs replace the DRAM,
    // L2 and tag-stage ones (a store keeps its issue cost L).
    if (I.Local && M.LocalMsPerSector > 0) {
      double Sectors = I.Bytes / 32;
      R.L1Bytes += I.Bytes;
      LocalMs += Sectors / Sm * M.LocalMsPerSector;
      if (I.Waits)
        L = I.SectorsPerRequest * M.LocalMsPerSectorStep;
      double Steps = I.Waits ? I.Requests / std::max(I.Mlp, 1.0) : I.Requests;
      R.LatMsWarps += Steps / Sm * L;
      continue;
    }
    double B = T.dramBytes(I, M.L2Bytes);
    // Words the block's warps share at the same trip are in L1 when the
    // later warps ask, whatever the block's whole footprint (Nsight
    // Compute, gemm_row_walk: 87-89% L1 hits at 8-60 warps/SM).
    double H1 =
        L1Hits || I.SharedAcrossWarps ? T.inBlockReuseBytes(I) : 0;
    R.L1Bytes += I.Bytes;
    R.DramBytes += B;
    DramMs += B * A * (sparseLineItem(I) ? M.SparseLineFactor : 1);
    // Every L1 miss passes through L2, the DRAM misses too: L2 bandwidth
    // bounds the L1-level traffic L1 does not serve, DRAM bandwidth its
    // DRAM part.
    L2Ms += (I.Bytes - H1) * M.L2.MsPerByte;
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
      double F1 = H1 / I.Bytes, FD = B / I.Bytes;
      double F2 = std::max(0.0, 1 - F1 - FD);
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
      L = FD * L + F2 * M.L2.MsPerStep + F1 * L1Step;
    }
    // A store of a warp that also loads does not make the warp wait (it
    // keeps its pure-stream issue cost L), but the SM's stream of stores
    // interleaved with loads costs a fixed time per request whatever the
    // occupancy (read/write turnaround): a throughput term, not latency.
    if (!I.Waits && Loads)
      DramMs += I.Requests / Sm * M.MixedStoreMsPerStep;
    // A sector written in part is merged into its line at L2 at a rate of
    // its own, well below the full-sector rate; sectors written in part
    // far apart cost a line's time each (stride rows).
    PartialMs += std::max(I.PartialSectors * M.PartialStoreMsPerSector,
                          I.partialLines() * M.PartialStoreMsPerLine) /
                 AllSm;
    R.LatMsWarps += Steps / Sm * L;
  }
  // A block's launch and retirement hold its warps' slots: one more serial
  // step per warp.
  R.LatMsWarps += T.totalWarps() / Sm * M.BlockMs;
  // Every throughput bound of the memory path, combined as one p-norm.
  for (double Bound :
       {DramMs, L2Ms, TagMs, PartialMs, ReqMs, LocalMs, AtomicMs})
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
  Terms A = kernelTerms(*this, T, Camped, false, Notes);
  K.BwMs = A.BwMs;
  K.LatMsWarps = A.LatMsWarps;
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

Json BandwidthModel::toJson() const {
  Json J;
  J["form"] = "time_ms = launch_ms + (T_bw^p + T_lat^p)^(1/p); T_bw = sum "
              "dram_bytes * ms_per_byte; T_lat = sum steps_per_sm * "
              "ms_per_step / active_warps_per_sm; steps = load requests / "
              "mlp, store requests";
  J["experiments"] = Experiments;
  J["launch_ms"] = LaunchMs;
  J["launch_from"] = LaunchFrom;
  J["smooth_max_exponent"] = P;
  J["rows"] = Rows;
  J["r2"] = R2;
  J["rmse"] = Rmse;
  J["max_rel_err"] = MaxRelErr;
  J["geomean_rel_err"] = GeomeanRelErr;
  J["fit_notes"] = FitNotes;
  J["mixed_store_ms_per_request_per_sm"] = MixedStoreMsPerStep;
  J["mixed_rows"] = MixedRows;
  J["mixed_geomean_rel_err"] = MixedGeomeanRelErr;
  J["held_out_rows"] = HeldOutRows;
  J["block_ms"] = BlockMs;
  J["block_rows"] = BlockRows;
  J["block_geomean_rel_err"] = BlockGeomeanRelErr;
  J["partial_store_ms_per_sector_per_sm"] = PartialStoreMsPerSector;
  J["partial_rows"] = PartialRows;
  J["partial_geomean_rel_err"] = PartialGeomeanRelErr;
  J["partial_held_out_rows"] = PartialHeldOutRows;
  if (PartialHeldOutGeomeanRelErr >= 0)
    J["partial_held_out_geomean_rel_err"] = PartialHeldOutGeomeanRelErr;
  if (PartialLineRows) {
    J["partial_store_ms_per_line_per_sm"] = PartialStoreMsPerLine;
    J["partial_line_rows"] = PartialLineRows;
    J["partial_line_geomean_rel_err"] = PartialLineGeomeanRelErr;
  }
  if (StoreDrainMs > 0 || PartialStoreDrainMs > 0) {
    J["store_drain_ms"] = StoreDrainMs;
    J["partial_store_drain_ms"] = PartialStoreDrainMs;
  }
  if (LocalRows) {
    J["local_ms_per_sector_per_sm"] = LocalMsPerSector;
    J["local_ms_per_sector_step"] = LocalMsPerSectorStep;
    J["local_rows"] = LocalRows;
    J["local_geomean_rel_err"] = LocalGeomeanRelErr;
  }
  if (SparseLineRows) {
    J["sparse_line_dram_factor"] = SparseLineFactor;
    J["sparse_line_rows"] = SparseLineRows;
    J["sparse_line_geomean_rel_err"] = SparseLineGeomeanRelErr;
  }
  if (WriteBackRows) {
    J["write_back_ms_per_byte"] = WriteBackMsPerByte;
    J["dirty_l2_share"] = DirtyL2Share;
    J["write_back_rows"] = WriteBackRows;
    J["write_back_geomean_rel_err"] = WriteBackGeomeanRelErr;
  }
  if (Atomics.known()) {
    Json A = Json::array();
    for (auto &[W, R] : Atomics.ByWords)
      A.push_back({W, R});
    J["atomic_rates"] = A;
  }
  if (SmallRows) {
    J["small_rows"] = SmallRows;
    J["small_geomean_rel_err"] = SmallGeomeanRelErr;
  }
  if (LoadStoreRows) {
    J["loadstore_rows"] = LoadStoreRows;
    J["loadstore_geomean_rel_err"] = LoadStoreGeomeanRelErr;
    Json Scan = Json::array();
    for (const ExponentScore &E : ExponentScan)
      Scan.push_back({{"p", E.P},
                      {"spread_sq_log_err", E.SpreadSqLogErr},
                      {"loadstore_sq_log_err", E.LoadStoreSqLogErr}});
    J["exponent_scan"] = Scan;
  }
  if (L2.MsPerByte > 0) {
    J["l2_ms_per_byte"] = L2.MsPerByte;
    J["l2_gbps"] = L2.gbps();
    if (L2.RegionBytes > 0)
      J["l2_region_bytes"] = L2.RegionBytes;
    J["l2_bandwidth_from"] = L2.BandwidthFrom;
  }
  if (L2.MsPerStep > 0) {
    J["l2_ms_per_step"] = L2.MsPerStep;
    J["l2_latency_ns"] = L2.MsPerStep * 1e6;
    J["l2_latency_from"] = L2.LatencyFrom;
  }
  if (L2.MsPerRequest > 0) {
    J["l2_ms_per_request_per_sm"] = L2.MsPerRequest;
    J["l2_grequests_per_s"] = SmCount * 1e-6 / L2.MsPerRequest;
  }
  if (L1.MsPerStep > 0)
    J["l1_ms_per_step"] = L1.MsPerStep;
  if (L1.MsPerLine > 0)
    J["l1_ms_per_line_per_sm"] = L1.MsPerLine;
  if (L1.BytesPerSm > 0)
    J["l1_bytes_per_sm"] = L1.BytesPerSm;
  if (HeldOutGeomeanRelErr >= 0)
    J["held_out_geomean_rel_err"] = HeldOutGeomeanRelErr;
  Json Cls = Json::array();
  for (const BandwidthClass &C : Classes) {
    Json CJ;
    CJ["op"] = opName(C.TheOp);
    CJ["camped"] = C.Camped;
    CJ["width"] = C.Width;
    CJ["ms_per_byte"] = C.MsPerByte;
    CJ["ms_per_step"] = C.MsPerStep;
    CJ["peak_gbps"] = C.peakGBps();
    CJ["latency_ns"] = C.latencyNs();
    if (!C.ShapeFrom.empty())
      CJ["latency_from"] = C.ShapeFrom;
    CJ["rows"] = C.Rows;
    CJ["r2"] = C.R2;
    CJ["rmse"] = C.Rmse;
    CJ["max_rel_err"] = C.MaxRelErr;
    CJ["median_rel_err"] = C.MedianRelErr;
    Cls.push_back(CJ);
  }
  J["classes"] = Cls;
  return J;
}

BandwidthModel BandwidthModel::fromJson(const Json &J, const Ctx &C) {
  requireObject(J, C);
  BandwidthModel M;
  M.LaunchMs = getNumber(J, C, "launch_ms", NumRule::NonNegative);
  M.P = getNumber(J, C, "smooth_max_exponent", NumRule::Positive);
  if (M.P < 1 || M.P > 64)
    C.at("smooth_max_exponent")
        .fail("expected a number in [1, 64], got " + fmtNum(M.P));
  M.Rows = (size_t)getOptNumber(J, C, "rows", NumRule::Integer).value_or(0);
  M.R2 = getOptNumber(J, C, "r2").value_or(0);
  M.Rmse = getOptNumber(J, C, "rmse", NumRule::NonNegative).value_or(0);
  M.MaxRelErr =
      getOptNumber(J, C, "max_rel_err", NumRule::NonNegative).value_or(0);
  M.GeomeanRelErr =
      getOptNumber(J, C, "geomean_rel_err", NumRule::NonNegative).value_or(0);
  // Before the store cost moved to the throughput term it was a per-warp
  // latency under another name: the two are not interchangeable.
  if (J.contains("mixed_store_ms_per_step") &&
      !J.contains("mixed_store_ms_per_request_per_sm"))
    C.at("mixed_store_ms_per_step")
        .fail("calibration predates the per-SM store cost "
              "(mixed_store_ms_per_request_per_sm): refit it");
  M.MixedStoreMsPerStep =
      getOptNumber(J, C, "mixed_store_ms_per_request_per_sm",
                   NumRule::NonNegative)
          .value_or(0);
  M.MixedRows =
      (size_t)getOptNumber(J, C, "mixed_rows", NumRule::Count).value_or(0);
  M.MixedGeomeanRelErr =
      getOptNumber(J, C, "mixed_geomean_rel_err", NumRule::NonNegative)
          .value_or(0);
  M.HeldOutRows =
      (size_t)getOptNumber(J, C, "held_out_rows", NumRule::Count).value_or(0);
  M.BlockMs = getOptNumber(J, C, "block_ms", NumRule::NonNegative).value_or(0);
  M.BlockRows =
      (size_t)getOptNumber(J, C, "block_rows", NumRule::Count).value_or(0);
  M.BlockGeomeanRelErr =
      getOptNumber(J, C, "block_geomean_rel_err", NumRule::NonNegative)
          .value_or(0);
  M.HeldOutGeomeanRelErr =
      getOptNumber(J, C, "held_out_geomean_rel_err", NumRule::NonNegative)
          .value_or(-1);
  // Optional statistics and costs: absent is 0 (-1 for an error not
  // measured).
  auto Num = [&](const char *Key, double Absent = 0) {
    return getOptNumber(J, C, Key, NumRule::NonNegative).value_or(Absent);
  };
  auto Count = [&](const char *Key) {
    return (size_t)getOptNumber(J, C, Key, NumRule::Count).value_or(0);
  };
  M.LaunchFrom = getOptString(J, C, "launch_from").value_or("fit");
  M.StoreDrainMs = Num("store_drain_ms");
  M.PartialStoreDrainMs = Num("partial_store_drain_ms");
  M.LocalMsPerSector = Num("local_ms_per_sector_per_sm");
  M.LocalMsPerSectorStep = Num("local_ms_per_sector_step");
  M.LocalRows = Count("local_rows");
  M.LocalGeomeanRelErr = Num("local_geomean_rel_err");
  M.SparseLineFactor = Num("sparse_line_dram_factor", 1);
  if (M.SparseLineFactor < 1)
    C.at("sparse_line_dram_factor")
        .fail("expected a factor >= 1, got " + fmtNum(M.SparseLineFactor));
  M.SparseLineRows = Count("sparse_line_rows");
  M.SparseLineGeomeanRelErr = Num("sparse_line_geomean_rel_err");
  M.WriteBackMsPerByte = Num("write_back_ms_per_byte");
  M.DirtyL2Share = Num("dirty_l2_share");
  if (M.DirtyL2Share > 1)
    C.at("dirty_l2_share")
        .fail("expected a share of L2 in 0..1, got " + fmtNum(M.DirtyL2Share));
  M.WriteBackRows = Count("write_back_rows");
  M.WriteBackGeomeanRelErr = Num("write_back_geomean_rel_err");
  if (J.contains("atomic_rates")) {
    const Json &A = J.at("atomic_rates");
    Ctx AC = C.at("atomic_rates");
    if (!A.is_array())
      AC.fail("expected an array of [words, updates per ms] pairs");
    double Prev = 0;
    for (size_t K = 0; K < A.size(); ++K) {
      const Json &E = A[K];
      if (!E.is_array() || E.size() != 2 || !E[0].is_number() ||
          !E[1].is_number() || !(E[0].get<double>() > Prev) ||
          !(E[1].get<double>() > 0) || !std::isfinite(E[1].get<double>()))
        AC.at(K).fail("expected [words, updates per ms], words increasing "
                      "and both > 0");
      Prev = E[0].get<double>();
      M.Atomics.ByWords.push_back({E[0].get<double>(), E[1].get<double>()});
    }
  }
  M.SmallRows = Count("small_rows");
  M.SmallGeomeanRelErr = Num("small_geomean_rel_err");
  M.LoadStoreRows = Count("loadstore_rows");
  M.LoadStoreGeomeanRelErr = Num("loadstore_geomean_rel_err");
  M.PartialStoreMsPerSector = Num("partial_store_ms_per_sector_per_sm");
  M.PartialRows = Count("partial_rows");
  M.PartialGeomeanRelErr = Num("partial_geomean_rel_err");
  M.PartialHeldOutRows = Count("partial_held_out_rows");
  M.PartialHeldOutGeomeanRelErr = Num("partial_held_out_geomean_rel_err", -1);
  M.PartialStoreMsPerLine = Num("partial_store_ms_per_line_per_sm");
  M.PartialLineRows = Count("partial_line_rows");
  M.PartialLineGeomeanRelErr = Num("partial_line_geomean_rel_err");
  M.L2.MsPerByte =
      getOptNumber(J, C, "l2_ms_per_byte", NumRule::NonNegative).value_or(0);
  M.L2.MsPerStep =
      getOptNumber(J, C, "l2_ms_per_step", NumRule::NonNegative).value_or(0);
  M.L2.RegionBytes =
      getOptNumber(J, C, "l2_region_bytes", NumRule::NonNegative).value_or(0);
  M.L2.MsPerRequest = Num("l2_ms_per_request_per_sm");
  M.L1.MsPerStep =
      getOptNumber(J, C, "l1_ms_per_step", NumRule::NonNegative).value_or(0);
  M.L1.MsPerLine =
      getOptNumber(J, C, "l1_ms_per_line_per_sm", NumRule::NonNegative)
          .value_or(0);
  M.L1.BytesPerSm =
      getOptNumber(J, C, "l1_bytes_per_sm", NumRule::NonNegative).value_or(0);
  M.L2.LatencyFrom = getOptString(J, C, "l2_latency_from").value_or("");
  M.L2.BandwidthFrom = getOptString(J, C, "l2_bandwidth_from").value_or("");
  if (J.contains("experiments") && J["experiments"].is_array())
    for (const Json &E : J["experiments"])
      if (E.is_string())
        M.Experiments.push_back(E.get<std::string>());
  if (J.contains("fit_notes") && J["fit_notes"].is_array())
    for (const Json &E : J["fit_notes"])
      if (E.is_string())
        M.FitNotes.push_back(E.get<std::string>());
  const Json &Cls = getArray(J, C, "classes");
  for (size_t I = 0; I < Cls.size(); ++I) {
    Ctx CC = C.at("classes").at(I);
    const Json &CJ = Cls[I];
    requireObject(CJ, CC);
    BandwidthClass K;
    std::string O = getString(CJ, CC, "op");
    if (O != "read" && O != "write")
      CC.at("op").fail("expected \"read\" or \"write\", got \"" + O + "\"");
    K.TheOp = O == "read" ? Op::Read : Op::Write;
    K.Camped = getBool(CJ, CC, "camped");
    K.Width = (int)getNumber(CJ, CC, "width", NumRule::PositiveInteger);
    K.MsPerByte = getNumber(CJ, CC, "ms_per_byte", NumRule::NonNegative);
    K.MsPerStep = getNumber(CJ, CC, "ms_per_step", NumRule::NonNegative);
    if (K.MsPerByte == 0 && K.MsPerStep == 0)
      CC.fail("ms_per_byte and ms_per_step are both 0 (infinite "
              "bandwidth, no latency)");
    K.Rows = (size_t)getOptNumber(CJ, CC, "rows", NumRule::Integer).value_or(0);
    K.ShapeFrom = getOptString(CJ, CC, "latency_from").value_or("");
    K.R2 = getOptNumber(CJ, CC, "r2").value_or(0);
    K.Rmse = getOptNumber(CJ, CC, "rmse", NumRule::NonNegative).value_or(0);
    K.MaxRelErr =
        getOptNumber(CJ, CC, "max_rel_err", NumRule::NonNegative).value_or(0);
    K.MedianRelErr =
        getOptNumber(CJ, CC, "median_rel_err", NumRule::NonNegative)
            .value_or(0);
    M.Classes.push_back(K);
  }
  return M;
}

} // namespace sectorscope::model
