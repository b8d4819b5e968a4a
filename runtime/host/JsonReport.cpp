//===- JsonReport.cpp - The per-launch JSON document ----------------------===//
//
// Schema "sectorscope-launch/1", every field described in runtime/README.md.
// Addresses are hex strings: JSON readers that use doubles would round them.
//
//===----------------------------------------------------------------------===//
#include "LaneLog.h"
#include "Report.h"

#include <algorithm>
#include <cmath>

namespace sectorscope::rt {

using json = nlohmann::ordered_json;

static double round3(double V) { return std::round(V * 1000.0) / 1000.0; }
// Times to the nanosecond, in one division so the shortest form prints.
static double round6(double V) { return std::round(V * 1e6) / 1e6; }

static json dim(const uint32_t D[3]) {
  return {{"x", D[0]}, {"y", D[1]}, {"z", D[2]}};
}

static json patternsJson(const std::vector<PatternHit> &Ps, json &Evidence) {
  json Names = json::array();
  Evidence = json::object();
  for (const PatternHit &P : Ps) {
    Names.push_back(P.Name);
    Evidence[P.Name] = json(P.Evidence);
  }
  return Names;
}

static json campJson(const CampVerdict &V) {
  return {{"sectors", V.Total},
          {"max", V.Max},
          {"hottest", V.MaxPartition},
          {"used", V.Used},
          {"skew", V.Skew},
          {"share", V.Share},
          {"camped", V.Camped},
          {"reason", V.Reason.empty() ? json(nullptr) : json(V.Reason)}};
}

/// Sector buckets of the uniform model number 4096: list only the busiest.
static json countsJson(const std::vector<uint64_t> &Counts, bool Buckets) {
  if (!Buckets)
    return Counts;
  std::vector<std::pair<uint64_t, uint32_t>> Top;
  for (uint32_t I = 0; I < Counts.size(); ++I)
    if (Counts[I])
      Top.push_back({Counts[I], I});
  // The 8 largest of up to 4096 buckets, at every grid launch's every site.
  size_t Shown = std::min<size_t>(Top.size(), 8);
  std::partial_sort(
      Top.begin(), Top.begin() + Shown, Top.end(), [](auto &A, auto &B) {
        return A.first != B.first ? A.first > B.first : A.second < B.second;
      });
  json Out = json::array();
  for (size_t I = 0; I < Shown; ++I)
    Out.push_back({{"bucket", Top[I].second}, {"sectors", Top[I].first}});
  return Out;
}

static json objectRef(const LaunchReport &R, int O) {
  if (O < 0)
    return nullptr;
  const ObjectResult &Obj = R.Objects[O];
  json J = {{"id", O}, {"kind", Obj.Kind}};
  if (Obj.Kind == "cudaMalloc" || Obj.Kind == "cudaMallocManaged") {
    J["base"] = hexAddr(Obj.A.Base);
    J["name"] = Obj.A.Name.empty() ? json(nullptr) : json(Obj.A.Name);
    J["site"] = Obj.A.Site.empty() ? json(nullptr) : json(Obj.A.Site);
  }
  return J;
}

json launchJson(const LaunchReport &R) {
  const LaunchInfo &I = R.Info;
  json J;
  J["schema"] = "sectorscope-launch/1";
  // What the site records mean (mlp, work, waits) depends on the pass that
  // wrote them; the runtime only loads modules of its own version.
  J["abi_version"] = SS_ABI_VERSION;
  J["kernel"] = I.Kernel;
  J["mangled"] = I.Mangled;
  J["launch"] = {
      {"seq", I.Seq}, {"kernel_launch", I.KernelLaunch}, {"stream", I.Stream}};
  J["grid"] = dim(I.Grid);
  J["block"] = dim(I.Block);
  J["previous_launch"] = I.Previous
                             ? json{{"kernel", I.Previous->Kernel},
                                    {"kernel_launch", I.Previous->KernelLaunch},
                                    {"grid", dim(I.Previous->Grid)},
                                    {"block", dim(I.Previous->Block)}}
                             : json(nullptr);
  J["shared_bytes"] = I.SharedBytes;
  J["mode"] = modeName(I.TheMode);
  json Sample = dim(I.Sample);
  Sample["in_grid"] = I.SampleInGrid;
  J["sampled_block"] = I.TheMode == Mode::Heatmap ? Sample : json(nullptr);
  J["device"] = {{"ordinal", I.Device.Ordinal},
                 {"name", I.Device.Name},
                 {"sm_count", I.Device.SmCount},
                 {"cc", std::to_string(I.Device.CcMajor) + "." +
                            std::to_string(I.Device.CcMinor)}};
  J["process"] = {
      {"host", I.Process.Host},
      {"pid", I.Process.Pid},
      {"rank", I.Process.Rank.empty() ? json(nullptr) : json(I.Process.Rank)},
      {"thread", I.Thread}};
  if (I.ActiveBlocksPerSm) {
    uint64_t Warps = (uint64_t(I.Block[0]) * I.Block[1] * I.Block[2] + 31) / 32;
    J["occupancy"] = {{"active_blocks_per_sm", I.ActiveBlocksPerSm},
                      {"active_warps_per_sm", I.ActiveBlocksPerSm * Warps}};
  } else {
    J["occupancy"] = nullptr;
  }
  J["time_ms"] = I.TimeMs ? json(round6(*I.TimeMs)) : json(nullptr);
  J["kernel_ms"] = I.KernelMs ? json(round6(*I.KernelMs)) : json(nullptr);
  J["error"] = I.Error.empty() ? json(nullptr) : json(I.Error);
  J["note"] = I.Note.empty() ? json(nullptr) : json(I.Note);
  json NI = json::object();
  for (const auto &[K, N] : R.NotInstrumented)
    NI[K] = N;
  J["not_instrumented"] = NI;

  if (!R.HaveData) {
    J["sites"] = json::array();
    J["objects"] = json::array();
    J["heatmap"] = nullptr;
    J["partitions"] = nullptr;
    J["overflow"] = nullptr;
    return J;
  }
  const ss_launch_header &H = R.Data.Header;
  // heat_overflow: the sampled block's lane records the log had no room for
  // (the heat map, and in heat-map mode the site counters, miss them).
  J["overflow"] = {{"heat_overflow", H.log_dropped},
                   {"site_overflow", H.site_overflow}};
  J["sampled_blocks"] = H.sampled_blocks;
  if (std::optional<uint64_t> N = sharedCountingBlocks(R))
    J["shared_counting_blocks"] = *N;

  json Sites = json::array();
  for (const SiteResult &S : R.Sites) {
    json E;
    json Names = patternsJson(S.Patterns, E);
    json X = {{"id", S.S.Id},
              {"file", S.S.File},
              {"line", S.S.Line},
              {"column", S.S.Column},
              {"function", S.S.Function},
              {"op", opName(S.S.Op)},
              {"space", spaceName(S.S.Space)},
              {"width", S.S.Width},
              {"mlp", S.S.Mlp},
              {"work", S.S.Work},
              {"waits", S.S.Waits},
              {"skips_l1", S.S.SkipsL1},
              {"requests", S.C.requests},
              {"sectors", S.C.sectors},
              {"bytes", S.C.bytes},
              {"threads", S.C.threads},
              {"sectors_per_request", round3(S.Spr)},
              {"ideal_sectors_per_request", S.Ideal},
              {"address_range",
               S.C.requests && S.C.addr_min <= S.C.addr_max &&
                       S.C.addr_max != ~uint64_t(0)
                   ? json::array({hexAddr(S.C.addr_min), hexAddr(S.C.addr_max)})
                   : json(nullptr)},
              {"patterns", Names},
              {"evidence", E},
              {"object", objectRef(R, S.Object)}};
    // The sampled block's lines and re-read sectors (LaneLog.h), which
    // the model's L1 terms read.
    if (S.Log && S.S.Space == SS_SPACE_GLOBAL) {
      json Windows = json::array();
      for (size_t K = 0; K < NumRereadWindows; ++K)
        Windows.push_back({{"sectors", RereadWindows[K]},
                           {"reread_sectors", S.Log->RereadSectors[K]},
                           {"reread_requests", S.Log->RereadRequests[K]}});
      X["log"] = {{"lines", S.Log->Lines},
                  {"reread_sectors", S.Log->RereadSectors[0]},
                  {"reread_requests", S.Log->RereadRequests[0]},
                  {"reread_windows", Windows}};
    }
    if (S.Camp)
      X["partitions"] = {{"counts", countsJson(S.PartCounts, I.SectorBuckets)},
                         {"verdict", campJson(*S.Camp)}};
    Sites.push_back(X);
  }
  J["sites"] = Sites;
  // Loops the table has no memory site in, and calls to large memory-free
  // functions (abi.h SS_OP_TRIP): a warp's issue slots per trip or call,
  // and the trips or calls warps made.
  json Loops = json::array();
  for (const SiteResult &L : R.Loops)
    Loops.push_back({{"id", L.S.Id},
                     {"file", L.S.File},
                     {"line", L.S.Line},
                     {"function", L.S.Function},
                     {"work", L.S.Work},
                     {"trips", L.C.requests},
                     {"threads", L.C.threads}});
  J["loops"] = Loops;

  json Objects = json::array();
  for (size_t O = 0; O < R.Objects.size(); ++O) {
    const ObjectResult &Obj = R.Objects[O];
    json E;
    json Names = patternsJson(Obj.Patterns, E);
    bool Alloc = Obj.Kind == "cudaMalloc" || Obj.Kind == "cudaMallocManaged";
    json X = {{"id", O},
              {"kind", Obj.Kind},
              {"base", Alloc ? json(hexAddr(Obj.A.Base)) : json(nullptr)},
              {"size", Alloc ? json(Obj.A.Size) : json(nullptr)},
              {"name",
               Alloc && !Obj.A.Name.empty() ? json(Obj.A.Name) : json(nullptr)},
              {"site",
               Alloc && !Obj.A.Site.empty() ? json(Obj.A.Site) : json(nullptr)},
              {"sectors", Obj.Heat.Sectors},
              {"words", Obj.Heat.Words},
              {"span", Obj.Heat.SpanBytes()},
              {"sites", Obj.Sites},
              {"patterns", Names},
              {"evidence", E}};
    if (!Alloc && Obj.Heat.Sectors)
      X["range"] = {hexAddr(Obj.Lo), hexAddr(Obj.Hi)};
    Objects.push_back(X);
  }
  J["objects"] = Objects;

  if (I.TheMode == Mode::Heatmap) {
    std::vector<uint64_t> SecHist(SS_MAX_WARPS + 1), WordHist(SS_MAX_WARPS + 1);
    uint64_t Words = 0;
    uint32_t GlobalWarps = 0; // the warps with a global-memory sector
    for (const HeatSector &S : R.Data.Heat) {
      ++SecHist[__builtin_popcount(S.SectorWarps)];
      if (S.Space == SS_SPACE_GLOBAL)
        GlobalWarps |= S.SectorWarps;
      for (uint32_t W : S.WordWarps)
        if (W) {
          ++Words;
          ++WordHist[__builtin_popcount(W)];
        }
    }
    auto Trim = [](std::vector<uint64_t> V) {
      while (V.size() > 1 && V.back() == 0)
        V.pop_back();
      return V;
    };
    J["heatmap"] = {
        {"sectors", R.Data.Heat.size()},
        {"words", Words},
        {"capacity", uint64_t(H.log_lane_records) * H.log_warps * 32},
        {"records", R.Data.Log.Records},
        {"requests", R.Data.Log.Requests},
        {"sector_warps_histogram", Trim(SecHist)},
        {"word_warps_histogram", Trim(WordHist)},
        {"global_warps", __builtin_popcount(GlobalWarps)},
        {"csv", I.CsvName.empty() ? json(nullptr) : json(I.CsvName)}};
  } else {
    J["heatmap"] = nullptr;
  }

  if (I.TheMode == Mode::Grid) {
    json Windows = json::array();
    for (const WindowResult &W : R.Windows)
      Windows.push_back({{"window", W.Window},
                         {"counts", countsJson(W.Counts, I.SectorBuckets)},
                         {"verdict", campJson(W.Camp)}});
    json Per = json::array();
    for (const SiteResult &S : R.Sites)
      if (S.Camp)
        Per.push_back({{"site", S.S.Id},
                       {"skew", S.Camp->Skew},
                       {"camped", S.Camp->Camped}});
    J["partitions"] = {
        {"model", I.PartitionModelName},
        {"count", I.SectorBuckets ? 1 : H.part_count},
        {"buckets", I.SectorBuckets ? "sector" : "partition"},
        {"bucket_count", H.part_count},
        {"blocks_per_window", H.blocks_per_window},
        {"active_blocks_per_sm", I.ActiveBlocksPerSm},
        {"num_windows", H.num_windows},
        {"windows", Windows},
        {"sites", Per},
        {"skew", R.LaunchCamp ? json(R.LaunchCamp->Skew) : json(nullptr)},
        {"camped", R.LaunchCamp && R.LaunchCamp->Camped}};
  } else {
    J["partitions"] = nullptr;
  }
  return J;
}

} // namespace sectorscope::rt
