//===- LocalRows.h - local-memory benchmark rows as kernels -----*- C++ -*-===//
//
// The `local` micro-benchmark (microbench/cuda/LocalMemory.cu) runs trips of
// a read-modify-write of a per-thread array whose index takes M distinct
// values across a warp: M lines, min(32, 4 M) sectors per request. Local
// memory stays on chip (L1, L2): Nsight Compute shows nibble_mode_local's
// 14 GB of local traffic moving 0.5 GB of DRAM. The rows fit the two costs
// the model charges local sites instead of the DRAM ones (a time per
// sector per SM and a round trip per sector of a local load).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_LOCALROWS_H
#define SECTORSCOPE_MODEL_LOCALROWS_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/Traffic.h"

namespace sectorscope::model {

/// A local row the model can describe (the parser checks the fields).
bool usableLocalRow(const BenchRow &R);

/// The row as grid totals: a local load item (one request per warp and
/// trip, min(32, 4 M) sectors, the next trip waiting for it) and a local
/// store item of as many requests.
Traffic localTraffic(const BenchRow &R);

} // namespace sectorscope::model

#endif
