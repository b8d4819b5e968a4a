//===- SparseLineRows.h - DRAM cost of sectors alone in their lines --*- C++
//-*-===//
//
// A load whose lanes each touch a sector of their own line (a column walk,
// a large lane stride) moves more DRAM time per sector than a stream: L2
// fetches DRAM in 64-byte pieces (two sectors) and the DRAM pages are
// visited sparsely. The `stride` read rows measure it: lanes 128 bytes or
// more apart cost 2-3 times a stream's time per sector on the H200. The
// model multiplies such a load's DRAM bytes by one fitted factor.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_SPARSELINEROWS_H
#define SECTORSCOPE_MODEL_SPARSELINEROWS_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/Traffic.h"

namespace sectorscope::model {

/// A `stride` read row whose lanes are a line or more apart (every sector
/// alone in its line), with what describing it as a kernel needs.
bool usableSparseLineRow(const BenchRow &R);

/// The row as a kernel: 32 one-sector requests per warp request in 32
/// lines, the stream kernel's loads in flight (benchRowMlp).
Traffic sparseLineTraffic(const BenchRow &R);

/// Whether the model charges an item's DRAM bytes the sparse-line factor:
/// a load whose requests put one sector (or less) in each line they touch.
bool sparseLineItem(const MemItem &I);

} // namespace sectorscope::model

#endif
