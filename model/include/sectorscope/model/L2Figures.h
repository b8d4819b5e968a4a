//===- L2Figures.h - L2 bandwidth and latency ----------------- -*- C++ -*-===//
//
// A kernel whose working set stays in L2 (GEMM-like reuse across blocks, an
// allocation smaller than L2) is not limited by DRAM: its hits are served at
// L2 bandwidth and return after an L2 round trip. Both figures come from the
// micro-benchmarks, never from a validated kernel:
//  - bandwidth: the plateau of the `latency` rows that walk an L2 region
//    (the median rate of the rows within 20% of the fastest, requests of 4+
//    sectors); without them the hot_region read row with the largest region
//    that fits in L2 (every block reads one shared region, all hits; L1
//    serves part of it, so it overstates L2), bytes / (time - launch), the
//    launch latency of the bandwidth fit removed as the model adds it back;
//  - request rate: the plateau of the same rows with one sector per
//    request, whose rate is bounded by requests, not bytes (H200: ~70 G
//    requests/s over the GPU, ~2.2 TB/s, where 4+ sectors reach 9 TB/s);
//  - latency: the camped read classes of the bandwidth fit (all warps in one
//    1 KiB window, all hits); the smallest per-trip time among them, since
//    the wide words of that window are limited by its few slices, not by the
//    round trip.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_L2FIGURES_H
#define SECTORSCOPE_MODEL_L2FIGURES_H

#include "sectorscope/model/BenchData.h"

#include <string>
#include <vector>

namespace sectorscope::model {

struct BandwidthClass;

struct L2Figures {
  double MsPerByte = 0;   ///< 1 / L2 hit bandwidth; 0: unknown.
  double MsPerStep = 0;   ///< L2 hit round trip of a warp; 0: unknown.
  double RegionBytes = 0; ///< Region of the row the bandwidth comes from.
  /// Per-SM time of one load request that L1 passes on to L2, whatever its
  /// sectors: 1 / (requests per ns per SM) at the plateau of the one-sector
  /// L2 rows; 0: unknown.
  double MsPerRequest = 0;
  std::string LatencyFrom;   ///< Class the latency comes from.
  std::string BandwidthFrom; ///< Rows the bandwidth comes from.

  bool known() const { return MsPerByte > 0 && MsPerStep > 0; }
  double gbps() const { return MsPerByte > 0 ? 1e-6 / MsPerByte : 0; }
};

/// Derives the figures; either stays 0 when the data lacks its rows. The
/// round trip comes from the `latency` rows that walk an L2 region (loads in
/// flight known), else from the fastest camped read class.
L2Figures deriveL2Figures(const BenchData &D, double LaunchMs, int SmCount,
                          const std::vector<BandwidthClass> &Classes);

/// The round trip of the `Exp` rows (`dram` as given; read, with mlp):
/// per row, (time - launch) over its serial trips per warp, at the lowest
/// occupancy measured (unloaded); the median of those rows. 0 without rows.
/// Rows of more than MaxSectors sectors per request are left out.
double tripAtLowestOccupancy(const BenchData &D, const std::string &Exp,
                             bool Dram, double LaunchMs,
                             double MaxSectors = 1e9);

/// The plateau of a saturation curve from its points' rates: the median
/// of those within 20% of the fastest (0 without points).
/// Median of V (the mean of the middle two for an even count); 0 if empty.
double median(std::vector<double> V);

double saturationPlateau(const std::vector<double> &Rates);

/// Latency of one round trip of a request of which a fraction HitFrac hits
/// in L2 (the rest goes to DRAM, DramStep): the expected value, since a
/// warp's trip waits for its slowest load and a site's loads hit or miss
/// alike (they walk the same object).
double blendedStep(double DramStep, double L2Step, double HitFrac);

} // namespace sectorscope::model

#endif
