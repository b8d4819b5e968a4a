//===- MbTool.cpp - Host-side helpers for the micro-benchmark data --------===//
//
//   sectorscope-mbtool compare A.json B.json [--max-dram-median PCT]
//       Run-to-run agreement of two suite reports (median_ms per row).
//   sectorscope-mbtool fitmap --manifest M.json --ncu CAPTURE.csv
//       --metric NAME [--sm N] [--holdout K] [--out MAP.json]
//       Fits the L2 address-to-slice hash from a slice-probe capture.
//
//===----------------------------------------------------------------------===//
#include "host/Compare.h"
#include "host/Report.h"
#include "host/SliceFit.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace sectorscope::mb;
using nlohmann::json;

namespace {

bool readFile(const std::string &Path, std::string &Text) {
  std::ifstream IS(Path);
  if (!IS)
    return false;
  std::stringstream SS;
  SS << IS.rdbuf();
  Text = SS.str();
  return true;
}

bool readJson(const std::string &Path, json &J) {
  std::string T;
  if (!readFile(Path, T)) {
    std::fprintf(stderr, "sectorscope-mbtool: cannot read %s\n", Path.c_str());
    return false;
  }
  try {
    J = json::parse(T);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "sectorscope-mbtool: %s: %s\n", Path.c_str(),
                 E.what());
    return false;
  }
  return true;
}

int compare(int Argc, char **Argv) {
  if (Argc < 4) {
    std::fprintf(stderr, "usage: sectorscope-mbtool compare A.json B.json "
                         "[--max-dram-median PCT]\n");
    return 1;
  }
  double MaxPct = -1;
  for (int I = 4; I + 1 < Argc; I += 2)
    if (std::string(Argv[I]) == "--max-dram-median")
      MaxPct = std::atof(Argv[I + 1]);
  json A, B, S;
  if (!readJson(Argv[2], A) || !readJson(Argv[3], B))
    return 1;
  std::string Err;
  if (!compareReports(A, B, S, Err)) {
    std::fprintf(stderr, "sectorscope-mbtool: %s\n", Err.c_str());
    return 1;
  }
  std::printf("%s\n", S.dump(1).c_str());
  if (MaxPct >= 0 && S["dram"].contains("median_rel_diff") &&
      S["dram"]["median_rel_diff"].get<double>() * 100 > MaxPct) {
    std::fprintf(stderr, "DRAM median difference above %.2f%%\n", MaxPct);
    return 2;
  }
  return 0;
}

int fitmap(int Argc, char **Argv) {
  std::string Manifest, Capture, Metric, Out;
  int Sm = -1, HoldOut = 4;
  for (int I = 2; I + 1 < Argc; I += 2) {
    std::string A = Argv[I], V = Argv[I + 1];
    if (A == "--manifest")
      Manifest = V;
    else if (A == "--ncu")
      Capture = V;
    else if (A == "--metric")
      Metric = V;
    else if (A == "--sm")
      Sm = std::atoi(V.c_str());
    else if (A == "--holdout")
      HoldOut = std::atoi(V.c_str());
    else if (A == "--out")
      Out = V;
    else {
      std::fprintf(stderr, "sectorscope-mbtool: unknown option %s\n",
                   A.c_str());
      return 1;
    }
  }
  if (Manifest.empty() || Capture.empty() || Metric.empty()) {
    std::fprintf(stderr, "usage: sectorscope-mbtool fitmap --manifest M "
                         "--ncu C --metric NAME [--sm N] [--holdout K] "
                         "[--out F]\n");
    return 1;
  }
  json M;
  std::string Text, Err;
  if (!readJson(Manifest, M))
    return 1;
  if (!readFile(Capture, Text)) {
    std::fprintf(stderr, "sectorscope-mbtool: cannot read %s\n",
                 Capture.c_str());
    return 1;
  }
  NcuInstances Ncu;
  if (!parseNcuCsv(Text, Ncu, Err)) {
    std::fprintf(stderr, "sectorscope-mbtool: %s\n", Err.c_str());
    return 1;
  }
  json Diag;
  auto Samples = samplesFromCapture(M, Ncu, Metric, Sm, Diag, Err);
  std::printf("decode: %s\n", Diag.dump().c_str());
  if (Samples.empty()) {
    std::fprintf(stderr, "sectorscope-mbtool: %s\n", Err.c_str());
    return 1;
  }
  // Offsets are 32-byte aligned (one sector), so bits 0..4 never vary; the
  // page indicators carry the per-page constants.
  uint64_t VarMask = ((uint64_t(1) << PageBits) - 1) & ~uint64_t(31);
  int Pages = int(M["pages"].size());
  for (int P = 1; P < Pages; ++P)
    VarMask |= uint64_t(1) << (PageBits - 1 + P);
  auto Fit = fitSliceMap(Samples, HoldOut, VarMask, Err);
  if (!Fit) {
    std::fprintf(stderr, "sectorscope-mbtool: fit failed: %s\n", Err.c_str());
    return 3;
  }
  const LinearHash &H = Fit->Hash;
  json Map;
  Map["schema"] = "sectorscope-partition-map/1";
  Map["gpu"] = M.value("gpu", json::object());
  Map["source"] = {{"manifest", Manifest},
                   {"capture", Capture},
                   {"metric", Metric},
                   {"sm_filter", Sm},
                   {"probe_date_utc", M.value("date_utc", "")}};
  Map["decode"] = Diag;
  Map["address_bits"] = "physical bits 0..20 (2 MiB page offset); bits 21+p "
                        "are page-p indicators holding that page's constant";
  Map["num_slices"] = Diag["instances"];
  Map["slices_seen"] = H.Labels;
  Map["hash_bits"] = H.Masks.size();
  Map["kernel_dim"] = H.KernelDim;
  Map["linear"] = H.Injective;
  Map["granularity_bytes"] =
      Fit->LowestBit >= 0 ? (1LL << Fit->LowestBit) : 0LL;
  json Masks = json::array();
  for (uint64_t Mk : H.Masks) {
    json Bits = json::array();
    for (int B = 0; B < 64; ++B)
      if (Mk >> B & 1)
        Bits.push_back(B);
    Masks.push_back({{"mask", hex(Mk)}, {"bits", Bits}});
  }
  Map["masks"] = Masks;
  json Table = json::object();
  size_t MaxPerClass = 0;
  for (auto &[Hv, Labels] : H.Table) {
    Table[std::to_string(Hv)] = json(std::vector<int>(Labels.begin(), Labels.end()));
    MaxPerClass = std::max(MaxPerClass, Labels.size());
  }
  Map["table"] = Table;
  Map["max_slices_per_hash_value"] = MaxPerClass;
  Map["train_samples"] = Fit->Train;
  Map["heldout_samples"] = Fit->HeldOut;
  Map["train_accuracy"] = Fit->TrainAccuracy;
  Map["heldout_accuracy"] = Fit->HeldOutAccuracy;
  std::printf("fit: %zu hash bits, kernel dim %d, %d slices seen, linear=%s, "
              "granularity %lld B, train %.4f (%zu), held-out %.4f (%zu), "
              "max %zu slices per hash value\n",
              H.Masks.size(), H.KernelDim, H.Labels,
              H.Injective ? "yes" : "no", (long long)Map["granularity_bytes"],
              Fit->TrainAccuracy, Fit->Train, Fit->HeldOutAccuracy,
              Fit->HeldOut, MaxPerClass);
  for (const json &Mk : Masks)
    std::printf("  mask %s\n", Mk["mask"].get<std::string>().c_str());
  if (!Out.empty()) {
    std::string E;
    if (!writeJsonFile(Out, Map, E)) {
      std::fprintf(stderr, "sectorscope-mbtool: %s\n", E.c_str());
      return 1;
    }
  }
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Cmd = Argc > 1 ? Argv[1] : "";
  if (Cmd == "compare")
    return compare(Argc, Argv);
  if (Cmd == "fitmap")
    return fitmap(Argc, Argv);
  std::fprintf(stderr, "usage: sectorscope-mbtool compare|fitmap ...\n");
  return 1;
}
