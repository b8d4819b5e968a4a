//===- Band.h - CampProf's best/worst band for one kernel -------*- C++ -*-===//
//
// From a kernel's counters: the best (no camping: the spread benchmarks) and
// worst (fully camped benchmarks) time at every occupancy 1..max warps/SM;
// the measured time placed in the band as a camping degree in [0, 1]; and the
// "application" line, extrapolated from the one measured point
// proportionally to the band as CampProf does:
//   app(w) = best(w) + d * (worst(w) - best(w)),  d = degree at the measured w
// A measured time below best (or above worst) is scaled with the best (worst)
// line instead, so the application line stays continuous and positive.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_BAND_H
#define SECTORSCOPE_MODEL_BAND_H

#include "sectorscope/model/Calibration.h"
#include "sectorscope/model/Profile.h"
#include "sectorscope/model/Traffic.h"

#include <optional>
#include <string>
#include <vector>

namespace sectorscope::model {

enum class ModelKind { Bandwidth, CampProf, GT200 };
const char *modelName(ModelKind K);
std::optional<ModelKind> parseModelKind(const std::string &S);

/// Raw camping degree: (t - best) / (worst - best). Outside [0, 1] when t
/// falls outside the band; 0 when the band has no width.
double campingDegree(double Best, double Worst, double Measured);

/// The application time at another occupancy, from the measured point
/// (Best0, Worst0, Measured0) and the band there (BestW, WorstW).
double extrapolateApp(double Best0, double Worst0, double Measured0,
                      double BestW, double WorstW);

/// The memory model's scope. A memory-bound kernel runs at or below the
/// band's worst line and near its best; one measured far above both (more
/// than Factor x best and above worst) spends its time elsewhere (atomics
/// serialized on few addresses, compute, dependent latency chains): the
/// model says so instead of reporting a huge error as its own.
inline constexpr double DefaultScopeFactor = 3.0;
bool outsideMemoryScope(double Best, double Worst, double Measured,
                        double Factor);
std::string scopeRule(double Factor);

/// Words for where a degree sits ("near best", "between", ...).
std::string placement(double RawDegree, bool HasBand);

/// Why a band has no camping degree, or "" when it has one: the camped
/// prediction must lie above the spread one.
std::string degreeNotComputed(double Spread, double Camped, double Warps);

/// A measured time no kernel moving these bytes can reach, even with its
/// re-reads served by the caches: far below the bandwidth bound of its
/// traffic at the calibration's peak. Throws with one clear line. (A time
/// under half that bound, but not that far, puts the kernel outside the
/// DRAM-bound scope: computeBand.)
void rejectImpossibleTime(const KernelCurve &Spread, double Warps,
                          double MeasuredMs, const std::string &Where);

/// Predicted kernel time (ms) by one model; Camped picks the worst line.
/// Throws if the calibration lacks the model or the result is not a valid
/// time.
double predictTime(const Calibration &C, ModelKind K, const Traffic &T,
                   bool Camped, double Warps, std::vector<std::string> *Notes);

/// P with the re-reads of the window L1 keeps at WarpsPerSm (RereadWindow.h)
/// when C.RereadByOccupancy; says which in Notes when the profile records
/// windows. Otherwise P as it is.
Profile withRereadWindow(const Profile &P, const Calibration &C,
                         double WarpsPerSm, std::vector<std::string> *Notes);

/// The occupancy to place a measurement at: the override, else the profile's
/// occupancy.active_warps_per_sm, else an estimate from the launch shape (as
/// many whole blocks as fit in max warps/SM, at most 32 blocks, no more than
/// the grid provides per SM). Source says which.
double occupancyFor(const Profile &P, const Calibration &C,
                    std::optional<double> Override, std::string *Source);

/// Sets T's inherited dirty bytes from the launch before it (its stores'
/// DRAM bytes; the bandwidth model charges writing them back).
void inheritFrom(Traffic &T, const Calibration &C, const Profile &Previous);

/// Why a profile has nothing to model (error text).
std::string noTrafficMessage(const Profile &P);

/// The most warps per SM the launch's block size (and dynamic shared
/// memory) allows: whole blocks, at most 32 per SM. Registers are unknown,
/// so this is an upper bound.
double maxOccupancyFor(const Profile &P, const Calibration &C);

/// Best is the spread (camping-free) line and Worst the camped one, as
/// predicted: on a chip whose camped benchmarks run faster (an L2-resident
/// hot window on Hopper) Worst lies below Best. Lower and Upper are the
/// bounds: min and max of the two, widened by the calibration's held-out
/// margin when it has one (Calibration::Bounds).
struct BandPoint {
  double Warps = 0, Best = 0, Worst = 0, Lower = 0, Upper = 0;
  std::optional<double> App;
};

struct BandResult {
  std::string Kernel, ProfileFile;
  ModelKind Kind = ModelKind::Bandwidth;
  double Warps = 0;       ///< Occupancy of the measurement.
  double AppMaxWarps = 0; ///< Application line drawn up to here.
  std::string WarpsSource;
  double TotalBytes = 0;
  bool HasBand = true; ///< False when the calibration has no camped data.
  /// At Warps: the spread and camped lines (see BandPoint) and the bounds.
  /// A prediction uses a line, never a bound: the min of the two lines on a
  /// chip that does not camp is an L2 bound, not a camping-free time.
  double BestMs = 0, WorstMs = 0, LowerMs = 0, UpperMs = 0;
  std::optional<BoundsMargin> Bounds; ///< The margin Lower/Upper carry.
  std::optional<double> MeasuredMs;
  /// Camping degree, only where the camped line lies above the spread one;
  /// otherwise DegreeNote says why there is none.
  std::optional<double> Degree, DegreeClamped;
  std::string DegreeNote;
  std::optional<bool> Inside; ///< Measured time within [Lower, Upper].
  double ScopeFactor = DefaultScopeFactor;
  std::optional<bool> InScope; ///< With a measured time.
  /// Bandwidth model: the best (spread) line's curve; the application line
  /// is this curve through the measured point.
  std::optional<KernelCurve> BestCurve;
  std::vector<BandPoint> Points;
  /// Terms the calibration dropped that this kernel exercises: it is
  /// outside the model's support (bandwidth model only).
  std::vector<std::string> MissingTerms;
  std::vector<std::string> Notes;
};

/// "outside the model's support: atomic not in the calibration's model".
std::string supportNote(const std::vector<std::string> &Missing);

struct BandOptions {
  ModelKind Kind = ModelKind::Bandwidth;
  std::optional<double> Warps;        ///< Override the profile's occupancy.
  std::optional<double> TimeMs;       ///< Override the profile's time_ms.
  std::string TimeFrom = "--time-ms"; ///< Where TimeMs came from (errors).
  int MaxWarps = 0;                   ///< 0: the calibrated GPU's maximum.
  /// The launch before this one (its counters): the L2 it leaves dirty.
  std::optional<Profile> Previous;
  double ScopeFactor = DefaultScopeFactor;
  /// Refuse a measured time below the bandwidth bound. Off only where a
  /// model with terms switched off is scored (its bound is not the GPU's).
  bool RejectImpossible = true;
};

BandResult computeBand(const Calibration &C, const Profile &P,
                       const BandOptions &O);
Json bandToJson(const BandResult &B);
std::string bandTable(const BandResult &B);

} // namespace sectorscope::model

#endif
