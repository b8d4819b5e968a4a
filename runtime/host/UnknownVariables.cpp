//===- UnknownVariables.cpp - Warn about SECTORSCOPE_* typos --------------===//
//
// A misspelt variable (SECTORSCOPE_KERNEL=) would otherwise be ignored in
// silence and the program profiled with defaults.
//
//===----------------------------------------------------------------------===//
#include "Config.h"

#include <algorithm>
#include <cstring>

namespace sectorscope::rt {
namespace {

constexpr const char Prefix[] = "SECTORSCOPE_";

/// Variables that other parts of sectorscope read: not typos.
constexpr const char *OtherPartsVariables[] = {
    "SECTORSCOPE_CUDA_PATH",       // sectorscope-clang++
    "SECTORSCOPE_CLANGXX",         // sectorscope-clang++
    "SECTORSCOPE_NO_PLUGIN",       // sectorscope-clang++
    "SECTORSCOPE_VERBOSE_WRAPPER", // sectorscope-clang++
    "SECTORSCOPE_DATA_DIR",        // calibration data (common/)
    "SECTORSCOPE_DEBUG_ANALYZER",  // the compile-time analyzer
    "SECTORSCOPE_EXAMPLE_DUMP",    // examples/
    "SECTORSCOPE_BUILD_DIR",       // tools/*.sh
    "SECTORSCOPE_GPU",             // the lit suite
    "SECTORSCOPE_MODEL",           // model/validate.sh
};

size_t editDistance(const std::string &A, const std::string &B) {
  std::vector<size_t> Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Row[J] = J;
  for (size_t I = 1; I <= A.size(); ++I) {
    size_t Diagonal = Row[0];
    Row[0] = I;
    for (size_t J = 1; J <= B.size(); ++J) {
      size_t Above = Row[J];
      Row[J] = std::min({Row[J] + 1, Row[J - 1] + 1,
                         Diagonal + (A[I - 1] == B[J - 1] ? 0 : 1)});
      Diagonal = Above;
    }
  }
  return Row[B.size()];
}

bool isKnown(const std::string &Name) {
  for (const FlagInfo &F : allFlags())
    if (Name == F.Variable)
      return true;
  for (const char *V : OtherPartsVariables)
    if (Name == V)
      return true;
  return false;
}

/// The runtime flag Name is closest to, if it is close enough to be a typo.
std::string nearestFlag(const std::string &Name) {
  std::string Best;
  size_t BestDistance = 3;
  for (const FlagInfo &F : allFlags())
    if (size_t D = editDistance(Name, F.Variable); D < BestDistance) {
      BestDistance = D;
      Best = F.Variable;
    }
  return Best;
}

} // namespace

std::string unknownVariablesWarning(const char *const *Environ) {
  std::vector<std::string> Unknown;
  for (; Environ && *Environ; ++Environ) {
    const char *Entry = *Environ;
    if (std::strncmp(Entry, Prefix, sizeof(Prefix) - 1) != 0)
      continue;
    const char *Equals = std::strchr(Entry, '=');
    std::string Name(Entry, Equals ? size_t(Equals - Entry) : strlen(Entry));
    if (!isKnown(Name))
      Unknown.push_back(Name);
  }
  if (Unknown.empty())
    return "";
  std::sort(Unknown.begin(), Unknown.end());
  std::string S = "ignoring unknown ";
  for (size_t I = 0; I < Unknown.size(); ++I) {
    S += (I ? ", " : "") + Unknown[I];
    if (std::string Near = nearestFlag(Unknown[I]); !Near.empty())
      S += " (did you mean " + Near + "?)";
  }
  return S + "; `sectorscope-flags` lists the runtime's variables";
}

} // namespace sectorscope::rt
