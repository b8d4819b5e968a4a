//===- Compare.cpp - Run-to-run agreement of two reports ------------------===//
#include "microbench/host/Compare.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

namespace sectorscope::mb {

using nlohmann::json;

std::string rowKey(const json &R) {
  std::string K;
  for (const char *F :
       {"experiment", "op", "word_bytes", "camped", "active_warps_per_sm",
        "blocks_per_sm", "blocks", "threads", "stride", "offset", "N", "L", "M",
        "stores", "pitch", "region_bytes"}) {
    K += F;
    K += '=';
    K += R.contains(F) ? R[F].dump() : "null";
    K += ';';
  }
  return K;
}

namespace {

struct Diffs {
  std::vector<double> V;
  json summary() {
    json S;
    S["rows"] = V.size();
    if (V.empty())
      return S;
    std::sort(V.begin(), V.end());
    auto Pct = [&](double P) {
      size_t I = size_t(std::ceil(P * double(V.size())));
      return V[I ? std::min(I, V.size()) - 1 : 0];
    };
    double Sum = 0;
    for (double D : V)
      Sum += D;
    S["median_rel_diff"] = V.size() % 2
                               ? V[V.size() / 2]
                               : 0.5 * (V[V.size() / 2 - 1] + V[V.size() / 2]);
    S["mean_rel_diff"] = Sum / double(V.size());
    S["p95_rel_diff"] = Pct(0.95);
    S["max_rel_diff"] = V.back();
    return S;
  }
};

} // namespace

bool compareReports(const json &A, const json &B, json &Summary,
                    std::string &Error) {
  if (!A.contains("rows") || !B.contains("rows") || !A["rows"].is_array() ||
      !B["rows"].is_array()) {
    Error = "report without a 'rows' array";
    return false;
  }
  std::map<std::string, const json *> ByKey;
  for (const json &R : A["rows"])
    ByKey[rowKey(R)] = &R;
  Diffs All, Dram;
  std::map<std::string, Diffs> PerExp, PerExpDram;
  size_t Unmatched = 0;
  for (const json &R : B["rows"]) {
    auto It = ByKey.find(rowKey(R));
    if (It == ByKey.end()) {
      ++Unmatched;
      continue;
    }
    double Ma = It->second->value("median_ms", 0.0);
    double Mb = R.value("median_ms", 0.0);
    if (Ma <= 0 || Mb <= 0)
      continue;
    double D = std::fabs(Mb - Ma) / Ma;
    std::string E = R.value("experiment", "");
    All.V.push_back(D);
    PerExp[E].V.push_back(D);
    if (R.value("dram", false)) {
      Dram.V.push_back(D);
      PerExpDram[E].V.push_back(D);
    }
  }
  Summary = json::object();
  Summary["all"] = All.summary();
  Summary["dram"] = Dram.summary();
  Summary["unmatched_rows"] = Unmatched;
  for (auto &[E, D] : PerExp)
    Summary["per_experiment"][E] = D.summary();
  for (auto &[E, D] : PerExpDram)
    Summary["per_experiment_dram"][E] = D.summary();
  return true;
}

} // namespace sectorscope::mb
