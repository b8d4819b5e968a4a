//===- Validate.h - Predicted vs measured over a set of kernels -*- C++ -*-===//
//
// The cases file lists profiles with measured times:
//   {"cases": [{"name": "lbm", "profile": "lbm.json", "time_ms": 1.9,
//               "warps": 32, "work_items": 2097152, "expect": "best",
//               "group": "lbm"}]}
// Only "profile" is required (paths are relative to the cases file); the
// others default to the profile's own fields. "expect" says which line the
// kernel should sit on (best: no camping, as CampProf validated GEM; worst;
// or gt200's single line). Cases sharing a "group" at different occupancies
// also check CampProf's extrapolation: from each case to every other.
// A case measured far above the band (outsideMemoryScope) is flagged, and
// the summary gives the errors over all cases and over in-scope ones.
// Errors are |pred - meas| / meas, summarized by their geometric mean as in
// CampProf (errors below 0.01% count as 0.01% so one exact hit cannot zero it).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_VALIDATE_H
#define SECTORSCOPE_MODEL_VALIDATE_H

#include "sectorscope/model/Band.h"
#include "sectorscope/model/SvgChart.h"

#include <optional>
#include <string>
#include <vector>

namespace sectorscope::model {

struct ValidateCase {
  std::string Name, ProfilePath, Group, Expect = "best";
  std::string PreviousPath; ///< The launch before it ("": not known).
  /// `cuobjdump -sass` of the program that ran ("": loads in flight from
  /// the IR). Cases file: `sass`.
  std::string SassPath;
  /// A grid-mode profile of the same launch: its whole-grid counts replace
  /// the sampled block's (GridCounts.h). Cases file: `grid_profile`.
  std::string GridPath;
  std::optional<double> TimeMs, Warps, WorkItems;
};

struct ValidateRow {
  ValidateCase Case;
  std::string Kernel;
  /// Best and worst are the spread and camped lines (BandPoint), Lower and
  /// Upper the bounds; the prediction is the line the case expects.
  double Warps = 0, MeasuredMs = 0, BestMs = 0, WorstMs = 0, PredictedMs = 0;
  double LowerMs = 0, UpperMs = 0;
  double RelErr = 0;
  bool Inside = true; ///< Measured within [LowerMs, UpperMs].
  std::optional<double> Degree;
  std::optional<double> ActualMlups, EstimatedMlups;
  bool InScope = true;              ///< See outsideMemoryScope (Band.h).
  std::string LoadsInFlight;        ///< Which figure the load sites carry.
  std::optional<KernelCurve> Curve; ///< Bandwidth model: the best curve.
};

struct ValidateResult {
  ModelKind Kind = ModelKind::Bandwidth;
  std::vector<ValidateRow> Rows;
  double GeomeanErr = 0, MeanErr = 0, MaxErr = 0;
  double ScopeFactor = DefaultScopeFactor;
  size_t InScopeCases = 0;
  size_t InsideInScope = 0; ///< In-scope cases within their bounds.
  std::optional<BoundsMargin> Bounds;
  double GeomeanErrInScope = 0, MeanErrInScope = 0;
  size_t ExtrapolationPairs = 0;
  double ExtrapolationGeomeanErr = 0;
  /// Pairs whose two cases are both in scope.
  size_t ExtrapolationPairsInScope = 0;
  double ExtrapolationGeomeanErrInScope = 0;
  std::vector<BandResult> Bands; ///< One per case (empty for gt200).
  std::vector<std::string> Notes;
};

std::vector<ValidateCase> readCases(const std::string &Path);
ValidateResult validate(const Calibration &C,
                        const std::vector<ValidateCase> &Cases, ModelKind K,
                        double ScopeFactor = DefaultScopeFactor,
                        bool RejectImpossible = true);
double geomeanError(const std::vector<double> &Errs);
Json validateToJson(const ValidateResult &R);
std::string validateTable(const ValidateResult &R);
/// Actual vs estimated throughput (million work items per second) for the
/// cases that give work_items; empty Categories if none do.
/// One series per result (model), all over the same cases.
BarChart mlupsChart(const std::vector<ValidateResult> &Rs,
                    const std::string &Title);

} // namespace sectorscope::model

#endif
