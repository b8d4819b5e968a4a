//===- BandwidthCurve.cpp - A kernel's time over occupancy ----------------===//
//
// time(w) = launch + smax(T_bw, T_lat / w): the smooth maximum and one
// kernel's curve, also through a measured point.
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

double KernelCurve::at(double Warps) const {
  return LaunchMs +
         smoothMax(bwMs(Warps) * BwScale,
                   LatScale * latMsWarps(Warps) / effectiveWarps(Warps), P);
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
    return K;
  }
  // At or below the floor (or no latency term): the traffic estimate is
  // off by a factor; scale both terms by it.
  double S = smoothMax(BwMs, Lw, P);
  K.BwScale = K.LatScale = S > 0 ? E / S : 0;
  return K;
}

} // namespace sectorscope::model
