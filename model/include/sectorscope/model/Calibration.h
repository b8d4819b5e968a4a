//===- Calibration.h - The fitted models, as one JSON file ------*- C++ -*-===//
//
// "sectorscope-calib/1": what `sectorscope-model fit` writes and every other
// subcommand reads. Each model is present only if the benchmark file had the
// rows it needs (campprof / gt200 / stream+campprof experiments).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_CALIBRATION_H
#define SECTORSCOPE_MODEL_CALIBRATION_H

#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/CampProfModel.h"
#include "sectorscope/model/GT200Model.h"

#include <optional>
#include <string>
#include <vector>

namespace sectorscope::model {

inline constexpr const char *CalibSchema = "sectorscope-calib/1";

struct FitSettings {
  std::string TimeField = "best_ms";
  double UnitBytesPerWarp = 65536;
  std::vector<std::string> BandwidthExperiments = {
      "stream", "campprof", "latency", "loadstore", "small"};
};

struct Calibration {
  std::string File;   ///< Where it was read from (for errors).
  std::string Source; ///< The benchmark file it was fitted from.
  GpuInfo Gpu;
  std::string TimeField;
  std::optional<CampProfModel> CampProf;
  std::optional<GT200Model> GT200;
  std::optional<BandwidthModel> Bandwidth;

  Json toJson() const;
  static Calibration fromJson(const Json &J, const std::string &File);
};

/// Fits every model the data supports; fails if it supports none.
Calibration fitCalibration(const BenchData &D, const FitSettings &S);
Calibration readCalibration(const std::string &Path);

/// The fit summary as a text table (one line per class / group).
std::string calibrationSummary(const Calibration &C);

} // namespace sectorscope::model

#endif
