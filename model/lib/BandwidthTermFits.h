//===- BandwidthTermFits.h - Costs fitted after the classes -----*- C++ -*-===//
//
// Private to the bandwidth model's fit (BandwidthFit.cpp): the terms that
// are fitted on kernels predicted with the classes' coefficients.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_LIB_BANDWIDTHTERMFITS_H
#define SECTORSCOPE_MODEL_LIB_BANDWIDTHTERMFITS_H

#include "sectorscope/model/BandwidthModel.h"

#include <utility>
#include <vector>

namespace sectorscope::model {

/// Benchmark rows described as kernels, with their rows.
using KernelRows = std::vector<std::pair<Traffic, const BenchRow *>>;

/// Squared log error of the model over (traffic, row) pairs, and their
/// geometric-mean relative error in Geo.
double scoreRows(const BandwidthModel &M, const KernelRows &Rows, double &Geo);

/// Derives what depends on M's launch, exponent and classes: the L2 and L1
/// figures, the store drain, the store, block, partial-store, local and
/// sparse-line terms, atomic rates and the write-back (LoadStore rows join
/// the store term's fit).
void fitDependentTerms(BandwidthModel &M, const BenchData &D,
                       const KernelRows &LoadStore);

} // namespace sectorscope::model

#endif
