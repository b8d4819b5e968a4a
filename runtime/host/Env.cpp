//===- Env.cpp - Parse SECTORSCOPE_* environment variables ----------------===//
#include "Config.h"

#include "sectorscope/abi.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <sstream>

namespace sectorscope::rt {

const char *modeName(Mode M) {
  switch (M) {
  case Mode::Heatmap:
    return "heatmap";
  case Mode::Grid:
    return "grid";
  case Mode::Time:
    return "time";
  }
  return "?";
}

static bool parseU64(const std::string &S, uint64_t &Out) {
  if (S.empty() || S.size() > 19 ||
      !std::all_of(S.begin(), S.end(),
                   [](char C) { return C >= '0' && C <= '9'; }))
    return false;
  Out = std::strtoull(S.c_str(), nullptr, 10);
  return true;
}

static std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t");
  size_t E = S.find_last_not_of(" \t");
  return B == std::string::npos ? "" : S.substr(B, E - B + 1);
}

bool LaunchSelector::selects(uint64_t Index) const {
  if (All)
    return true;
  for (const auto &[Lo, Hi] : Ranges)
    if (Index >= Lo && Index <= Hi)
      return true;
  return false;
}

std::optional<LaunchSelector> LaunchSelector::parse(const std::string &Spec,
                                                    std::string &Err) {
  LaunchSelector L;
  std::stringstream SS(Spec);
  std::string Part;
  bool Any = false;
  while (std::getline(SS, Part, ',')) {
    Part = trim(Part);
    Any = true;
    uint64_t A = 0, B = 0;
    size_t Dash = Part.find('-');
    if (Part == "all") {
      L.All = true;
    } else if (Dash == std::string::npos && parseU64(Part, A)) {
      if (A > 0) // "0": profile nothing of this kernel
        L.Ranges.push_back({0, A - 1});
    } else if (Dash != std::string::npos && parseU64(Part.substr(0, Dash), A) &&
               parseU64(Part.substr(Dash + 1), B) && A <= B) {
      L.Ranges.push_back({A, B});
    } else {
      Err = "SECTORSCOPE_LAUNCHES='" + Spec +
            "': expected N (the first N launches), all, or A-B (launches A..B, "
            "counted from 0), or a comma list of these";
      return std::nullopt;
    }
  }
  if (!Any) {
    Err = "SECTORSCOPE_LAUNCHES is empty: expected N, all, or A-B";
    return std::nullopt;
  }
  return L;
}

std::string LaunchSelector::str() const {
  if (All)
    return "all";
  std::string S;
  for (const auto &[Lo, Hi] : Ranges)
    S += (S.empty() ? "" : ",") + std::to_string(Lo) + "-" + std::to_string(Hi);
  return S.empty() ? "none" : S;
}

bool Config::selectsKernel(const std::string &Demangled) const {
  return !Kernels || std::regex_search(Demangled, *Kernels);
}

std::optional<Config> parseConfig(const GetEnvFn &GetEnv, std::string &Err) {
  Config C;
  auto Get = [&](const char *Name) -> std::optional<std::string> {
    const char *V = GetEnv(Name);
    if (!V)
      return std::nullopt;
    return std::string(V);
  };

  if (auto V = Get("SECTORSCOPE_MODE")) {
    if (*V == "heatmap")
      C.TheMode = Mode::Heatmap;
    else if (*V == "grid")
      C.TheMode = Mode::Grid;
    else if (*V == "time")
      C.TheMode = Mode::Time;
    else {
      Err = "SECTORSCOPE_MODE='" + *V + "': expected heatmap, grid or time";
      return std::nullopt;
    }
  }

  if (auto V = Get("SECTORSCOPE_KERNELS"); V && !V->empty()) {
    try {
      C.Kernels.emplace(*V, std::regex::ECMAScript | std::regex::optimize);
    } catch (const std::regex_error &E) {
      Err = "SECTORSCOPE_KERNELS='" + *V + "': not a valid regular expression";
      return std::nullopt;
    }
    C.KernelsPattern = *V;
  }

  if (auto V = Get("SECTORSCOPE_LAUNCHES")) {
    auto L = LaunchSelector::parse(*V, Err);
    if (!L)
      return std::nullopt;
    C.Launches = *L;
  } else {
    C.Launches.Ranges.push_back({0, 0});
  }

  if (auto V = Get("SECTORSCOPE_BLOCK")) {
    std::stringstream SS(*V);
    std::string Part;
    std::vector<uint64_t> Xs;
    bool Ok = true;
    while (std::getline(SS, Part, ',')) {
      uint64_t X;
      if (!parseU64(trim(Part), X) || X > 0x7fffffffu)
        Ok = false;
      Xs.push_back(X);
    }
    if (!Ok || Xs.empty() || Xs.size() > 3) {
      Err = "SECTORSCOPE_BLOCK='" + *V +
            "': expected x[,y[,z]] block indices, e.g. 0,0,0";
      return std::nullopt;
    }
    for (size_t I = 0; I < 3; ++I)
      C.Block[I] = I < Xs.size() ? uint32_t(Xs[I]) : 0;
  }

  bool UserPartitions = false;
  if (auto V = Get("SECTORSCOPE_PARTITIONS"); V && !V->empty()) {
    C.PartitionSpec = *V;
    UserPartitions = true;
  }
  {
    std::string PErr;
    auto M = PartitionModel::parse(C.PartitionSpec, PErr);
    if (!M && !UserPartitions) {
      // An unusable installed map must not stop programs that did not ask
      // for it: fall back to the uniform model and say so in grid mode.
      C.PartitionWarning = "default partition map unusable (" + PErr +
                           "); using the uniform model";
      M = PartitionModel();
    }
    if (!M) {
      Err = "SECTORSCOPE_PARTITIONS: " + PErr;
      return std::nullopt;
    }
    if (M->count() > SS_MAX_PARTITIONS) {
      Err = "SECTORSCOPE_PARTITIONS='" + C.PartitionSpec +
            "': " + std::to_string(M->count()) + " partitions, at most " +
            std::to_string(SS_MAX_PARTITIONS) + " supported";
      return std::nullopt;
    }
    C.Partitions = *M;
  }

  if (auto V = Get("SECTORSCOPE_OUT"); V && !V->empty()) {
    C.OutDir = *V;
    if (C.OutDir.back() != '/')
      C.OutDir += '/';
  }

  if (auto V = Get("SECTORSCOPE_HEAP_SECTORS")) {
    uint64_t N;
    if (!parseU64(*V, N) || N < 4096 || N > (1ull << 28)) {
      Err = "SECTORSCOPE_HEAP_SECTORS='" + *V +
            "': expected the sampled block's log size in sector records "
            "(8 bytes each), 4096..268435456";
      return std::nullopt;
    }
    C.LogRecords = N;
  }

  if (auto V = Get("SECTORSCOPE_WINDOWS")) {
    uint64_t N;
    if (!parseU64(*V, N) || N < 1 || N > 4096) {
      Err = "SECTORSCOPE_WINDOWS='" + *V + "': expected 1..4096";
      return std::nullopt;
    }
    C.MaxWindows = uint32_t(N);
  }

  if (auto V = Get("SECTORSCOPE_OCCUPANCY"); V && !V->empty()) {
    uint64_t N;
    if (!parseU64(*V, N) || N < 1 || N > 64) {
      Err = "SECTORSCOPE_OCCUPANCY='" + *V +
            "': expected active warps per SM in 1..64";
      return std::nullopt;
    }
    C.OccupancyWarps = uint32_t(N);
  }

  for (auto [Name, Flag] : {std::pair<const char *, bool *>{
                               "SECTORSCOPE_QUIET", &C.Quiet},
                           {"SECTORSCOPE_EXPECT", &C.Expect}}) {
    auto V = Get(Name);
    if (!V)
      continue;
    if (*V == "1" || *V == "yes" || *V == "true")
      *Flag = true;
    else if (*V == "0" || *V == "no" || *V == "false" || V->empty())
      *Flag = false;
    else {
      Err = std::string(Name) + "='" + *V + "': expected 0 or 1";
      return std::nullopt;
    }
  }
  return C;
}

} // namespace sectorscope::rt
