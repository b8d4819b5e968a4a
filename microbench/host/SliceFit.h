//===- SliceFit.h - L2 slice map from an ncu slice-probe capture -*- C++ -*-===//
//
// The probe (cuda/SliceProbe.cu) touches K addresses per launch, address i
// with Base << i requests; per-slice counters (ncu, one value per lts
// instance) then encode, per slice, which addresses it served. This file
// decodes those counts, turns them into (address, slice) samples and fits a
// GF(2)-linear hash to them with a held-out check.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MICROBENCH_SLICEFIT_H
#define SECTORSCOPE_MICROBENCH_SLICEFIT_H

#include "GF2.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sectorscope::mb {

struct DecodedLaunch {
  /// For address i, the slices whose count has bit i set.
  std::vector<std::vector<int>> SlicesOf;
  /// Sum of decoded weights over the expected sum Base * (2^K - 1): about 1
  /// when every request was counted exactly once.
  double Scale = 0;
  /// Slices whose count is not within a quarter of Base of a multiple of
  /// Base, or too large to be a K-bit number: their bits are unreliable.
  int BadSlices = 0;
};

/// Decodes per-slice counts (background already subtracted).
DecodedLaunch decodeWeighted(const std::vector<double> &Counts, int K,
                             int Base);

/// Per-launch, per-metric instance values parsed from ncu's CSV output
/// (--csv --print-metric-instances values). Launches are numbered in the
/// order ncu profiled them.
using NcuInstances = std::map<int, std::map<std::string, std::vector<double>>>;
bool parseNcuCsv(const std::string &Text, NcuInstances &Out,
                 std::string &Error);

/// Splits one CSV line (double-quoted fields, "" escapes).
std::vector<std::string> splitCsvLine(const std::string &Line);

/// Parses a "Metric Value" field holding one value or instance values
/// ("a;b;c", optionally after the aggregate or inside parentheses).
std::vector<double> parseInstanceValues(const std::string &Field);

struct ProbeSample {
  int Page = 0;
  uint32_t Offset = 0;
  int Sm = 0;
  int Slice = -1; ///< -1 when no single slice was decoded.
  int SliceCount = 0;
};

/// Feature vector of an address: its offset bits in the 2 MiB page (equal
/// to physical bits 0..20), and for page p >= 1 the indicator bit 20 + p,
/// which absorbs that page's constant from the unknown physical high bits.
uint64_t probeFeature(int Page, uint32_t Offset);
constexpr int PageBits = 21;

struct SliceMapFit {
  LinearHash Hash;
  size_t Train = 0, HeldOut = 0;
  double TrainAccuracy = 0, HeldOutAccuracy = 0;
  int LowestBit = -1; ///< Lowest address bit any mask uses.
};

/// Fits samples with a single slice; every HoldOutEvery-th one is held out.
std::optional<SliceMapFit> fitSliceMap(const std::vector<ProbeSample> &S,
                                       int HoldOutEvery, uint64_t VarMask,
                                       std::string &Error);

/// Builds samples from a probe manifest and ncu instances for one metric;
/// background is the mean of the manifest's K = 0 launches. \p SmFilter < 0
/// takes all SMs. Adds decode diagnostics to \p Diag.
std::vector<ProbeSample> samplesFromCapture(const nlohmann::json &Manifest,
                                            const NcuInstances &Ncu,
                                            const std::string &Metric,
                                            int SmFilter, nlohmann::json &Diag,
                                            std::string &Error);

std::string hex(uint64_t V);

} // namespace sectorscope::mb

#endif
