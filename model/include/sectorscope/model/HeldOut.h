//===- HeldOut.h - Leave-one-kernel-out validation --------------*- C++ -*-===//
//
// The suite's error says how well the model predicts kernels it was built
// on. Its coefficients come from micro-benchmarks only, but its terms were
// added after looking at the suite's largest misses, so that figure is a
// training error. Here every choice made from validation kernels is made
// again without the kernel scored:
//  - terms: backward elimination over the switchable terms (TermSwitches.h):
//    a term is dropped while dropping it lowers the other kernels'
//    geometric-mean error (one they do not exercise stays, on the evidence
//    of the micro-benchmarks it was fitted on);
//  - bounds: [best, worst] widened by the smallest factor that holds every
//    measured time of at least the stated share of the other kernels (split
//    conformal over kernels, finite-sample corrected), each of them scored
//    held out too (terms chosen without it and without the kernel scored).
// The kernel's cases are then predicted with that choice. Training and
// held-out errors are reported side by side, with the bounds' held-out
// coverage; the choice made on every kernel is what a calibration keeps.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_HELDOUT_H
#define SECTORSCOPE_MODEL_HELDOUT_H

#include "sectorscope/model/Validate.h"

#include <string>
#include <utility>
#include <vector>

namespace sectorscope::model {

/// The factor F of bounds [best / F, worst * F] that holds at least
/// Coverage of the units (kernels), given each one's log excess below best
/// and above worst (0 when inside): the ceil((n + 1) x Coverage)-th
/// smallest of their larger excesses, capped at the largest (split
/// conformal).
BoundsMargin
fitBoundsMargin(const std::vector<std::pair<double, double>> &Excess,
                double Coverage);

struct HeldOutCase {
  std::string Name, Kernel;
  double Measured = 0, Training = 0, HeldOut = 0, Lower = 0, Upper = 0;
  bool InScope = true, Inside = true;
  std::vector<std::string> Dropped; ///< Terms its fold dropped.
  /// Dropped terms its kernel exercises: outside the fold's support.
  std::vector<std::string> Missing;
};

/// How term selection may drop a term.
enum class TermSelection {
  /// While dropping it lowers the training kernels' error, and only a
  /// term some training kernel exercises (the evidence against it).
  Drop,
  /// Never: a term some training kernel exercises is needed by it, one
  /// none exercises has no evidence against it.
  Keep,
};
const char *termSelectionName(TermSelection S);

struct HeldOutTerm {
  std::string Name, What;
  bool Fitted = false;   ///< The calibration has the term.
  double ErrWithout = 0; ///< Every kernel, the term alone dropped.
  size_t KeptFolds = 0;  ///< Folds whose selection kept it.
  /// Kernels whose error moves most when it is dropped: what it answers.
  std::vector<std::string> MovesMost;
};

struct HeldOutResult {
  ModelKind Kind = ModelKind::Bandwidth;
  double Coverage = 0.9;
  size_t Kernels = 0, InScope = 0;
  /// Geometric-mean relative error over in-scope cases: every term, as
  /// the suite is usually scored (training), and leave-one-kernel-out.
  double TrainingErr = 0, HeldOutErr = 0;
  TermSelection Selection = TermSelection::Keep;
  /// Held-out error over the in-support in-scope cases.
  double HeldOutErrInSupport = 0;
  /// Kernels whose fold dropped a term they exercise, with those terms:
  /// scored for the error, left out of the bounds, their coverage and width.
  std::vector<std::pair<std::string, std::vector<std::string>>> OutOfSupport;
  size_t OutOfSupportCases = 0; ///< In-scope cases of those kernels.
  /// The selection made on every kernel, and its in-sample error.
  std::vector<std::string> Dropped;
  double SelectedErr = 0;
  size_t InsideRaw = 0, InsideHeldOut = 0; ///< In-support cases.
  BoundsMargin Final; ///< Fitted on every kernel; what a calibration keeps.
  /// Median upper / lower over the in-scope cases: the raw band's and the
  /// held-out bounds' (what a wider margin costs).
  double RawWidth = 0, HeldOutWidth = 0;
  std::vector<HeldOutTerm> Terms;
  std::vector<HeldOutCase> Cases;
  std::vector<std::string> Notes;
};

HeldOutResult heldOut(const Calibration &C,
                      const std::vector<ValidateCase> &Cases, ModelKind K,
                      double Coverage, double ScopeFactor,
                      TermSelection Sel = TermSelection::Keep);
Json heldOutToJson(const HeldOutResult &R);
std::string heldOutTable(const HeldOutResult &R);

} // namespace sectorscope::model

#endif
