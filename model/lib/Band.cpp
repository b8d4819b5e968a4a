//===- Band.cpp - CampProf's best/worst band for one kernel ---------------===//
#include "sectorscope/model/Band.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/RereadWindow.h"
#include "sectorscope/model/TermSwitches.h"
#include "sectorscope/model/TextTable.h"

#include <algorithm>
#include <cmath>

namespace sectorscope::model {

const char *modelName(ModelKind K) {
  switch (K) {
  case ModelKind::Bandwidth:
    return "bandwidth";
  case ModelKind::CampProf:
    return "campprof";
  case ModelKind::GT200:
    return "gt200";
  }
  return "?";
}

std::optional<ModelKind> parseModelKind(const std::string &S) {
  if (S == "bandwidth")
    return ModelKind::Bandwidth;
  if (S == "campprof")
    return ModelKind::CampProf;
  if (S == "gt200")
    return ModelKind::GT200;
  return std::nullopt;
}

double campingDegree(double Best, double Worst, double Measured) {
  double Width = Worst - Best;
  // Relative guard: a band thinner than 1e-9 of its height has no inside.
  if (!(Width > 1e-9 * std::max(std::abs(Best), 1e-300)))
    return 0;
  return (Measured - Best) / Width;
}

double extrapolateApp(double Best0, double Worst0, double Measured0,
                      double BestW, double WorstW) {
  double D = campingDegree(Best0, Worst0, Measured0);
  if (Worst0 - Best0 <= 0 || D < 0) {
    // Below the band (or no band): ride the best line proportionally.
    return Best0 > 0 ? Measured0 * BestW / Best0 : Measured0;
  }
  if (D > 1)
    return Worst0 > 0 ? Measured0 * WorstW / Worst0 : Measured0;
  return BestW + D * (WorstW - BestW);
}

bool outsideMemoryScope(double Best, double Worst, double Measured,
                        double Factor) {
  return Measured > std::max(Factor * Best, Worst);
}

std::string scopeRule(double Factor) {
  return "outside the memory-bound scope when measured > max(" +
         fmtNum(Factor) + " x best, worst) at the measured occupancy";
}

std::string placement(double D, bool HasBand) {
  if (!HasBand)
    return "no band (no camped benchmarks)";
  if (D < 0)
    return "below best (faster than the model's best)";
  if (D > 1)
    return "above worst (slower than fully camped)";
  if (D < 0.2)
    return "near best (little camping)";
  if (D > 0.8)
    return "near worst (heavily camped)";
  return "between (partly camped)";
}

void inheritFrom(Traffic &T, const Calibration &C, const Profile &Previous) {
  const double L2 = C.Gpu.L2Bytes;
  Traffic P = trafficFromProfile(Previous);
  T.InheritedDirtyBytes = P.storedBytes(L2);
  // All the previous launch brought into L2 is still there when it fits:
  // what it touched of an allocation this launch reads (same address) is
  // an L2 hit (an iterative solver's kernels on a matrix that fits).
  if (L2 <= 0 || P.allocatedBytes(L2) > L2)
    return;
  for (ObjectUse &U : T.Uses) {
    if (U.TheOp != Op::Read || U.Base < 0 || U.SizeBytes <= 0)
      continue;
    double Touched = 0;
    for (const MemItem &I : P.Items)
      if (I.Use >= 0 && P.Uses[(size_t)I.Use].Base == U.Base)
        Touched += P.dramBytes(I, L2);
    U.WarmBytes = std::min(Touched, U.SizeBytes);
  }
}

double predictTime(const Calibration &C, ModelKind K, const Traffic &T,
                   bool Camped, double Warps, std::vector<std::string> *Notes) {
  double V = 0;
  switch (K) {
  case ModelKind::Bandwidth:
    if (!C.Bandwidth)
      fail(C.File, "bandwidth",
           "calibration has no bandwidth model (no stream/campprof rows)");
    V = C.Bandwidth->kernelTime(T, Camped, Warps, Notes);
    break;
  case ModelKind::CampProf:
    if (!C.CampProf)
      fail(C.File, "campprof",
           "calibration has no campprof model (no campprof rows)");
    V = C.CampProf->kernelTime(T, Camped, Warps, Notes);
    break;
  case ModelKind::GT200:
    if (!C.GT200)
      fail(C.File, "gt200", "calibration has no gt200 model (no gt200 rows)");
    V = C.GT200->kernelTime(T, Warps, Notes);
    break;
  }
  return checkTime(V, std::string(modelName(K)) + " time at " + fmtNum(Warps) +
                          " warps/SM");
}

/// Warps on a busy SM: the occupancy given (or what an SM can hold), capped
/// by the grid, since a grid of fewer blocks than the SMs can hold puts
/// fewer warps on each.
static double cappedByGrid(const Profile &P, const Calibration &C, double W,
                           std::string *Source) {
  double GridWarps = std::ceil(P.blocks() / C.Gpu.SmCount) * P.warpsPerBlock();
  if (GridWarps >= 1 && GridWarps < W) {
    *Source += ", capped by the grid";
    return GridWarps;
  }
  return W;
}

Profile withRereadWindow(const Profile &P, const Calibration &C,
                         double WarpsPerSm, std::vector<std::string> *Notes) {
  Profile Q = P;
  if (!C.RereadByOccupancy)
    return Q;
  double L1 = C.Bandwidth ? C.Bandwidth->L1.BytesPerSm : 0;
  double W = useRereadWindow(Q, WarpsPerSm, L1);
  if (W > 0 && Notes)
    Notes->push_back("re-reads within " + fmtNum(W) +
                     " sectors a warp (half the L1 at " + fmtNum(WarpsPerSm) +
                     " warps/SM)");
  return Q;
}

double occupancyFor(const Profile &P, const Calibration &C,
                    std::optional<double> Override, std::string *Source) {
  double Max = C.Gpu.MaxWarpsPerSm;
  auto Check = [&](double W, const std::string &What) {
    if (!(W >= 1) || W > Max)
      fail(What == "--warps" ? "" : P.File, What,
           "impossible occupancy " + fmtNum(W) + " warps/SM (1.." +
               fmtNum(Max) + ")");
    return W;
  };
  if (Override) {
    *Source = "--warps";
    return cappedByGrid(P, C, Check(*Override, "--warps"), Source);
  }
  if (P.ActiveWarps) {
    *Source = "profile";
    return cappedByGrid(
        P, C, Check(*P.ActiveWarps, "occupancy.active_warps_per_sm"), Source);
  }
  *Source = "estimated from the launch shape; registers ignored";
  return cappedByGrid(P, C, maxOccupancyFor(P, C), Source);
}

double maxOccupancyFor(const Profile &P, const Calibration &C) {
  double WPB = P.warpsPerBlock();
  double BlocksPerSm = std::min(std::floor(C.Gpu.MaxWarpsPerSm / WPB), 32.0);
  if (P.SharedBytes > 0) // Hopper: 228 KiB per SM, 1 KiB reserved per block.
    BlocksPerSm =
        std::min(BlocksPerSm, std::floor(233472.0 / (P.SharedBytes + 1024)));
  return std::max(1.0, BlocksPerSm) * WPB;
}

std::string noTrafficMessage(const Profile &P) {
  if (P.Mode == "time")
    return "a mode=time profile has no counters: pair its time_ms with an "
           "instrumented (heatmap or grid) profile of the same launch";
  return "no global-memory sectors recorded: nothing to model";
}

static void dedupe(std::vector<std::string> &V) {
  std::vector<std::string> Out;
  for (std::string &S : V)
    if (std::find(Out.begin(), Out.end(), S) == Out.end())
      Out.push_back(std::move(S));
  V = std::move(Out);
}

std::string degreeNotComputed(double Spread, double Camped, double Warps) {
  if (Camped > Spread * (1 + 1e-9))
    return "";
  return "camping degree not computed: the camped prediction (" +
         fmtNum(Camped) + " ms) is not above the spread one (" +
         fmtNum(Spread) + " ms) at " + fmtNum(Warps) +
         " warps per SM, so this kernel does not camp on this chip";
}

/// The kernel's DRAM bound where it is least: with reuse served by L1.
static double dramFloorMs(const KernelCurve &Spread) {
  return Spread.L1MaxWarps > 0 ? std::min(Spread.BwMs, Spread.BwMsL1)
                               : Spread.BwMs;
}

/// Below this share of the DRAM bound, a measured time means the traffic
/// estimate counted as DRAM sectors what the caches served (a line re-read
/// by several warps or threads): the kernel is outside the DRAM-bound
/// scope. The estimate misses such reuse by less than a factor of two on
/// the kernels the model targets.
static constexpr double CachedShare = 0.5;
/// Below this share, no cache explains it (L1 and L2 serve reused lines at
/// some ten times DRAM's bandwidth): a wrong unit, another launch's time or
/// another GPU's calibration.
static constexpr double ImpossibleShare = 1.0 / 30;

void rejectImpossibleTime(const KernelCurve &Spread, double Warps,
                          double MeasuredMs, const std::string &Where) {
  double Floor = dramFloorMs(Spread);
  if (Floor > 0 && MeasuredMs < ImpossibleShare * Floor)
    fail(Where, "time_ms",
         "impossible time " + fmtNum(MeasuredMs) + " ms at " + fmtNum(Warps) +
             " warps per SM: the kernel's traffic needs at least " +
             fmtNum(Floor) +
             " ms at the calibrated peak bandwidth (a wrong unit, another "
             "launch's time, or another GPU's calibration?)");
}

/// The calibration's dropped terms the kernel exercises at W warps (spread
/// line): each alone, dropped from the undropped model, moves its time by
/// more than ExercisedShare.
static std::vector<std::string> missingTerms(const Calibration &C,
                                             const Traffic &T, double W) {
  std::vector<std::string> Out;
  if (!C.Undropped)
    return Out;
  Calibration Full = C;
  Full.Bandwidth = C.Undropped;
  double Time = predictTime(Full, ModelKind::Bandwidth, T, false, W, nullptr);
  for (const std::string &Name : C.DroppedTerms) {
    Calibration Without = Full;
    findTermSwitch(Name)->Drop(*Without.Bandwidth);
    double TW =
        predictTime(Without, ModelKind::Bandwidth, T, false, W, nullptr);
    if (std::abs(TW - Time) > ExercisedShare * Time)
      Out.push_back(Name);
  }
  return Out;
}

std::string supportNote(const std::vector<std::string> &Missing) {
  std::string Names;
  for (const std::string &N : Missing)
    Names += (Names.empty() ? "" : ", ") + N;
  return "outside the model's support: " + Names +
         " not in the calibration's model";
}

BandResult computeBand(const Calibration &C, const Profile &P,
                       const BandOptions &O) {
  if (O.Kind == ModelKind::GT200)
    fail("", "--model",
         "gt200 has no camped variant, so no band; use "
         "`predict --model gt200`");
  BandResult B;
  B.Kernel = P.Kernel;
  B.ProfileFile = P.File;
  B.Kind = O.Kind;
  B.Warps = occupancyFor(P, C, O.Warps, &B.WarpsSource);
  Traffic T = trafficFromProfile(withRereadWindow(P, C, B.Warps, &B.Notes));
  B.TotalBytes = T.totalBytes();
  if (B.TotalBytes <= 0)
    fail(P.File, "sites", noTrafficMessage(P));
  if (O.Previous)
    inheritFrom(T, C, *O.Previous);
  if (P.SmCount && P.SmCount != C.Gpu.SmCount)
    B.Notes.push_back("profile's device has " + std::to_string(P.SmCount) +
                      " SMs, the calibration's " +
                      std::to_string(C.Gpu.SmCount) +
                      ": calibrated on another GPU?");
  B.MeasuredMs = O.TimeMs ? O.TimeMs : P.TimeMs;
  B.HasBand = O.Kind == ModelKind::Bandwidth
                  ? C.Bandwidth && C.Bandwidth->hasCamped()
                  : C.CampProf && C.CampProf->hasCamped();
  if (!B.HasBand)
    B.Notes.push_back("calibration has no camped benchmarks: the worst line "
                      "equals the best line");
  B.Bounds = C.Bounds;
  double FloorMs = 0;
  if (C.Bandwidth) {
    KernelCurve Spread = C.Bandwidth->curve(T, false, nullptr);
    FloorMs = dramFloorMs(Spread);
    if (B.MeasuredMs && O.RejectImpossible)
      rejectImpossibleTime(Spread, B.Warps, *B.MeasuredMs,
                           O.TimeMs ? O.TimeFrom : P.File);
    if (O.Kind == ModelKind::Bandwidth)
      B.BestCurve = Spread;
  }
  auto Line = [&](double W, BandPoint &Pt) {
    Pt.Warps = W;
    Pt.Best = predictTime(C, O.Kind, T, false, W, &B.Notes);
    Pt.Worst = predictTime(C, O.Kind, T, true, W, &B.Notes);
    Pt.Lower = std::min(Pt.Best, Pt.Worst);
    Pt.Upper = std::max(Pt.Best, Pt.Worst);
    if (C.Bounds) {
      Pt.Lower = C.Bounds->lower(Pt.Lower);
      Pt.Upper = C.Bounds->upper(Pt.Upper);
    }
  };
  BandPoint At;
  Line(B.Warps, At);
  if (O.Kind == ModelKind::Bandwidth)
    B.MissingTerms = missingTerms(C, T, B.Warps);
  B.BestMs = At.Best;
  B.WorstMs = At.Worst;
  if (double LastWave = B.BestCurve ? B.BestCurve->lastWaveMs(B.Warps) : 0;
      LastWave > 0.05 * B.BestMs)
    B.Notes.push_back(
        "the grid is " + fmtFixed(B.BestCurve->waves(B.Warps), 2) +
        " waves at " + fmtNum(B.Warps) +
        " warps/SM: its last, partial wave waits a whole wave's round trips "
        "(" +
        fmtNum(LastWave) +
        " ms of the best line); a grid of whole waves avoids it");
  B.LowerMs = At.Lower;
  B.UpperMs = At.Upper;
  double Lo0 = std::min(B.BestMs, B.WorstMs);
  double Hi0 = std::max(B.BestMs, B.WorstMs);
  B.ScopeFactor = O.ScopeFactor;
  B.DegreeNote = B.HasBand ? degreeNotComputed(B.BestMs, B.WorstMs, B.Warps)
                           : "camping degree not computed: no camped "
                             "benchmarks in the calibration";
  if (B.MeasuredMs) {
    if (B.DegreeNote.empty()) {
      double D = campingDegree(B.BestMs, B.WorstMs, *B.MeasuredMs);
      B.Degree = D;
      B.DegreeClamped = std::clamp(D, 0.0, 1.0);
    }
    B.Inside = *B.MeasuredMs >= B.LowerMs && *B.MeasuredMs <= B.UpperMs;
    B.InScope = !outsideMemoryScope(Lo0, Hi0, *B.MeasuredMs, O.ScopeFactor);
    if (!*B.InScope)
      B.Notes.push_back("measured " + fmtNum(*B.MeasuredMs / Lo0) +
                        "x the best line: outside the memory-bound scope (" +
                        scopeRule(O.ScopeFactor) + ")");
    if (FloorMs > 0 && *B.MeasuredMs < CachedShare * FloorMs) {
      B.InScope = false;
      B.Notes.push_back(
          "measured " + fmtNum(*B.MeasuredMs) + " ms, under half the " +
          fmtNum(FloorMs) +
          " ms its sectors need at the calibrated DRAM peak: the caches "
          "served much of its traffic (lines re-read by several threads), "
          "outside the DRAM-bound scope");
    }
  }
  std::optional<KernelCurve> App;
  if (B.BestCurve && B.MeasuredMs)
    App = B.BestCurve->throughPoint(B.Warps, *B.MeasuredMs);
  int Max = O.MaxWarps > 0 ? O.MaxWarps : C.Gpu.MaxWarpsPerSm;
  // CampProf drew the application line only up to the kernel's maximum
  // occupancy (its block size and shared memory; registers unknown here).
  B.AppMaxWarps = std::max(maxOccupancyFor(P, C), B.Warps);
  for (int W = 1; W <= Max; ++W) {
    BandPoint Pt;
    Line(W, Pt);
    if (B.MeasuredMs && W <= B.AppMaxWarps)
      Pt.App =
          checkTime(App ? App->at(W)
                        : extrapolateApp(Lo0, Hi0, *B.MeasuredMs,
                                         std::min(Pt.Best, Pt.Worst),
                                         std::max(Pt.Best, Pt.Worst)),
                    "application time at " + std::to_string(W) + " warps/SM");
    B.Points.push_back(Pt);
  }
  dedupe(B.Notes);
  return B;
}

Json bandToJson(const BandResult &B) {
  Json J;
  J["schema"] = "sectorscope-band/1";
  J["kernel"] = B.Kernel;
  J["profile"] = B.ProfileFile;
  J["model"] = modelName(B.Kind);
  J["active_warps_per_sm"] = B.Warps;
  J["occupancy_source"] = B.WarpsSource;
  J["total_bytes"] = B.TotalBytes;
  J["has_band"] = B.HasBand;
  J["app_max_warps_per_sm"] = B.AppMaxWarps;
  J["best_ms"] = B.BestMs;
  J["worst_ms"] = B.WorstMs;
  J["lower_ms"] = B.LowerMs;
  J["upper_ms"] = B.UpperMs;
  J["bounds"] = B.Bounds ? B.Bounds->label()
                         : "raw band: min and max of "
                           "best and worst, no stated "
                           "confidence";
  J["in_support"] = B.MissingTerms.empty();
  J["missing_terms"] = B.MissingTerms;
  if (!B.MissingTerms.empty())
    J["support"] = supportNote(B.MissingTerms);
  if (!B.DegreeNote.empty())
    J["camping_degree_note"] = B.DegreeNote;
  if (B.MeasuredMs) {
    J["measured_ms"] = *B.MeasuredMs;
    if (B.Degree) {
      J["camping_degree"] = *B.DegreeClamped;
      J["camping_degree_raw"] = *B.Degree;
      J["placement"] = placement(*B.Degree, B.HasBand);
    }
    J["inside_bounds"] = *B.Inside;
    J["in_scope"] = *B.InScope;
    J["ratio_to_best"] = B.BestMs > 0 ? *B.MeasuredMs / B.BestMs : 0;
    J["scope_rule"] = scopeRule(B.ScopeFactor);
  }
  if (B.BestCurve) {
    // The best line's two terms at the measured occupancy: which bound
    // dominates (and by how much) is the model's explanation.
    J["best_terms"] = {{"launch_ms", B.BestCurve->LaunchMs},
                       {"bandwidth_ms", B.BestCurve->memoryMs(B.Warps)},
                       {"issue_ms", B.BestCurve->IssueMs},
                       {"shared_memory_ms", B.BestCurve->SharedMs},
                       {"latency_ms", B.BestCurve->latencyMs(B.Warps)},
                       {"l1_reuse", B.BestCurve->l1Fits(B.Warps)},
                       {"smooth_max_exponent", B.BestCurve->P}};
  }
  Json Pts = Json::array();
  for (const BandPoint &P : B.Points) {
    Json PJ = {{"active_warps_per_sm", P.Warps},
               {"best_ms", P.Best},
               {"worst_ms", P.Worst},
               {"lower_ms", P.Lower},
               {"upper_ms", P.Upper}};
    if (P.App)
      PJ["app_ms"] = *P.App;
    Pts.push_back(PJ);
  }
  J["points"] = Pts;
  J["notes"] = B.Notes;
  return J;
}

std::string bandTable(const BandResult &B) {
  std::string Out = "kernel " + B.Kernel + " (" + B.ProfileFile + "), model " +
                    modelName(B.Kind) + ", " + fmtNum(B.TotalBytes) +
                    " bytes (sectors x 32, grid)\n";
  Out += "occupancy " + fmtNum(B.Warps) + " warps per SM (" + B.WarpsSource +
         "): best (spread) " + fmtNum(B.BestMs) + " ms, worst (camped) " +
         fmtNum(B.WorstMs) + " ms\n";
  Out += (B.Bounds ? B.Bounds->label()
                   : std::string("raw bounds (no stated confidence)")) +
         ": " + fmtNum(B.LowerMs) + " .. " + fmtNum(B.UpperMs) + " ms\n";
  if (!B.MissingTerms.empty())
    Out += supportNote(B.MissingTerms) + ": the bounds do not hold for it\n";
  if (B.MeasuredMs && B.AppMaxWarps < B.Points.size())
    Out += "application line up to " + fmtNum(B.AppMaxWarps) +
           " warps/SM, the most its block size allows\n";
  if (B.MeasuredMs)
    Out += "measured " + fmtNum(*B.MeasuredMs) + " ms, " +
           (*B.Inside ? "inside" : "OUTSIDE") + " the bounds: " +
           (B.Degree ? "camping degree " + fmtFixed(*B.DegreeClamped, 2) +
                           " (raw " + fmtFixed(*B.Degree, 2) + "), " +
                           placement(*B.Degree, B.HasBand)
                     : B.DegreeNote) +
           "\n";
  else if (!B.DegreeNote.empty())
    Out += B.DegreeNote + "\n";
  if (B.MeasuredMs)
    Out += std::string("memory-bound scope: ") +
           (*B.InScope ? "in" : "OUTSIDE") + ", measured " +
           fmtFixed(B.BestMs > 0 ? *B.MeasuredMs / B.BestMs : 0, 2) +
           "x best (" + scopeRule(B.ScopeFactor) + ")\n";
  if (B.BestCurve)
    Out += "best line terms at " + fmtNum(B.Warps) + " warps/SM: bandwidth " +
           fmtNum(B.BestCurve->memoryMs(B.Warps)) + " ms, " +
           (B.BestCurve->IssueMs > 0
                ? "instruction issue " + fmtNum(B.BestCurve->IssueMs) + " ms, "
                : std::string()) +
           (B.BestCurve->SharedMs > 0
                ? "shared memory " + fmtNum(B.BestCurve->SharedMs) + " ms, "
                : std::string()) +
           "latency " + fmtNum(B.BestCurve->latencyMs(B.Warps)) +
           " ms, launch " + fmtNum(B.BestCurve->LaunchMs) + " ms" +
           (B.BestCurve->l1Fits(B.Warps) ? " (reuse inside a block hits L1)"
                                         : "") +
           "\n";
  std::vector<std::string> H = {"warps/SM", "best_ms", "worst_ms", "lower_ms",
                                "upper_ms"};
  if (B.MeasuredMs)
    H.push_back("app_ms");
  TextTable T(H);
  for (const BandPoint &P : B.Points) {
    std::vector<std::string> R = {fmtNum(P.Warps), fmtNum(P.Best),
                                  fmtNum(P.Worst), fmtNum(P.Lower),
                                  fmtNum(P.Upper)};
    if (B.MeasuredMs)
      R.push_back(P.App ? fmtNum(*P.App) : "-");
    T.addRow(R);
  }
  Out += T.render();
  for (const std::string &N : B.Notes)
    Out += "note: " + N + "\n";
  return Out;
}

} // namespace sectorscope::model
