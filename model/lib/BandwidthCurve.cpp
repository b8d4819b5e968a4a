//===- BandwidthCurve.cpp - A kernel's time over occupancy ----------------===//
//
// time(w) = launch + smax(T_bw, T_lat / w): the smooth maximum and one
// kernel's curve (its grid's last partial wave included), also through a
// measured point.
//
//===----------------------------------------------------------------------===//
#include "sectorscope/model/BandwidthModel.h"

#include <algorithm>
#include <cmath>

namespace sectorscope::model {

double smoothMax(double A, double B, double P) {
  double M = std::max(A, B);
  if (!(M > 0))
    return 0;
  return M * std::pow(std::pow(A / M, P) + std::pow(B / M, P), 1.0 / P);
}

double KernelCurve::effectiveWarps(double W) const {
  // A grid with fewer warps than the occupancy allows fills each SM with
  // what it has; below 1 warp/SM the latency term becomes one warp's chain.
  return std::max(std::min(W, GridWarpsPerSm), 1e-9);
}

double KernelCurve::waves(double W) const {
  if (!(Blocks > 0 && WarpsPerBlock > 0 && Sms > 0))
    return 0;
  double Resident = std::max(1.0, std::floor(W / WarpsPerBlock + 1e-9));
  return Blocks / (Sms * Resident);
}

/// smax(T_bw, T_lat / w) at W, and with LastWave the grid's last partial
/// wave charged a whole wave's latency.
static double memoryTimeOf(const KernelCurve &K, double W, double LatFactor,
                           double BwFactor, bool LastWave) {
  double Bw = K.bwMs(W) * BwFactor;
  double Lat = LatFactor * K.latMsWarps(W) / K.effectiveWarps(W);
  double N = K.waves(W), Full = std::floor(N);
  if (!LastWave || N <= 1 || N == Full)
    return smoothMax(Bw, Lat, K.P);
  // Blocks start in waves of what the SMs hold. The last, partial wave has
  // a share of the bytes but not of the round trips: each of its warps
  // waits its own chain, however few share the SMs, so it takes a whole
  // wave's latency (a 1.5-wave latency-bound grid takes two waves' time).
  double F = Full / N;
  return F * smoothMax(Bw, Lat, K.P) + smoothMax((1 - F) * Bw, Lat / N, K.P);
}

double KernelCurve::memoryTime(double W, double LatFactor,
                               double BwFactor) const {
  return memoryTimeOf(*this, W, LatFactor, BwFactor, /*LastWave=*/true);
}

double KernelCurve::lastWaveMs(double W) const {
  return memoryTimeOf(*this, W, LatScale, BwScale, true) -
         memoryTimeOf(*this, W, LatScale, BwScale, false);
}

double KernelCurve::at(double Warps) const {
  return LaunchMs + memoryTime(Warps, LatScale, BwScale);
}

KernelCurve KernelCurve::throughPoint(double Warps, double MeasuredMs) const {
  KernelCurve K = *this;
  K.BwScale = K.LatScale = 1;
  double E = MeasuredMs - LaunchMs;
  if (!(E > 0)) { // Faster than the launch latency: a flat line.
    K.LaunchMs = MeasuredMs;
    K.BwScale = K.LatScale = 0;
    return K;
  }
  double Lw = latMsWarps(Warps) / effectiveWarps(Warps);
  double BwMs = bwMs(Warps);
  if (E > BwMs && Lw > 0) {
    // Above the bandwidth floor: the latency term carries the difference
    // (the kernel's effective round trips, e.g. an mlp the count missed).
    K.LatScale = std::pow(std::pow(E, P) - std::pow(BwMs, P), 1.0 / P) / Lw;
    double N = waves(Warps);
    if (N > 1 && N != std::floor(N)) {
      // With a last partial wave the time grows with the factor, from the
      // floor (factor 0) up: bisect, from the closed form's factor, which
      // is too large (the whole grid's latency alone).
      double Lo = 0, Hi = K.LatScale;
      for (int I = 0; I < 200 && Hi - Lo > 1e-15 * Hi; ++I) {
        double Mid = (Lo + Hi) / 2;
        (memoryTime(Warps, Mid, 1) < E ? Lo : Hi) = Mid;
      }
      K.LatScale = (Lo + Hi) / 2;
    }
    return K;
  }
  // At or below the floor (or no latency term): the traffic estimate is
  // off by a factor; scale both terms by it.
  double S = memoryTime(Warps, 1, 1);
  K.BwScale = K.LatScale = S > 0 ? E / S : 0;
  return K;
}

} // namespace sectorscope::model
