//===- GridCounts.h - Whole-grid counts for a sampled profile ---*- C++ -*-===//
//
// A heat-map profile counts one sampled block, and Traffic.h scales it by
// the grid's blocks. That is wrong where blocks differ (edge blocks, block 0
// of a grid-stride loop, data-dependent loops) and where the sampled
// block's log overflowed (its counts stop short). A grid-mode profile of
// the same launch shape counts every block exactly; given one, each site's
// requests and sectors become the grid's, and what only the heat map has
// (lines and re-reads per request, distinct sectors) is kept per request.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_GRIDCOUNTS_H
#define SECTORSCOPE_MODEL_GRIDCOUNTS_H

#include "sectorscope/model/Profile.h"

#include <string>

namespace sectorscope::model {

/// Replaces the counts of `Sampled` by `Grid`'s totals, kept in the
/// sampled profile's units (per `SampledBlocks` blocks). Fails (one line)
/// unless `Grid` is a grid-mode profile of every block of the same kernel
/// and launch shape whose sites match. Returns a note when the sampled
/// block's counts differed from the grid's average block by more than 1%.
std::string useGridCounts(Profile &Sampled, const Profile &Grid);

} // namespace sectorscope::model

#endif
