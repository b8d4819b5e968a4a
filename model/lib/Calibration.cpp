//===- Calibration.cpp - The fitted models, as one JSON file --------------===//
#include "sectorscope/model/Calibration.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/TermSwitches.h"
#include "sectorscope/model/TextTable.h"

#include <algorithm>
#include <cmath>

namespace sectorscope::model {

Calibration fitCalibration(const BenchData &D, const FitSettings &S) {
  Calibration C;
  C.Source = D.File;
  C.Gpu = D.Gpu;
  C.TimeField = D.TimeField;
  if (!D.rowsOf("campprof").empty())
    C.CampProf = CampProfModel::fit(D, S.UnitBytesPerWarp);
  if (!D.rowsOf("gt200").empty())
    C.GT200 = GT200Model::fit(D);
  BandwidthModel B = BandwidthModel::fit(D, S.BandwidthExperiments);
  if (!B.Classes.empty())
    C.Bandwidth = std::move(B);
  if (!C.CampProf && !C.GT200 && !C.Bandwidth)
    fail(D.File, "rows",
         "no rows of experiment campprof, gt200 or stream: nothing to fit");
  return C;
}

Json Calibration::toJson() const {
  Json J;
  J["schema"] = CalibSchema;
  J["source"] = Source;
  J["time_field"] = TimeField;
  J["gpu"] = {{"name", Gpu.Name},
              {"sm_count", Gpu.SmCount},
              {"max_warps_per_sm", Gpu.MaxWarpsPerSm}};
  if (Gpu.L2Bytes > 0)
    J["gpu"]["l2_bytes"] = Gpu.L2Bytes;
  if (CampProf)
    J["campprof"] = CampProf->toJson();
  if (GT200)
    J["gt200"] = GT200->toJson();
  if (Bandwidth)
    J["bandwidth"] = Undropped ? Undropped->toJson() : Bandwidth->toJson();
  if (!DroppedTerms.empty())
    J["dropped_terms"] = DroppedTerms;
  if (Bounds)
    J["bounds"] = Bounds->toJson();
  return J;
}

std::string BoundsMargin::label() const {
  return "bounds at " + fmtFixed(100 * Coverage, 0) + "% (held-out" +
         (Basis.empty() ? "" : ", from " + Basis) + ")";
}

Json BoundsMargin::toJson() const {
  Json J = {
      {"coverage", Coverage},        {"lower_factor", LowerFactor},
      {"upper_factor", UpperFactor}, {"cases", Cases},
      {"kernels", Kernels},          {"held_out_coverage", HeldOutCoverage}};
  if (!Basis.empty())
    J["basis"] = Basis;
  return J;
}

BoundsMargin BoundsMargin::fromJson(const Json &J, const Ctx &C) {
  requireObject(J, C);
  BoundsMargin B;
  B.Coverage = getNumber(J, C, "coverage", NumRule::Positive);
  if (B.Coverage >= 1)
    C.at("coverage")
        .fail("expected a fraction below 1, got " + fmtNum(B.Coverage));
  B.LowerFactor = getNumber(J, C, "lower_factor", NumRule::Positive);
  B.UpperFactor = getNumber(J, C, "upper_factor", NumRule::Positive);
  if (B.LowerFactor < 1)
    C.at("lower_factor").fail("expected a factor >= 1");
  if (B.UpperFactor < 1)
    C.at("upper_factor").fail("expected a factor >= 1");
  B.Cases =
      (size_t)getOptNumber(J, C, "cases", NumRule::NonNegative).value_or(0);
  B.Kernels =
      (size_t)getOptNumber(J, C, "kernels", NumRule::NonNegative).value_or(0);
  B.HeldOutCoverage =
      getOptNumber(J, C, "held_out_coverage", NumRule::Any).value_or(-1);
  B.Basis = getOptString(J, C, "basis").value_or("");
  return B;
}

Calibration Calibration::fromJson(const Json &J, const std::string &File) {
  Ctx Top(File);
  requireSchema(J, Top, CalibSchema);
  Calibration C;
  C.File = File;
  C.Source = getOptString(J, Top, "source").value_or("");
  C.TimeField = getOptString(J, Top, "time_field").value_or("best_ms");
  const Json &G = getObject(J, Top, "gpu");
  Ctx GC = Top.at("gpu");
  C.Gpu.Name = getOptString(G, GC, "name").value_or("unknown");
  C.Gpu.SmCount = (int)getNumber(G, GC, "sm_count", NumRule::PositiveInteger);
  C.Gpu.MaxWarpsPerSm =
      (int)getOptNumber(G, GC, "max_warps_per_sm", NumRule::PositiveInteger)
          .value_or(64);
  C.Gpu.L2Bytes =
      getOptNumber(G, GC, "l2_bytes", NumRule::NonNegative).value_or(0);
  auto Has = [&](const char *K) { return J.contains(K) && !J[K].is_null(); };
  if (Has("campprof")) {
    C.CampProf = CampProfModel::fromJson(J["campprof"], Top.at("campprof"));
    C.CampProf->SmCount = C.Gpu.SmCount;
  }
  if (Has("gt200")) {
    C.GT200 = GT200Model::fromJson(J["gt200"], Top.at("gt200"));
    C.GT200->SmCount = C.Gpu.SmCount;
  }
  if (Has("bandwidth")) {
    C.Bandwidth = BandwidthModel::fromJson(J["bandwidth"], Top.at("bandwidth"));
    C.Bandwidth->SmCount = C.Gpu.SmCount;
    C.Bandwidth->L2Bytes = C.Gpu.L2Bytes;
  }
  if (!C.CampProf && !C.GT200 && !C.Bandwidth)
    Top.fail("no model (campprof, gt200 or bandwidth) in the calibration");
  if (Has("dropped_terms")) {
    const Json &D = getArray(J, Top, "dropped_terms");
    C.Undropped = C.Bandwidth;
    for (size_t I = 0; I < D.size(); ++I) {
      Ctx DC = Top.at("dropped_terms").at(I);
      if (!D[I].is_string())
        DC.fail("expected a term name");
      std::string Name = D[I].get<std::string>();
      const TermSwitch *S = findTermSwitch(Name);
      if (!S)
        DC.fail("unknown term '" + Name + "'");
      if (C.Bandwidth)
        S->Drop(*C.Bandwidth);
      C.DroppedTerms.push_back(Name);
    }
  }
  if (Has("bounds"))
    C.Bounds = BoundsMargin::fromJson(J["bounds"], Top.at("bounds"));
  return C;
}

Calibration readCalibration(const std::string &Path) {
  return Calibration::fromJson(readJsonFile(Path), Path);
}

/// CampProf's classes, and its R2 and RMSE ranges beside the paper's.
static std::string campProfSummary(const CampProfModel &M) {
  std::string Out;
  Out += "\ncampprof: t = intercept + per_warp*w + b_k (ms for w warps/SM "
         "x " +
         fmtNum(M.UnitBytesPerWarp) + " B each)\n";
  TextTable T(
      {"class", "rows", "intercept", "per_warp", "width coefs", "R2", "RMSE"});
  for (const CampProfClass &K : M.Classes) {
    std::string WC;
    for (auto &[W, V] : K.WidthCoef)
      WC +=
          (WC.empty() ? "" : " ") + ("b" + std::to_string(W)) + "=" + fmtNum(V);
    if (WC.empty())
      WC = "-";
    T.addRow({std::string(opName(K.TheOp)) + (K.Camped ? " camped" : " spread"),
              std::to_string(K.Rows), fmtNum(K.Intercept), fmtNum(K.PerWarp),
              WC, fmtFixed(K.R2, 4), fmtNum(K.Rmse)});
  }
  Out += T.render();
  // The paper's own summary, for comparison: R^2 0.953-0.976.
  double R2Lo = 1, R2Hi = 0, RmLo = INFINITY, RmHi = 0;
  for (const CampProfClass &K : M.Classes) {
    R2Lo = std::min(R2Lo, K.R2);
    R2Hi = std::max(R2Hi, K.R2);
    RmLo = std::min(RmLo, K.Rmse);
    RmHi = std::max(RmHi, K.Rmse);
  }
  Out += "R2 " + fmtFixed(R2Lo, 4) + ".." + fmtFixed(R2Hi, 4) + ", RMSE " +
         fmtNum(RmLo) + ".." + fmtNum(RmHi) +
         " (CampProf on the GTX 280: R2 0.953..0.976)\n";
  return Out;
}

/// The GT200 model's terms at the reference occupancy and its scales.
static std::string gt200Summary(const GT200Model &G) {
  std::string Out;
  Out += "\ngt200: T = l + T_R + T_W (ms per wave) at k=" + fmtNum(G.RefWarps) +
         " warps/SM, " + std::to_string(G.Rows) + " rows, R2 " +
         fmtFixed(G.R2, 4) + ", RMSE " + fmtNum(G.Rmse) + "\n";
  TextTable T({"term", "coefficient"});
  T.addRow({"l (intercept)", fmtNum(G.Ref.Intercept)});
  if (G.Ref.CombinedWords) {
    T.addRow({"read+write word", fmtNum(G.Ref.ReadWord)});
  } else {
    T.addRow({"read word", fmtNum(G.Ref.ReadWord)});
    T.addRow({"write word", fmtNum(G.Ref.WriteWord)});
  }
  T.addRow({"read misaligned", fmtNum(G.Ref.ReadMisaligned)});
  T.addRow({"write misaligned", fmtNum(G.Ref.WriteMisaligned)});
  Out += T.render();
  if (G.Scales.size() > 1) {
    std::string S = "occupancy scale:";
    for (const GT200Scale &X : G.Scales)
      S += " " + fmtNum(X.Warps) + "w=" + fmtFixed(X.Scale, 3);
    Out += S + "\n";
  }
  return Out;
}

/// The bandwidth model's terms beyond the classes: one line each for those
/// that were fitted, then the held-out rows and the fit's notes.
static std::string bandwidthTermsSummary(const BandwidthModel &B) {
  std::string Out;
  if (B.MixedRows)
    Out += "store request of a warp that also loads: " +
           fmtFixed(B.MixedStoreMsPerStep * 1e6, 2) +
           " ns per SM (throughput term), fitted on " +
           (B.LoadStoreRows
                ? std::to_string(B.MixedRows) + " rows (" +
                      std::to_string(B.MixedRows - B.LoadStoreRows) +
                      " aligned gt200, " + std::to_string(B.LoadStoreRows) +
                      " loadstore)"
                : std::to_string(B.MixedRows) + " aligned gt200 rows") +
           " (geomean rel err " + fmtFixed(100 * B.MixedGeomeanRelErr, 1) +
           "%)\n";
  if (B.LaunchFrom != "fit")
    Out += "launch " + fmtFixed(B.LaunchMs * 1e3, 2) + " us (" + B.LaunchFrom +
           ")\n";
  if (B.StoreDrainMs > 0 || B.PartialStoreDrainMs > 0)
    Out += "a kernel's last stores: " + fmtFixed(B.StoreDrainMs * 1e3, 2) +
           " us (full sectors), " + fmtFixed(B.PartialStoreDrainMs * 1e3, 2) +
           " us (sectors written in part), once beside the launch\n";
  if (B.PartialRows) {
    Out += "store sectors written in part: " +
           fmtFixed(B.PartialStoreMsPerSector * 1e6, 2) +
           " ns per sector per SM (" + std::to_string(B.PartialRows) +
           " stride write rows, geomean rel err " +
           fmtFixed(100 * B.PartialGeomeanRelErr, 1) + "%)";
    if (B.PartialLineRows)
      Out += ", " + fmtFixed(B.PartialStoreMsPerLine * 1e6, 2) +
             " ns per line per SM where they lie apart (" +
             std::to_string(B.PartialLineRows) + " rows, " +
             fmtFixed(100 * B.PartialLineGeomeanRelErr, 1) + "%)";
    if (B.PartialHeldOutGeomeanRelErr >= 0)
      Out += "; held out: " + std::to_string(B.PartialHeldOutRows) +
             " offset write rows, " +
             fmtFixed(100 * B.PartialHeldOutGeomeanRelErr, 1) + "%";
    Out += "\n";
  }
  if (B.LocalRows)
    Out += "local memory: " + fmtFixed(B.LocalMsPerSector * 1e6, 3) +
           " ns per sector per SM, a load's round trip " +
           fmtFixed(B.LocalMsPerSectorStep * 1e6, 2) +
           " ns per sector of its request, fitted on " +
           std::to_string(B.LocalRows) + " local rows (geomean rel err " +
           fmtFixed(100 * B.LocalGeomeanRelErr, 1) + "%)\n";
  if (B.SharedRows)
    Out += "shared memory: " + fmtFixed(B.SharedMsPerWavefront * 1e6, 3) +
           " ns per wavefront per SM, a load's round trip " +
           fmtFixed(B.SharedMsPerStep * 1e6, 2) + " ns, fitted on " +
           std::to_string(B.SharedRows) + " shared rows (geomean rel err " +
           fmtFixed(100 * B.SharedGeomeanRelErr, 1) + "%)\n";
  if (B.SparseLineRows)
    Out +=
        "a load sector alone in its line: " + fmtFixed(B.SparseLineFactor, 2) +
        "x a stream's DRAM time, fitted on " +
        std::to_string(B.SparseLineRows) +
        " stride read rows (geomean rel err " +
        fmtFixed(100 * B.SparseLineGeomeanRelErr, 1) + "%)\n";
  if (B.Streams.known()) {
    Out += "loads in flight from separate allocations: round trip x";
    const char *Sep = " ";
    for (const auto &[K, F] : B.Streams.Factors) {
      Out += Sep + fmtFixed(F, 2) + " (" + fmtNum(K) + " streams)";
      Sep = ", ";
    }
    Out += ", from " + std::to_string(B.Streams.Rows) + " streams row pairs\n";
  }
  if (B.WriteBackRows)
    Out += "dirty L2 inherited: written back at " +
           fmtFixed(1e-9 / B.WriteBackMsPerByte, 2) + " TB/s, at most " +
           fmtFixed(100 * B.DirtyL2Share, 0) + "% of L2, fitted on " +
           std::to_string(B.WriteBackRows) + " dirty rows (geomean rel err " +
           fmtFixed(100 * B.WriteBackGeomeanRelErr, 1) + "%)\n";
  auto Rates = [&](const char *What, const TableRates &T) {
    if (!T.known())
      return;
    Out += std::string(What) + " per us over the GPU by table words:";
    for (auto &[W, R] : T.ByWords)
      Out += " " + fmtNum(W) + ":" + fmtFixed(R / 1e3, 0);
    Out += "\n";
  };
  Rates("atomic updates", B.Atomics);
  Rates("volatile load requests", B.HotLoads);
  if (B.SmallRows)
    Out += "held out: " + std::to_string(B.SmallRows) +
           " small-grid chains, geomean rel err " +
           fmtFixed(100 * B.SmallGeomeanRelErr, 1) + "%\n";
  if (B.LoadStoreRows) {
    Out += "p chosen on the spread rows and " +
           std::to_string(B.LoadStoreRows) +
           " loadstore rows (geomean rel err " +
           fmtFixed(100 * B.LoadStoreGeomeanRelErr, 1) +
           "%); squared log error spread + loadstore per p:";
    for (const ExponentScore &E : B.ExponentScan)
      Out += " " + fmtFixed(E.P, 2) + ":" + fmtNum(E.SpreadSqLogErr) + "+" +
             fmtNum(E.LoadStoreSqLogErr);
    Out += "\n";
  }
  if (B.HeldOutGeomeanRelErr >= 0)
    Out += "held out: " + std::to_string(B.HeldOutRows) +
           " misaligned gt200 rows, geomean rel err " +
           fmtFixed(100 * B.HeldOutGeomeanRelErr, 1) + "%\n";
  for (const std::string &N : B.FitNotes)
    Out += "note: bandwidth: " + N + "\n";
  return Out;
}

/// The bandwidth model's form, launch, exponent and classes.
static std::string bandwidthSummary(const BandwidthModel &B) {
  std::string Out;
  Out += "\nbandwidth: t = launch + (T_bw^p + T_lat^p)^(1/p), T_bw = "
         "bytes*a, T_lat = steps*L/w (steps: load requests/mlp, store "
         "requests); launch " +
         fmtNum(B.LaunchMs) + " ms, p " + fmtFixed(B.P, 2) + ", " +
         std::to_string(B.Rows) + " rows, R2 " + fmtFixed(B.R2, 4) + ", RMSE " +
         fmtNum(B.Rmse) + " ms, geomean rel err " +
         fmtFixed(100 * B.GeomeanRelErr, 1) + "%, max " +
         fmtFixed(100 * B.MaxRelErr, 1) + "%\n";
  TextTable T({"class", "rows", "peak GB/s", "L (ns/step)", "R2", "RMSE",
               "median err%", "max err%"});
  for (const BandwidthClass &K : B.Classes)
    T.addRow(
        {std::string(opName(K.TheOp)) + (K.Camped ? " camped " : " spread ") +
             std::to_string(K.Width) + "B",
         std::to_string(K.Rows), fmtFixed(K.peakGBps(), 1),
         fmtFixed(K.latencyNs(), 1), fmtFixed(K.R2, 4), fmtNum(K.Rmse),
         fmtFixed(100 * K.MedianRelErr, 1), fmtFixed(100 * K.MaxRelErr, 1)});
  Out += T.render();
  for (const BandwidthClass &K : B.Classes)
    if (!K.ShapeFrom.empty())
      Out += "note: " + std::string(opName(K.TheOp)) +
             (K.Camped ? " camped " : " spread ") + std::to_string(K.Width) +
             "B ran at one occupancy; latency from " + K.ShapeFrom + "\n";
  return Out + bandwidthTermsSummary(B);
}

std::string calibrationSummary(const Calibration &C) {
  std::string Out = "calibration for " + C.Gpu.Name + " (" +
                    std::to_string(C.Gpu.SmCount) + " SMs) from " + C.Source +
                    ", time field " + C.TimeField + "\n";
  if (C.CampProf)
    Out += campProfSummary(*C.CampProf);
  if (C.GT200)
    Out += gt200Summary(*C.GT200);
  if (C.Bandwidth)
    Out += bandwidthSummary(*C.Bandwidth);
  return Out;
}

} // namespace sectorscope::model
