//===- BandwidthJson.cpp - The bandwidth model in a calibration file ------===//
//
// toJson writes every coefficient and statistic; fromJson reads them back
// and checks each one, naming the file and field of a bad value. Optional
// terms are absent when not fitted.
//
//===----------------------------------------------------------------------===//
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/Error.h"

#include <cmath>

namespace sectorscope::model {

static Json classToJson(const BandwidthClass &C) {
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
  return CJ;
}

static Json tableRatesToJson(const TableRates &T) {
  Json A = Json::array();
  for (auto &[W, R] : T.ByWords)
    A.push_back({W, R});
  return A;
}

/// [[x, y], ...] with x increasing from above X0 and Valid(y); Expect says
/// what the pairs are when they are not.
static std::vector<std::pair<double, double>>
pairsFromJson(const Json &A, const Ctx &AC, double X0, bool (*Valid)(double),
              const std::string &Expect) {
  if (!A.is_array())
    AC.fail("expected an array of " + Expect);
  std::vector<std::pair<double, double>> Out;
  double Prev = X0;
  for (size_t K = 0; K < A.size(); ++K) {
    const Json &E = A[K];
    if (!E.is_array() || E.size() != 2 || !E[0].is_number() ||
        !E[1].is_number() || !(E[0].get<double>() > Prev) ||
        !std::isfinite(E[1].get<double>()) || !Valid(E[1].get<double>()))
      AC.at(K).fail("expected " + Expect);
    Prev = E[0].get<double>();
    Out.push_back({E[0].get<double>(), E[1].get<double>()});
  }
  return Out;
}

static TableRates tableRatesFromJson(const Json &A, const Ctx &AC) {
  TableRates R;
  R.ByWords = pairsFromJson(
      A, AC, 0, [](double Y) { return Y > 0; },
      "[words, operations per ms] pairs, words increasing and both > 0");
  return R;
}

static StreamSteps streamStepsFromJson(const Json &A, const Ctx &AC) {
  StreamSteps S;
  S.Factors = pairsFromJson(
      A, AC, 1, [](double Y) { return Y >= 1; },
      "[streams, factor] pairs, streams increasing above 1, factors >= 1");
  return S;
}

static BandwidthClass classFromJson(const Json &CJ, const Ctx &CC) {
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
      getOptNumber(CJ, CC, "median_rel_err", NumRule::NonNegative).value_or(0);
  return K;
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
  if (ChainsOnWorkingWarps)
    J["working_warps"] = true;
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
  J["block_start_ms_per_block"] = BlockStartMsPerBlock;
  J["dependent_ms_per_slot"] = DependentMsPerSlot;
  J["issue_ms_per_slot"] = IssueMsPerSlot;
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
  if (SharedRows) {
    J["shared_ms_per_step"] = SharedMsPerStep;
    J["shared_ms_per_wavefront_per_sm"] = SharedMsPerWavefront;
    J["shared_rows"] = SharedRows;
    J["shared_geomean_rel_err"] = SharedGeomeanRelErr;
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
  if (Streams.known()) {
    Json F = Json::array();
    for (const auto &[K, Factor] : Streams.Factors)
      F.push_back({K, Factor});
    J["stream_step_factors"] = F;
    J["stream_step_rows"] = Streams.Rows;
  }
  if (Atomics.known())
    J["atomic_rates"] = tableRatesToJson(Atomics);
  if (HotLoads.known())
    J["hot_load_rates"] = tableRatesToJson(HotLoads);
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
  for (const BandwidthClass &C : Classes)
    Cls.push_back(classToJson(C));
  J["classes"] = Cls;
  return J;
}

BandwidthModel BandwidthModel::fromJson(const Json &J, const Ctx &C) {
  requireObject(J, C);
  BandwidthModel M;
  // Optional statistics and costs: absent is 0 (-1 for an error not
  // measured).
  auto Num = [&](const char *Key, double Absent = 0) {
    return getOptNumber(J, C, Key, NumRule::NonNegative).value_or(Absent);
  };
  auto Count = [&](const char *Key) {
    return (size_t)getOptNumber(J, C, Key, NumRule::Count).value_or(0);
  };
  M.LaunchMs = getNumber(J, C, "launch_ms", NumRule::NonNegative);
  M.P = getNumber(J, C, "smooth_max_exponent", NumRule::Positive);
  if (M.P < 1 || M.P > 64)
    C.at("smooth_max_exponent")
        .fail("expected a number in [1, 64], got " + fmtNum(M.P));
  M.Rows = (size_t)getOptNumber(J, C, "rows", NumRule::Integer).value_or(0);
  M.R2 = getOptNumber(J, C, "r2").value_or(0);
  M.Rmse = Num("rmse");
  M.MaxRelErr = Num("max_rel_err");
  M.GeomeanRelErr = Num("geomean_rel_err");
  // mixed_store_ms_per_step alone is the store cost as a per-warp latency,
  // which this model cannot read as its per-SM throughput cost.
  if (J.contains("mixed_store_ms_per_step") &&
      !J.contains("mixed_store_ms_per_request_per_sm"))
    C.at("mixed_store_ms_per_step")
        .fail("calibration predates the per-SM store cost "
              "(mixed_store_ms_per_request_per_sm): refit it");
  M.MixedStoreMsPerStep = Num("mixed_store_ms_per_request_per_sm");
  M.MixedRows = Count("mixed_rows");
  M.MixedGeomeanRelErr = Num("mixed_geomean_rel_err");
  M.HeldOutRows = Count("held_out_rows");
  M.BlockMs = Num("block_ms");
  M.BlockRows = Count("block_rows");
  M.BlockGeomeanRelErr = Num("block_geomean_rel_err");
  M.BlockStartMsPerBlock = Num("block_start_ms_per_block");
  M.DependentMsPerSlot = Num("dependent_ms_per_slot");
  M.IssueMsPerSlot = Num("issue_ms_per_slot");
  M.HeldOutGeomeanRelErr = Num("held_out_geomean_rel_err", -1);
  M.LaunchFrom = getOptString(J, C, "launch_from").value_or("fit");
  M.ChainsOnWorkingWarps = getOptBool(J, C, "working_warps").value_or(false);
  M.StoreDrainMs = Num("store_drain_ms");
  M.PartialStoreDrainMs = Num("partial_store_drain_ms");
  M.LocalMsPerSector = Num("local_ms_per_sector_per_sm");
  M.LocalMsPerSectorStep = Num("local_ms_per_sector_step");
  M.LocalRows = Count("local_rows");
  M.LocalGeomeanRelErr = Num("local_geomean_rel_err");
  M.SharedMsPerStep = Num("shared_ms_per_step");
  M.SharedMsPerWavefront = Num("shared_ms_per_wavefront_per_sm");
  M.SharedRows = Count("shared_rows");
  M.SharedGeomeanRelErr = Num("shared_geomean_rel_err");
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
  if (J.contains("stream_step_factors"))
    M.Streams = streamStepsFromJson(J.at("stream_step_factors"),
                                    C.at("stream_step_factors"));
  M.Streams.Rows = Count("stream_step_rows");
  if (J.contains("atomic_rates"))
    M.Atomics = tableRatesFromJson(J.at("atomic_rates"), C.at("atomic_rates"));
  if (J.contains("hot_load_rates"))
    M.HotLoads =
        tableRatesFromJson(J.at("hot_load_rates"), C.at("hot_load_rates"));
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
  M.L2.MsPerByte = Num("l2_ms_per_byte");
  M.L2.MsPerStep = Num("l2_ms_per_step");
  M.L2.RegionBytes = Num("l2_region_bytes");
  M.L2.MsPerRequest = Num("l2_ms_per_request_per_sm");
  M.L1.MsPerStep = Num("l1_ms_per_step");
  M.L1.MsPerLine = Num("l1_ms_per_line_per_sm");
  M.L1.BytesPerSm = Num("l1_bytes_per_sm");
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
  for (size_t I = 0; I < Cls.size(); ++I)
    M.Classes.push_back(classFromJson(Cls[I], C.at("classes").at(I)));
  return M;
}

} // namespace sectorscope::model
