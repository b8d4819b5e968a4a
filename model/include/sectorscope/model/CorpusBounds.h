//===- CorpusBounds.h - Bounds from real programs' residuals ----*- C++ -*-===//
//
// The held-out bounds of HeldOut.h come from the validation suite's
// kernels, which the model predicts far better than kernels it has never
// seen: on real programs a 90% margin fitted on the suite held 78-97% of a
// fresh set's cases. Bounds for a user's kernel must come from kernels like
// it: the recorded profiles of real programs, measured on the same GPU.
//
// Each cases file is one set of programs. A kernel's score is its largest
// log excess outside the raw band [min(best, worst), max(best, worst)] over
// its in-scope cases; the margin is the split-conformal quantile of every
// kernel's score (fitBoundsMargin). The model's coefficients come from
// micro-benchmarks only, so each score is a residual on a kernel the fit
// never saw; the model's terms, though, were chosen looking at some of
// these sets, which makes their residuals smaller than a new kernel's. The
// check that says by how much: each set left out in turn, the margin fitted
// on the others, and the share of its in-scope cases inside.
//
// The bounds file ("sectorscope-bounds/1") is what the device index names
// for a GPU (common/DeviceData.h, "bounds"): --calib auto applies it.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_CORPUSBOUNDS_H
#define SECTORSCOPE_MODEL_CORPUSBOUNDS_H

#include "sectorscope/model/Validate.h"

#include <string>
#include <vector>

namespace sectorscope::model {

inline constexpr const char *BoundsSchema = "sectorscope-bounds/1";

/// One cases file: the measured launches of one set of real programs.
struct CorpusSet {
  std::string Name; ///< The cases file.
  std::vector<ValidateCase> Cases;
};

/// A set's figures, and how the bounds fitted without it held it.
struct CorpusSetResult {
  std::string Name;
  size_t Kernels = 0, InScopeCases = 0;
  double FactorWithout = 1; ///< The margin fitted on the other sets.
  size_t InsideWithout = 0; ///< Its in-scope cases inside those bounds.
};

struct CorpusBounds {
  BoundsMargin Margin; ///< Over every set's kernels.
  GpuInfo Gpu;         ///< The calibration's GPU, where the sets ran.
  std::vector<CorpusSetResult> Sets;
};

/// Fits the margin over the sets' kernels (bandwidth model, raw band) and
/// checks it set by set, each left out. Fails with fewer than two sets.
CorpusBounds fitCorpusBounds(const Calibration &C,
                             const std::vector<CorpusSet> &Sets,
                             double Coverage,
                             double ScopeFactor = DefaultScopeFactor);

Json corpusBoundsToJson(const CorpusBounds &B);
/// Per set: kernels, in-scope cases, the margin without it, inside; then
/// the margin over all of them.
std::string corpusBoundsTable(const CorpusBounds &B);

/// A bounds file's margin and the GPU it was measured on (its name in
/// GpuName). Fails with one line on a file that is not one.
BoundsMargin readBoundsFile(const std::string &Path, std::string &GpuName);

} // namespace sectorscope::model

#endif
