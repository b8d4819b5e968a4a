//===- L2Figures.cpp - L2 hit bandwidth and latency from the suite --------===//
#include "sectorscope/model/L2Figures.h"
#include "sectorscope/model/BandwidthModel.h"

#include <algorithm>
#include <cmath>

namespace sectorscope::model {

/// The L2 round trip from the latency rows that walk an L2-resident region:
/// per row, (time - launch) over its serial trips per warp, at the lowest
/// occupancy measured (unloaded); the median of those rows. 0 without rows.
static double l2TripFromLatencyRows(const BenchData &D, double LaunchMs,
                                    int SmCount) {
  std::vector<const BenchRow *> Rows;
  double MinW = 1e30;
  for (const BenchRow *R : D.rowsOf("latency"))
    if (!R->Dram && R->TheOp == Op::Read && R->Mlp && R->BytesMoved &&
        R->Blocks && R->Threads && R->Warps > 0) {
      Rows.push_back(R);
      MinW = std::min(MinW, R->Warps);
    }
  std::vector<double> Trip;
  for (const BenchRow *R : Rows) {
    if (R->Warps != MinW)
      continue;
    double Warps = *R->Blocks * std::ceil(*R->Threads / 32.0);
    double Requests = *R->BytesMoved / (32 * R->sectorsPerRequest());
    double TripsPerWarp = Requests / *R->Mlp / Warps;
    double T = R->TimeMs - LaunchMs;
    if (T > 0 && TripsPerWarp > 0 && SmCount > 0)
      Trip.push_back(T / TripsPerWarp);
  }
  if (Trip.empty())
    return 0;
  std::sort(Trip.begin(), Trip.end());
  return Trip[Trip.size() / 2];
}

L2Figures deriveL2Figures(const BenchData &D, double LaunchMs, int SmCount,
                          const std::vector<BandwidthClass> &Classes) {
  L2Figures F;
  const BenchRow *Best = nullptr;
  for (const BenchRow *R : D.rowsOf("hot_region")) {
    if (!R->TheOp || *R->TheOp != Op::Read || !R->Camped || !R->RegionBytes ||
        !R->BytesMoved || *R->BytesMoved <= 0)
      continue;
    // A region larger than L2 would stream from DRAM.
    if (D.Gpu.L2Bytes > 0 && *R->RegionBytes > D.Gpu.L2Bytes)
      continue;
    if (!Best || *R->RegionBytes > *Best->RegionBytes)
      Best = R;
  }
  if (Best) {
    // The model adds the launch latency back; a row too short to resolve
    // past it gives no figure.
    double T = Best->TimeMs - LaunchMs;
    if (T > 0.1 * Best->TimeMs) {
      F.MsPerByte = T / *Best->BytesMoved;
      F.RegionBytes = *Best->RegionBytes;
    }
  }
  if (double Trip = l2TripFromLatencyRows(D, LaunchMs, SmCount)) {
    F.MsPerStep = Trip;
    F.LatencyFrom = "latency rows (L2 region)";
    return F;
  }
  for (const BandwidthClass &C : Classes)
    if (C.TheOp == Op::Read && C.Camped && C.MsPerStep > 0 &&
        (F.MsPerStep == 0 || C.MsPerStep < F.MsPerStep)) {
      F.MsPerStep = C.MsPerStep;
      F.LatencyFrom = "read camped " + std::to_string(C.Width) + "B";
    }
  return F;
}

double blendedStep(double DramStep, double L2Step, double HitFrac) {
  double H = std::clamp(HitFrac, 0.0, 1.0);
  return (1 - H) * DramStep + H * L2Step;
}

} // namespace sectorscope::model
