//===- WriteBack.h - The dirty L2 a kernel inherits -------------*- C++ -*-===//
//
// L2 is write-back: the lines a kernel stores stay dirty after it ends, and
// the next kernel's misses must write them to DRAM before they can reuse
// their space. A kernel after one that stored much therefore runs longer
// than the same kernel after itself or after a clean L2, which is how the
// micro-benchmarks time it. The `dirty` rows measure it on the H200: a
// column walk after a kernel that wrote 31 MB or more takes up to 8.5 us
// longer; the extra stops growing at half the L2 and grows with the lines
// the walk allocates.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_WRITEBACK_H
#define SECTORSCOPE_MODEL_WRITEBACK_H

#include "sectorscope/model/BenchData.h"

#include <cstddef>

namespace sectorscope::model {

/// Dirty bytes a kernel writes back when it starts with Dirty bytes of
/// stores in L2 and allocates Alloc bytes of lines: L2 keeps at most
/// Share x L2Bytes of them, and a kernel's allocations evict them in
/// proportion to the L2 they sweep.
double writeBackBytes(double Dirty, double Alloc, double L2Bytes, double Share);

struct WriteBackFit {
  double MsPerByte = 0; ///< 0: not fitted (no usable rows).
  double Share = 0;
  size_t Rows = 0;
  double GeomeanRelErr = 0; ///< Of the rows' times, twin + extra.
};

/// From the `dirty` rows: each row's time less its twin's (same walk, no
/// prior write) against writeBackBytes(prior_write_bytes, footprint_bytes),
/// the rate by least squares of the relative error for each share on a
/// grid, the share with the least squared log error.
WriteBackFit fitWriteBack(const BenchData &D, double L2Bytes);

} // namespace sectorscope::model

#endif
