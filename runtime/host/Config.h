//===- Config.h - The host runtime's settings, from the environment -------===//
//
// Every SECTORSCOPE_* variable is parsed once, up front, so that a typo stops
// the program before any kernel runs rather than after an hour of work. The
// variables, their types and defaults are listed once, in Flags.inc.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_CONFIG_H
#define SECTORSCOPE_RT_CONFIG_H

#include "UserRegex.h"
#include "common/PartitionModel.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
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

/// The kernels to profile: a regular expression searched in the demangled
/// name; no expression selects every kernel.
struct KernelFilter {
  std::string Pattern;
  std::optional<UserRegex> Regex;
};

/// The sampled block's x, y, z.
using BlockIndex = std::array<uint32_t, 3>;

/// The partition model and the spec it came from.
struct PartitionChoice {
  std::string Spec;
  PartitionModel Model;
  /// Set when the installed map behind an unrequested default was unusable
  /// and the uniform model stands in.
  std::string Warning;
};

/// A directory path, ending in '/'.
struct OutputDirectory {
  std::string Path;
};

/// The sample log's capacity in 8-byte records.
struct LogCapacity {
  uint64_t Records = 0;
};

/// Heat-map CSVs past each kernel's first stop once the process's CSVs
/// reach this many bytes.
struct CsvBudget {
  uint64_t Bytes = 0;
};

/// Grid mode's most time windows.
struct WindowLimit {
  uint32_t Windows = 0;
};

/// Grid mode: shared-memory sites count in one block in this many.
struct SharedBlockStride {
  uint32_t Blocks = 0;
};

/// A cap on active warps per SM; 0: none.
struct OccupancyCap {
  uint32_t WarpsPerSm = 0;
};

/// How long a profiled launch waits for its kernel before the program goes
/// on without it (PendingLaunch.h).
struct WaitLimit {
  std::chrono::milliseconds Limit{0};
};

struct Config {
#define SECTORSCOPE_FLAG(Type, Field, Name, Default, Description) Type Field{};
#include "Flags.inc"

  bool selectsKernel(const std::string &Demangled) const;
};

using GetEnvFn = std::function<const char *(const char *)>;

/// Reads every SECTORSCOPE_* variable through GetEnv; on a bad value returns
/// nullopt and sets Err to one line naming the variable and what is valid.
std::optional<Config> parseConfig(const GetEnvFn &GetEnv, std::string &Err);

/// One runtime flag as Flags.inc lists it.
struct FlagInfo {
  const char *Variable; // "SECTORSCOPE_MODE"
  const char *Default;  // as text; "" for unset
  const char *Description;
};
const std::vector<FlagInfo> &allFlags();

/// The flags as a Markdown table (docs/runtime.md's Environment section).
std::string flagsMarkdownTable();

/// "SECTORSCOPE_<NAME>=<value>" per flag, one a line, as C holds them.
std::string describeConfig(const Config &C);

/// One line naming the SECTORSCOPE_* variables in Environ (NAME=VALUE
/// strings, null-terminated) that no part of sectorscope reads, each with the
/// flag it may be a typo of; "" when there are none.
std::string unknownVariablesWarning(const char *const *Environ);

} // namespace sectorscope::rt

#endif
