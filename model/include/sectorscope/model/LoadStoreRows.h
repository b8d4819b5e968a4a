//===- LoadStoreRows.h - loadstore benchmark rows as kernels ----*- C++ -*-===//
//
// The `loadstore` micro-benchmark (microbench/cuda/LoadStore.cu) runs
// trips of N loads (all in flight) then S stores per thread at many
// occupancies, across the meeting of the latency and bandwidth bounds.
// Its rows are described to the bandwidth model as kernels, the way a
// profiled kernel is, so the blend exponent they choose is the one the
// model's predictions use.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_LOADSTOREROWS_H
#define SECTORSCOPE_MODEL_LOADSTOREROWS_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/Traffic.h"

namespace sectorscope::model {

/// A loadstore row the model can describe: N >= 1 loads and stores >= 1
/// per trip, bytes, word bytes, blocks and threads (the parser checks
/// them; this also keeps hand-built rows out).
bool usableLoadStoreRow(const BenchRow &R);

/// The row as grid totals: one load item (N coalesced requests per warp
/// and trip, `word_bytes` sectors each, mlp = the row's `mlp`, else N) and
/// one store item (S requests per warp and trip).
Traffic loadStoreTraffic(const BenchRow &R);

} // namespace sectorscope::model

#endif
