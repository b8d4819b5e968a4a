//===- BenchData.cpp - The micro-benchmark JSON ---------------------------===//
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/Error.h"

#include <algorithm>

namespace sectorscope::model {

const char *opName(Op O) { return O == Op::Read ? "read" : "write"; }

std::vector<const BenchRow *>
BenchData::rowsOf(const std::string &Experiment) const {
  std::vector<const BenchRow *> Out;
  for (const BenchRow &R : Rows)
    if (R.Experiment == Experiment)
      Out.push_back(&R);
  return Out;
}

static GpuInfo parseGpu(const Json &Top, const Ctx &C) {
  GpuInfo G;
  const Json &J = getObject(Top, C, "gpu");
  Ctx GC = C.at("gpu");
  if (auto Name = getOptString(J, GC, "name"))
    G.Name = *Name;
  // sm_count turns per-SM occupancy into concurrent warps: required.
  G.SmCount = (int)getNumber(J, GC, "sm_count", NumRule::PositiveInteger);
  if (auto W =
          getOptNumber(J, GC, "max_warps_per_sm", NumRule::PositiveInteger))
    G.MaxWarpsPerSm = (int)*W;
  G.L2Bytes = getOptNumber(J, GC, "l2_bytes", NumRule::NonNegative).value_or(0);
  G.L1Bytes = getOptNumber(J, GC, "l1_bytes", NumRule::NonNegative).value_or(0);
  G.ComputeCapability = getOptString(J, GC, "compute_capability").value_or("");
  G.SmClockMhz =
      getOptNumber(J, GC, "max_sm_clock_mhz", NumRule::NonNegative).value_or(0);
  if (G.MaxWarpsPerSm > 1024)
    GC.at("max_warps_per_sm")
        .fail("impossible value " + std::to_string(G.MaxWarpsPerSm));
  return G;
}

static bool usesVolume(const std::string &E) {
  return E == "campprof" || E == "stream" || E == "latency" || E == "streams" ||
         E == "latency_l1" || E == "block" || E == "loadstore";
}

double BenchRow::sectorsPerRequest() const {
  if (Stride <= 0)
    return 1;
  return std::clamp(Stride * WordBytes, 1.0, 32.0);
}

/// What a loadstore row (trips of N loads then `stores` stores per thread)
/// needs beyond the volume fields: the counts and the launch shape that
/// turn it into a kernel (lib/LoadStoreRows.cpp).
static void checkLoadStoreRow(const BenchRow &R, const Ctx &C) {
  if (!R.N)
    C.at("N").fail("missing required field (loads per thread per trip)");
  if (*R.N < 1)
    C.at("N").fail("expected an integer >= 1 (loads per thread per trip), "
                   "got " +
                   fmtNum(*R.N));
  if (!R.Stores)
    C.at("stores").fail("missing required field (stores per thread per "
                        "trip)");
  if (*R.Stores < 1)
    C.at("stores").fail("expected an integer >= 1 (stores per thread per "
                        "trip), got " +
                        fmtNum(*R.Stores));
  if (!R.Blocks)
    C.at("blocks").fail("missing required field (or 0)");
  if (!R.Threads)
    C.at("threads").fail("missing required field (or 0)");
}

/// The launch shape and word a row described as a kernel needs.
static void checkKernelShape(const BenchRow &R, const Ctx &C) {
  if (!R.Blocks)
    C.at("blocks").fail("missing required field (or 0)");
  if (!R.Threads)
    C.at("threads").fail("missing required field (or 0)");
  if (R.WordBytes <= 0)
    C.at("word_bytes").fail("missing required field (or 0)");
}

/// What a small-grid row (trips of one dependent load per warp, in a grid
/// that does not fill the GPU) needs: the trips and the launch shape.
static void checkSmallGridRow(const BenchRow &R, const Ctx &C) {
  if (R.Stores.value_or(0) > 1)
    C.at("stores").fail("expected 0 or 1 (a store at the end of the chain)");
  if (!R.N)
    C.at("N").fail("missing required field (trips per thread)");
  checkKernelShape(R, C);
}

/// What a `local` row (trips of a read-modify-write of a per-thread array
/// with M distinct elements per warp request), a `shared` row (trips of mlp
/// shared loads of M wavefronts each), an `atomic` row (trips of
/// one atomic per thread on a table of region_bytes) or a `hot_load` row
/// (trips of one volatile load per warp on such a table) needs.
static void checkLocalOrAtomicRow(const BenchRow &R, const Ctx &C) {
  if (!R.N || *R.N < 1)
    C.at("N").fail("missing or 0 (trips per thread)");
  checkKernelShape(R, C);
  if (R.Experiment == "local" && (!R.M || *R.M < 1 || *R.M > 32))
    C.at("M").fail("expected 1..32 distinct elements per request");
  if (R.Experiment == "shared" && (!R.M || *R.M < 1 || *R.M > 32))
    C.at("M").fail("expected 1..32 wavefronts per request");
  if (R.Experiment == "shared" && (!R.Mlp || *R.Mlp < 1))
    C.at("mlp").fail("expected loads in flight per warp >= 1");
  if ((R.Experiment == "atomic" || R.Experiment == "hot_load") &&
      !R.RegionBytes)
    C.at("region_bytes").fail("missing required field (the table's bytes)");
}

/// One row; throws ModelError naming rows[I].FIELD.
static BenchRow parseRow(const Json &RJ, const Ctx &C, size_t I,
                         const BenchData &D, const std::string &TimeField,
                         const char *Other) {
  requireObject(RJ, C);
  BenchRow R;
  R.Index = I;
  R.Experiment = getString(RJ, C, "experiment");
  R.OpText = getOptString(RJ, C, "op").value_or("");
  if (R.OpText == "read" || R.OpText == "load")
    R.TheOp = Op::Read;
  else if (R.OpText == "write" || R.OpText == "store")
    R.TheOp = Op::Write;
  R.Camped = getOptBool(RJ, C, "camped").value_or(false);
  // The suite writes every field on every row, 0 when it does not apply or
  // the measurement was not finite: treat 0 as absent and check what a
  // model needs below.
  auto Pos = [](std::optional<double> V) {
    return V && *V > 0 ? V : std::nullopt;
  };
  auto T = Pos(getOptNumber(RJ, C, TimeField.c_str(), NumRule::NonNegative));
  if (!T)
    T = Pos(getOptNumber(RJ, C, Other, NumRule::NonNegative));
  if (!T)
    C.at(TimeField).fail(std::string("no time: missing or 0, and so is ") +
                         Other);
  R.TimeMs = *T;
  R.Blocks = Pos(getOptNumber(RJ, C, "blocks", NumRule::Integer));
  R.Threads = Pos(getOptNumber(RJ, C, "threads", NumRule::Integer));
  R.BytesMoved = getOptNumber(RJ, C, "bytes_moved", NumRule::NonNegative);
  R.N = getOptNumber(RJ, C, "N", NumRule::Integer);
  R.Mlp = Pos(getOptNumber(RJ, C, "mlp", NumRule::NonNegative));
  R.RegionBytes =
      Pos(getOptNumber(RJ, C, "region_bytes", NumRule::NonNegative));
  R.Stride = getOptNumber(RJ, C, "stride", NumRule::NonNegative).value_or(1);
  R.OffsetBytes =
      getOptNumber(RJ, C, "offset", NumRule::NonNegative).value_or(0);
  R.Dram = getOptBool(RJ, C, "dram").value_or(false);
  R.FootprintBytes =
      getOptNumber(RJ, C, "footprint_bytes", NumRule::NonNegative);
  R.PriorWriteBytes =
      getOptNumber(RJ, C, "prior_write_bytes", NumRule::NonNegative);
  R.L = getOptNumber(RJ, C, "L", NumRule::Integer);
  R.M = getOptNumber(RJ, C, "M", NumRule::Integer);
  R.Stores = getOptNumber(RJ, C, "stores", NumRule::Integer);
  auto W = getOptNumber(RJ, C, "active_warps_per_sm", NumRule::NonNegative);
  auto WB = Pos(getOptNumber(RJ, C, "word_bytes", NumRule::Integer));
  R.WordBytes = WB ? (int)*WB : 0;

  // Fields the models need, checked only for the experiments they read.
  bool Modelled = usesVolume(R.Experiment) || R.Experiment == "gt200" ||
                  R.Experiment == "small" || R.Experiment == "local" ||
                  R.Experiment == "shared" || R.Experiment == "atomic" ||
                  R.Experiment == "hot_load";
  if (Modelled) {
    if (!W)
      C.at("active_warps_per_sm").fail("missing required field");
    if (*W <= 0)
      C.at("active_warps_per_sm").fail("expected a number > 0, got 0");
    R.Warps = *W;
    if (R.Warps > D.Gpu.MaxWarpsPerSm)
      C.at("active_warps_per_sm")
          .fail("impossible value " + fmtNum(R.Warps) + " (gpu allows " +
                std::to_string(D.Gpu.MaxWarpsPerSm) + " warps per SM)");
  } else {
    R.Warps = W.value_or(0);
  }
  if (usesVolume(R.Experiment)) {
    // Copy rows (read and write at once) are kept but no volume model
    // reads them: their bytes cannot be split between the two classes.
    if (R.OpText.empty())
      C.at("op").fail("missing required field");
    if (!WB)
      C.at("word_bytes").fail("missing required field (or 0)");
    if (R.WordBytes > 16 || (R.WordBytes & (R.WordBytes - 1)))
      C.at("word_bytes")
          .fail("expected 1, 2, 4, 8 or 16, got " +
                std::to_string(R.WordBytes));
    if (!R.BytesMoved)
      C.at("bytes_moved").fail("missing required field");
    if (*R.BytesMoved <= 0)
      C.at("bytes_moved").fail("expected a number > 0, got 0");
  }
  if (R.Experiment == "gt200" && !R.N)
    C.at("N").fail("missing required field");
  if (R.Experiment == "gt200" && *R.N < 1)
    C.at("N").fail("expected an integer >= 1 (words per thread), got 0");
  if (R.Experiment == "gt200") {
    if (R.L.value_or(0) > *R.N)
      C.at("L").fail("impossible value " + fmtNum(*R.L) +
                     " (more misalignments than N=" + fmtNum(*R.N) + " words)");
    if (R.M.value_or(0) > *R.N)
      C.at("M").fail("impossible value " + fmtNum(*R.M) +
                     " (more misalignments than N=" + fmtNum(*R.N) + " words)");
  }
  if (R.Experiment == "loadstore")
    checkLoadStoreRow(R, C);
  if (R.Experiment == "small")
    checkSmallGridRow(R, C);
  if (R.Experiment == "local" || R.Experiment == "shared" ||
      R.Experiment == "atomic" || R.Experiment == "hot_load")
    checkLocalOrAtomicRow(R, C);
  return R;
}

BenchData parseBenchData(const Json &J, const std::string &File,
                         const std::string &TimeField, bool SkipBadRows) {
  if (TimeField != "best_ms" && TimeField != "median_ms")
    fail("", "--time-field",
         "must be best_ms or median_ms, got '" + TimeField + "'");
  Ctx Top(File);
  requireObject(J, Top);
  BenchData D;
  D.File = File;
  D.TimeField = TimeField;
  D.Gpu = parseGpu(J, Top);
  const Json &Rows = getArray(J, Top, "rows");
  const char *Other = TimeField == "best_ms" ? "median_ms" : "best_ms";
  for (size_t I = 0; I < Rows.size(); ++I) {
    try {
      D.Rows.push_back(
          parseRow(Rows[I], Top.at("rows").at(I), I, D, TimeField, Other));
    } catch (const ModelError &E) {
      // The suite writes 0 for a measurement that failed (non-finite): with
      // SkipBadRows one such row costs a warning, not the whole GPU run.
      if (!SkipBadRows)
        throw;
      D.Skipped.push_back(E.what());
    }
  }
  if (D.Rows.empty())
    Top.at("rows").fail("no usable row (" + std::to_string(D.Skipped.size()) +
                        " skipped; first: " + D.Skipped.front() + ")");
  return D;
}

BenchData readBenchData(const std::string &Path, const std::string &TimeField,
                        bool SkipBadRows) {
  return parseBenchData(readJsonFile(Path), Path, TimeField, SkipBadRows);
}

} // namespace sectorscope::model
