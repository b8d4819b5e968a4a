//===- BandwidthFit.cpp - Fit of the bandwidth model's classes ------------===//
//
// The benchmark rows are grouped into classes (op, camping, sectors per
// request); a grid search over the shared launch and exponent p fits each
// class's a and L by non-negative least squares at every point. The terms
// that depend on the classes follow (BandwidthTermFits.cpp), then the
// held-out rows and the fit statistics.
//
//===----------------------------------------------------------------------===//
#include "model/lib/BandwidthTermFits.h"
#include "sectorscope/model/LoadStoreRows.h"
#include "sectorscope/model/Regression.h"
#include "sectorscope/model/SmallGridRows.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace sectorscope::model {

static std::string className(Op O, bool Camped, int Width) {
  return std::string(opName(O)) + (Camped ? " camped " : " spread ") +
         std::to_string(Width) + "B";
}

double benchRowMlp(const BenchRow &R) {
  if (R.Mlp)
    return *R.Mlp;
  // campKernel: from its SASS (cuobjdump, measured on an H200), ptxas
  // unrolls the 4-load trip 4 times; with 1-4 B words the 16 loads use
  // distinct registers and two trips overlap (the latency group's exact-mlp
  // round trips agree: 8 loads of 4 sectors take 423 ns, campprof's 4B trip
  // 230 ns at 1 warp/SM); 8 and 16 B words (2 and 4 registers each, 32
  // registers per thread under the kernel's launch bounds) reuse the
  // registers of the trip before (4).
  // streamRead: its loop body holds exactly its 8 (1-4 B) or 4 (8, 16 B)
  // loads (the stride rows run it too).
  if (R.Experiment == "campprof" || R.Experiment == "stream" ||
      R.Experiment == "stride")
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

/// Fits, for fixed launch and p, an `a` per class of Group and one `L` they
/// share (LFixed >= 0: that L, given, and `a` alone) into S.
static void fitGroup(const std::vector<FitRow> &Rows,
                     const std::vector<size_t> &Group, double LFixed,
                     Solution &S, const std::string &Ctx) {
  std::vector<const FitRow *> In;
  for (const FitRow &R : Rows)
    if (std::find(Group.begin(), Group.end(), R.Class) != Group.end())
      In.push_back(&R);
  if (In.empty())
    return;
  const double P = S.P;
  const bool FitL = LFixed < 0;
  const auto N = (Eigen::Index)In.size();
  const auto NA = (Eigen::Index)Group.size();
  Eigen::MatrixXd X = Eigen::MatrixXd::Zero(N, NA + (FitL ? 1 : 0));
  Eigen::VectorXd Y(N), W(N);
  for (Eigen::Index I = 0; I < N; ++I) {
    const FitRow &R = *In[(size_t)I];
    double E = std::max(R.T - S.LaunchMs, 1e-6 * R.T);
    double Yp = std::pow(E, P), Full = Yp;
    // What the other throughput bounds explain is not the class's.
    double O = otherBound(R, P);
    if (O > 0)
      Yp = std::max(Yp - std::pow(O, P), 1e-12 * Yp);
    // Bytes in GB keep B^p representable for large p.
    auto Col = std::find(Group.begin(), Group.end(), R.Class) - Group.begin();
    X(I, Col) = std::pow(R.Bytes * 1e-9, P);
    if (FitL)
      X(I, NA) = std::pow(R.Z, P);
    else
      Yp = std::max(Yp - std::pow(R.Z * LFixed, P), 1e-12 * Yp);
    Y[I] = Yp;
    // Relative error in t^p = p x relative error in t.
    W[I] = 1.0 / (O > 0 ? Full : Yp);
  }
  FitOptions O;
  O.Weights = W;
  O.NonNegative.assign((size_t)X.cols(), true);
  std::vector<std::string> Names((size_t)NA, "a^p");
  if (FitL)
    Names.push_back("L^p");
  FitResult F = fitLeastSquares(X, Y, Names, O, Ctx);
  double L =
      FitL ? std::pow(std::max(F.Coef[(size_t)NA], 0.0), 1.0 / P) : LFixed;
  for (Eigen::Index J = 0; J < NA; ++J) {
    size_t K = Group[(size_t)J];
    S.A[K] = std::pow(std::max(F.Coef[(size_t)J], 0.0), 1.0 / P) * 1e-9;
    S.L[K] = L;
    if (S.A[K] <= 0 && S.L[K] <= 0) // Launch explained it all.
      S.A[K] = 1e-15;
  }
}

/// For fixed launch and p, fits each class's `a` and `L`. The swept spread
/// read classes share one `L`: a request's sectors travel together, so a
/// DRAM round trip takes about as long for 2 sectors as for 16, and one
/// class's rows alone let `a` and `L` trade against each other (fitted
/// apart, the H100's widths 2, 4 and 8 got 424, 395 and 333 ns). Classes
/// measured at one occupancy borrow L from the nearest swept class of the
/// same op and camping (BorrowFrom[k] >= 0) and fit `a` alone.
static Solution solveClasses(const std::vector<FitRow> &Rows, size_t NC,
                             const std::vector<int> &BorrowFrom,
                             double LaunchMs, double P,
                             const std::string &Ctx) {
  Solution S;
  S.LaunchMs = LaunchMs;
  S.P = P;
  S.A.assign(NC, 0);
  S.L.assign(NC, 0);
  std::vector<bool> SpreadRead(NC, false);
  for (const FitRow &R : Rows)
    SpreadRead[R.Class] = !R.Row->Camped && *R.Row->TheOp == Op::Read;
  std::vector<size_t> Shared;
  for (size_t K = 0; K < NC; ++K)
    if (BorrowFrom[K] < 0 && SpreadRead[K])
      Shared.push_back(K);
  fitGroup(Rows, Shared, -1, S, Ctx);
  for (size_t K = 0; K < NC; ++K)
    if (BorrowFrom[K] < 0 && !SpreadRead[K])
      fitGroup(Rows, {K}, -1, S, Ctx);
  for (size_t K = 0; K < NC; ++K)
    if (BorrowFrom[K] >= 0)
      fitGroup(Rows, {K}, S.L[(size_t)BorrowFrom[K]], S, Ctx);
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

/// The rows of the experiments Exps that the classes are fitted to; read
/// rows whose loads in flight are unknown are left out with a note.
static std::vector<const BenchRow *>
selectClassRows(const BenchData &D, const std::vector<std::string> &Exps,
                std::vector<std::string> &Notes) {
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
    Notes.push_back(std::to_string(NoMlp) +
                    " read rows left out: their loads in flight per "
                    "thread (mlp) are unknown (give rows an `mlp`)");
  return Rows;
}

/// One class per (op, camping, width) of Rows, sorted.
static std::vector<BandwidthClass>
makeClasses(const std::vector<const BenchRow *> &Rows) {
  std::vector<BandwidthClass> Classes;
  for (const BenchRow *R : Rows) {
    bool Seen = false;
    for (const BandwidthClass &C : Classes)
      Seen |= C.TheOp == *R->TheOp && C.Camped == R->Camped &&
              C.Width == classWidth(*R);
    if (!Seen) {
      BandwidthClass C;
      C.TheOp = *R->TheOp;
      C.Camped = R->Camped;
      C.Width = classWidth(*R);
      Classes.push_back(C);
    }
  }
  std::sort(Classes.begin(), Classes.end(),
            [](const BandwidthClass &A, const BandwidthClass &B) {
              return std::make_tuple(A.TheOp, A.Camped, A.Width) <
                     std::make_tuple(B.TheOp, B.Camped, B.Width);
            });
  return Classes;
}

/// Rows as the fit sees them: class, bytes, time and serial steps per SM
/// per effective warp.
static std::vector<FitRow>
makeFitRows(const std::vector<const BenchRow *> &Rows,
            const std::vector<BandwidthClass> &Classes, int SmCount) {
  auto ClassOf = [&](const BenchRow &R) {
    for (size_t K = 0; K < Classes.size(); ++K)
      if (Classes[K].TheOp == *R.TheOp && Classes[K].Camped == R.Camped &&
          Classes[K].Width == classWidth(R))
        return K;
    return (size_t)0;
  };
  std::vector<FitRow> FR;
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
      WEff =
          std::min(WEff, *R->Blocks * std::ceil(*R->Threads / 32.0) / SmCount);
    F.Z = Steps / SmCount / std::max(WEff, 1e-9);
    F.Requests = Requests;
    F.Lines = linesPerRequest(classWidth(*R));
    FR.push_back(F);
  }
  return FR;
}

/// Classes run at a single occupancy cannot separate a from L: each
/// borrows L from the nearest swept class (same op first, then the same
/// camping, then the closest width) and records it in ShapeFrom. Returns
/// per class the class it borrows from (-1: none); a class with nothing to
/// borrow from borrows from a virtual class after the real ones, whose L
/// stays 0.
static std::vector<int> assignBorrowing(std::vector<BandwidthClass> &Classes,
                                        const std::vector<FitRow> &FR) {
  const size_t NC = Classes.size();
  std::vector<std::vector<double>> Occ(NC);
  for (const FitRow &F : FR)
    if (std::find(Occ[F.Class].begin(), Occ[F.Class].end(), F.Row->Warps) ==
        Occ[F.Class].end())
      Occ[F.Class].push_back(F.Row->Warps);
  const int NoneToBorrow = -2;
  std::vector<int> BorrowFrom(NC, -1);
  for (size_t K = 0; K < NC; ++K) {
    if (Occ[K].size() >= 2)
      continue;
    const BandwidthClass &C = Classes[K];
    double BestD = 1e30;
    for (size_t J = 0; J < NC; ++J) {
      const BandwidthClass &O = Classes[J];
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
    Classes[K].ShapeFrom =
        BorrowFrom[K] >= 0 ? className(Classes[(size_t)BorrowFrom[K]].TheOp,
                                       Classes[(size_t)BorrowFrom[K]].Camped,
                                       Classes[(size_t)BorrowFrom[K]].Width)
                           : std::string("none (no latency term)");
    if (BorrowFrom[K] < 0)
      BorrowFrom[K] = NoneToBorrow;
  }
  bool NeedZeroL = std::any_of(BorrowFrom.begin(), BorrowFrom.end(),
                               [&](int B) { return B == NoneToBorrow; });
  for (int &B : BorrowFrom)
    if (B == NoneToBorrow)
      B = (int)NC;
  BorrowFrom.resize(NeedZeroL ? NC + 1 : NC, -1);
  return BorrowFrom;
}

/// Grid search of the shared exponent and launch latency: the best
/// solution overall, and in BestAtP the best launch of every exponent
/// tried (for the loadstore rows). The launch is a few microseconds; it
/// cannot exceed half the fastest row. Where it is given (FixedLaunch: the
/// small group's empty kernels measured it) that is the launch: the
/// streams' milliseconds hardly tell it from their bytes.
static Solution searchLaunchAndExponent(std::vector<FitRow> &FR,
                                        const BenchData &D, int SmCount,
                                        const std::vector<int> &Borrow,
                                        std::optional<double> FixedLaunch,
                                        std::vector<Solution> &BestAtP) {
  double MinT = 1e300;
  for (const FitRow &F : FR)
    MinT = std::min(MinT, F.T);
  const std::string Ctx = D.File + ": bandwidth";
  Solution Best;
  std::vector<double> Launches = {0,     0.0005, 0.001, 0.0015, 0.002, 0.003,
                                  0.004, 0.005,  0.006, 0.008,  0.010};
  if (FixedLaunch)
    Launches = {*FixedLaunch};
  for (double Launch : Launches) {
    if (!FixedLaunch && Launch > 0.5 * MinT)
      continue;
    setOtherBounds(FR, D, SmCount, Launch);
    size_t I = 0;
    for (double P = 1; P <= 6.0001; P += 0.25, ++I) {
      // A virtual class (no rows) keeps L = 0 for those that borrow it.
      Solution S = solveClasses(FR, Borrow.size(), Borrow, Launch, P, Ctx);
      if (S.Score < Best.Score)
        Best = S;
      if (BestAtP.size() <= I)
        BestAtP.resize(I + 1);
      if (S.Score < BestAtP[I].Score)
        BestAtP[I] = S;
    }
  }
  return Best;
}

/// M's launch, exponent and class coefficients from S.
static void applySolution(BandwidthModel &M, const Solution &S) {
  M.LaunchMs = S.LaunchMs;
  M.P = S.P;
  for (size_t K = 0; K < M.Classes.size(); ++K) {
    M.Classes[K].MsPerByte = S.A[K];
    M.Classes[K].MsPerStep = S.L[K];
  }
}

/// The spread rows barely choose p (a flat valley on the H200); the
/// loadstore rows, kernels that load and store at occupancies where the
/// two bounds meet, do. With them p minimizes the squared log error of
/// both sets, every row weighing the same, each p with its best launch and
/// its own dependent terms; every p's score lands in M.ExponentScan.
static Solution
chooseExponentWithLoadStore(BandwidthModel &M, const BenchData &D,
                            const std::vector<Solution> &BestAtP,
                            const KernelRows &LoadStore, Solution Best) {
  double BestTotal = 1e300;
  for (const Solution &S : BestAtP) {
    BandwidthModel Mp = M;
    applySolution(Mp, S);
    fitDependentTerms(Mp, D, LoadStore);
    double Geo = 0, Sle = scoreRows(Mp, LoadStore, Geo);
    M.ExponentScan.push_back({S.P, S.Score, Sle});
    if (S.Score + Sle < BestTotal) {
      BestTotal = S.Score + Sle;
      Best = S;
    }
  }
  return Best;
}

/// The usable rows of experiment Exp as kernels (none unless Exps has it).
template <typename Usable, typename AsKernel>
static KernelRows
kernelRowsOf(const BenchData &D, const std::vector<std::string> &Exps,
             const std::string &Exp, Usable IsUsable, AsKernel ToTraffic) {
  KernelRows Rows;
  if (std::find(Exps.begin(), Exps.end(), Exp) != Exps.end())
    for (const BenchRow *R : D.rowsOf(Exp))
      if (IsUsable(*R))
        Rows.push_back({ToTraffic(*R), R});
  return Rows;
}

/// How far the fitted form is from the rows it was fitted to.
struct RowErrors {
  size_t Count = 0;
  double R2 = 0, Rmse = 0, MaxRel = 0, MedianRel = 0, GeomeanRel = 0;
};

/// The errors of solution S on the rows InClass selects (relative errors
/// below 1e-4 count as 1e-4 in the geometric mean).
template <typename Pred>
static RowErrors rowErrors(const std::vector<FitRow> &FR, const Solution &S,
                           Pred InClass) {
  RowErrors R;
  double SSRes = 0, Sum = 0, SumSq = 0, LogSum = 0;
  std::vector<double> Rel;
  for (const FitRow &F : FR)
    if (InClass(F)) {
      double E = predictRow(F, S) - F.T;
      SSRes += E * E;
      Sum += F.T;
      SumSq += F.T * F.T;
      Rel.push_back(std::abs(E / F.T));
      LogSum += std::log(std::max(Rel.back(), 1e-4));
    }
  R.Count = Rel.size();
  if (!R.Count)
    return R;
  double N = (double)R.Count;
  double SSTot = SumSq - Sum * Sum / N;
  R.R2 = SSTot > 1e-12 * SumSq ? 1 - SSRes / SSTot
                               : (SSRes <= 1e-24 * SumSq ? 1 : 0);
  R.Rmse = std::sqrt(SSRes / N);
  R.MaxRel = *std::max_element(Rel.begin(), Rel.end());
  R.GeomeanRel = std::exp(LogSum / N);
  std::sort(Rel.begin(), Rel.end());
  R.MedianRel = Rel[Rel.size() / 2];
  return R;
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
  if (D.Gpu.SmClockMhz > 0) {
    double CyclesPerMs = D.Gpu.SmClockMhz * 1e3;
    M.DependentMsPerSlot = BandwidthModel::DependentCyclesPerSlot / CyclesPerMs;
    M.IssueMsPerSlot = 1 / (BandwidthModel::IssueSlotsPerCycle * CyclesPerMs);
  }
  std::vector<const BenchRow *> Rows = selectClassRows(D, Exps, M.FitNotes);
  if (Rows.empty())
    return M;
  M.Classes = makeClasses(Rows);
  std::vector<FitRow> FR = makeFitRows(Rows, M.Classes, M.SmCount);
  std::vector<int> Borrow = assignBorrowing(M.Classes, FR);
  if (FixedLaunch)
    M.LaunchFrom = "given";
  std::vector<Solution> BestAtP;
  Solution Best =
      searchLaunchAndExponent(FR, D, M.SmCount, Borrow, FixedLaunch, BestAtP);

  // Without loadstore rows p is chosen on the spread rows alone.
  KernelRows LoadStore =
      kernelRowsOf(D, Exps, "loadstore", usableLoadStoreRow, loadStoreTraffic);
  if (!LoadStore.empty())
    Best = chooseExponentWithLoadStore(M, D, BestAtP, LoadStore, Best);
  setOtherBounds(FR, D, M.SmCount, Best.LaunchMs);
  applySolution(M, Best);
  fitDependentTerms(M, D, LoadStore);
  if (!LoadStore.empty()) {
    M.LoadStoreRows = LoadStore.size();
    scoreRows(M, LoadStore, M.LoadStoreGeomeanRelErr);
  }
  // Held out: the small grids' chains, kernels the fit never saw.
  KernelRows Small = kernelRowsOf(
      D, Exps, "small",
      [](const BenchRow &R) { return usableSmallGridRow(R) && *R.N > 0; },
      smallGridTraffic);
  if (!Small.empty()) {
    M.SmallRows = Small.size();
    scoreRows(M, Small, M.SmallGeomeanRelErr);
  }

  RowErrors All = rowErrors(FR, Best, [](const FitRow &) { return true; });
  M.Rows = All.Count;
  M.R2 = All.R2;
  M.Rmse = All.Rmse;
  M.MaxRelErr = All.MaxRel;
  M.GeomeanRelErr = All.GeomeanRel;
  for (size_t K = 0; K < M.Classes.size(); ++K) {
    RowErrors E =
        rowErrors(FR, Best, [&](const FitRow &F) { return F.Class == K; });
    BandwidthClass &C = M.Classes[K];
    C.Rows = E.Count;
    C.R2 = E.R2;
    C.Rmse = E.Rmse;
    C.MaxRelErr = E.MaxRel;
    C.MedianRelErr = E.MedianRel;
  }
  return M;
}

} // namespace sectorscope::model
