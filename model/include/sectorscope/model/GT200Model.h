//===- GT200Model.h - The GT200 global-memory model (seed 001) --*- C++ -*-===//
//
// T = l + T_R + T_W per wave of k warps per SM, with read and write times
// linear in words per warp (N) and misaligned accesses (L reads, M writes):
//   T(k) = c0(k) + cR(k)*N_read + cL(k)*L + cW(k)*N_write + cM(k)*M
// The seed found T quadratic in k, so rather than assume a form in k we fit
// one set of coefficients per occupancy the benchmark ran, and interpolate
// linearly between them; outside that range the nearest fit is scaled by
// k / k_nearest (the data per wave grows linearly in k).
//
// A kernel of W warps runs W / (k * sm_count) waves: T_kernel = waves * T(k).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_GT200MODEL_H
#define SECTORSCOPE_MODEL_GT200MODEL_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Traffic.h"

#include <vector>

namespace sectorscope::model {

struct GT200Group {
  double Warps = 0; ///< k: active warps per SM of this fit.
  double Intercept = 0, ReadWord = 0, ReadMisaligned = 0, WriteWord = 0,
         WriteMisaligned = 0; ///< ms per wave, ms per word / misalignment.
  size_t Rows = 0;
  double R2 = 0, Rmse = 0;

  double waveTime(double NR, double L, double NW, double M) const {
    return Intercept + ReadWord * NR + ReadMisaligned * L + WriteWord * NW +
           WriteMisaligned * M;
  }
};

struct GT200Model {
  int SmCount = 0;
  std::vector<GT200Group> Groups; ///< Sorted by Warps.

  static GT200Model fit(const BenchData &D);
  /// Per-wave time (ms) at occupancy Warps.
  double waveTime(double Warps, double NR, double L, double NW,
                  double M) const;
  double kernelTime(const Traffic &T, double Warps,
                    std::vector<std::string> *Notes) const;

  Json toJson() const;
  static GT200Model fromJson(const Json &J, const Ctx &C);
};

/// Waves a benchmark row ran: total warps / (k * sm_count), or 1 when the row
/// gives no grid (then its time is taken as the time of one wave).
double benchWaves(const BenchRow &R, int SmCount);

} // namespace sectorscope::model

#endif
