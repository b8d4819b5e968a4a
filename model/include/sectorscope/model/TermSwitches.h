//===- TermSwitches.h - The bandwidth model's optional terms ----*- C++ -*-===//
//
// Every term the bandwidth model adds to its core form (DRAM bandwidth and
// loads in flight, joined by a p-norm, plus the launch) can be switched off:
// its calibration fields return to their "not fitted" values. The held-out
// validation (HeldOut.h) keeps a term only where dropping it makes the
// prediction of kernels it did not look at worse; a calibration names the
// terms it dropped (`dropped_terms`) and they stay off when it is read.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_TERMSWITCHES_H
#define SECTORSCOPE_MODEL_TERMSWITCHES_H

#include "sectorscope/model/BandwidthModel.h"

#include <string>
#include <vector>

namespace sectorscope::model {

struct TermSwitch {
  const char *Name;
  const char *What; ///< What the model charges without the term.
  void (*Drop)(BandwidthModel &M);
  bool (*Fitted)(const BandwidthModel &M);
};

/// Every switchable term, in the docs' table order.
const std::vector<TermSwitch> &termSwitches();
/// The switch called Name, or null.
const TermSwitch *findTermSwitch(const std::string &Name);

/// A kernel exercises a term when dropping it alone from the full model
/// moves the kernel's predicted time by more than this share: its counters
/// give the term a part of the time no model error hides. A model without
/// the term has no support for the kernel. Predictions only, never a
/// measured time.
constexpr double ExercisedShare = 0.05;

} // namespace sectorscope::model

#endif
