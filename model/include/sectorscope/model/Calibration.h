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

/// Bounds with a stated confidence: the held-out validation (HeldOut.h)
/// widens [best, worst] to [best / LowerFactor, worst * UpperFactor] so that
/// at least Coverage of the measured kernels it left out fell inside.
/// JSON: `bounds` {coverage, lower_factor, upper_factor, cases, kernels,
/// held_out_coverage, basis}.
struct BoundsMargin {
  double Coverage = 0.9;
  double LowerFactor = 1, UpperFactor = 1;
  size_t Cases = 0, Kernels = 0;
  double HeldOutCoverage = -1; ///< Leave-one-out; -1: not measured.
  /// Whose residuals set the margin, when not the validation suite's
  /// ("212 real-program kernels", CorpusBounds.h; "... on NVIDIA H100 80GB
  /// HBM3" when that is not the calibration's GPU).
  std::string Basis;

  double lower(double Best) const { return Best / LowerFactor; }
  double upper(double Worst) const { return Worst * UpperFactor; }
  /// "bounds at 90% (held-out)", or "bounds at 90% (held-out, from 212
  /// real-program kernels)".
  std::string label() const;
  Json toJson() const;
  static BoundsMargin fromJson(const Json &J, const Ctx &C);
};

struct Calibration {
  std::string File;   ///< Where it was read from (for errors).
  std::string Source; ///< The benchmark file it was fitted from.
  GpuInfo Gpu;
  std::string TimeField;
  std::optional<CampProfModel> CampProf;
  std::optional<GT200Model> GT200;
  std::optional<BandwidthModel> Bandwidth;
  /// Bandwidth terms switched off (TermSwitches.h): they did not improve
  /// the held-out error. JSON: `dropped_terms`.
  std::vector<std::string> DroppedTerms;
  /// The bandwidth model before DroppedTerms were switched off: whether a
  /// kernel exercises a dropped term.
  std::optional<BandwidthModel> Undropped;
  std::optional<BoundsMargin> Bounds;
  /// Re-reads by the window L1 keeps at the launch's occupancy
  /// (RereadWindow.h) instead of the runtime's first window. An option of
  /// the run (`--reread-window occupancy`), never read from or written to
  /// the file: on programs never profiled before, it made predictions worse.
  bool RereadByOccupancy = false;

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
