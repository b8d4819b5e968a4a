//===- SharedRows.h - shared-memory benchmark rows as kernels ---*- C++ -*-===//
//
// The `shared` micro-benchmark (microbench/cuda/SharedMemory.cu) runs trips
// of mlp independent shared loads per thread, each of M wavefronts (an M-way
// bank conflict), the next trip's indexes needing this trip's values. The
// rows fit the two costs the model charges shared sites: a wavefront's time
// per SM (the banks' throughput) and a load's round trip.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_SHAREDROWS_H
#define SECTORSCOPE_MODEL_SHAREDROWS_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/Traffic.h"

namespace sectorscope::model {

/// A shared row the model can describe (the parser checks the fields).
bool usableSharedRow(const BenchRow &R);

/// The row as grid totals: mlp load requests per warp and trip, M
/// wavefronts each, one round trip per trip.
Traffic sharedTraffic(const BenchRow &R);

} // namespace sectorscope::model

#endif
