//===- L1Figures.h - L1 hit round trip, tag rate and capacity -*- C++ -*-===//
//
// Reuse inside a thread block is served by the SM's L1 when the resident
// blocks' working sets fit in it; otherwise it goes to L2. The figures come
// from the `latency_l1` micro-benchmark rows (chains in a 16 KiB region
// read with __ldca, exact loads in flight), never from a validated kernel:
//  - round trip: per-trip time at the lowest occupancy (unloaded), median
//    over the rows there whose requests touch one line; a request of n
//    lines waits n - 1 tag-stage slots more (32-line chains: ~65 ns
//    against ~35 ns);
//  - tag rate: L1 looks up one 128-byte line per cycle or so, whatever the
//    sectors; a request touching n lines holds the pipe n times. The
//    plateau (rows within 20% of the fastest, median) of the rows whose
//    requests span 4+ lines, in lines per SM per ms;
//  - capacity: gpu.l1_bytes, else the unified L1 / shared memory of the
//    compute capability (Hopper 256 KiB, Ampere GA100 192 KiB, Volta 128
//    KiB: NVIDIA's tuning guides), less the shared memory of the resident
//    blocks.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_L1FIGURES_H
#define SECTORSCOPE_MODEL_L1FIGURES_H

#include "sectorscope/model/BenchData.h"

namespace sectorscope::model {

struct L1Figures {
  double MsPerStep = 0;  ///< L1 hit round trip of a warp; 0: unknown.
  double MsPerLine = 0;  ///< Tag-stage time per line per SM; 0: unknown.
  double BytesPerSm = 0; ///< Unified L1 / shared capacity; 0: unknown.

  bool known() const { return MsPerStep > 0 && BytesPerSm > 0; }
};

/// Unified L1 / shared memory per SM of a GPU: gpu.l1_bytes, else by
/// compute capability; 0 unknown.
double l1BytesPerSm(const GpuInfo &G);

L1Figures deriveL1Figures(const BenchData &D, double LaunchMs, int SmCount);

/// 128-byte lines a warp request of a site touches. Lanes that share
/// sectors sit close together and their sectors fill lines (a misaligned
/// request included); a request with every lane in a sector of its own (32
/// sectors) has its lanes a stride apart, typically a row (column walks):
/// a line per sector.
double linesPerRequest(double SectorsPerRequest);

/// The sectors per request whose calibration class stands for a request of
/// `SectorsPerRequest` sectors in `Lines` lines. The classes are requests in
/// linesPerRequest lines: up to 16 sectors in 4 lines, 32 in 32 (a column
/// walk). A request of a sector per lane in fewer lines (lanes 32 bytes
/// apart: 8 lines) sits between the two, by its lines in log scale.
double classSectorsPerRequest(double SectorsPerRequest, double Lines);

} // namespace sectorscope::model

#endif
