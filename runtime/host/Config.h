//===- Config.h - The host runtime's settings, from the environment -------===//
//
// Every SECTORSCOPE_* variable is parsed once, up front, so that a typo stops
// the program before any kernel runs rather than after an hour of work.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_CONFIG_H
#define SECTORSCOPE_RT_CONFIG_H

#include "common/PartitionModel.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace sectorscope::rt {

enum class Mode { Heatmap, Grid, Time };
const char *modeName(Mode M);

/// Which launches of a kernel to profile; launches count from 0 per kernel.
struct LaunchSelector {
  bool All = false;
  std::vector<std::pair<uint64_t, uint64_t>> Ranges; // inclusive
  bool selects(uint64_t Index) const;
  /// "N" (the first N), "all", "A-B", or a comma list of these.
  static std::optional<LaunchSelector> parse(const std::string &Spec,
                                             std::string &Err);
  std::string str() const;
};

struct Config {
  Mode TheMode = Mode::Heatmap;
  std::string KernelsPattern;        // empty: every kernel
  std::optional<std::regex> Kernels; // searched in the demangled name
  LaunchSelector Launches;           // default: the first launch
  uint32_t Block[3] = {0, 0, 0};     // the sampled block
  std::string PartitionSpec = "default";
  PartitionModel Partitions;
  std::string PartitionWarning; // the default map failed to load
  std::string OutDir = "./sectorscope-out/";
  uint64_t LogRecords = 1u << 22; // sample log: sector records (8 bytes)
  uint32_t MaxWindows = 64;         // grid mode time windows
  uint32_t OccupancyWarps = 0;      // cap on active warps/SM; 0: none
  bool Quiet = false;
  bool Expect = false; // check the source's expectations (Expectations.h)

  bool selectsKernel(const std::string &Demangled) const;
};

using GetEnvFn = std::function<const char *(const char *)>;

/// Reads every SECTORSCOPE_* variable through GetEnv; on a bad value returns
/// nullopt and sets Err to one line naming the variable and what is valid.
std::optional<Config> parseConfig(const GetEnvFn &GetEnv, std::string &Err);

} // namespace sectorscope::rt

#endif
