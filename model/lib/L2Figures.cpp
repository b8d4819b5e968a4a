//===- L2Figures.cpp - L2 hit bandwidth and latency from the suite --------===//
#include "sectorscope/model/L2Figures.h"
#include "sectorscope/model/BandwidthModel.h"

#include <algorithm>
#include <cmath>

namespace sectorscope::model {

double tripAtLowestOccupancy(const BenchData &D, const std::string &Exp,
                             bool Dram, double LaunchMs, double MaxSectors) {
  std::vector<const BenchRow *> Rows;
  double MinW = 1e30;
  for (const BenchRow *R : D.rowsOf(Exp))
    if (R->Dram == Dram && R->TheOp == Op::Read && R->Mlp && R->BytesMoved &&
        R->Blocks && R->Threads && R->Warps > 0 &&
        R->sectorsPerRequest() <= MaxSectors) {
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
    if (T > 0 && TripsPerWarp > 0)
      Trip.push_back(T / TripsPerWarp);
  }
  if (Trip.empty())
    return 0;
  std::sort(Trip.begin(), Trip.end());
  return Trip[Trip.size() / 2];
}

double median(std::vector<double> V) {
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  size_t H = V.size() / 2;
  return V.size() % 2 ? V[H] : 0.5 * (V[H - 1] + V[H]);
}

double saturationPlateau(const std::vector<double> &Rates) {
  if (Rates.empty())
    return 0;
  double Top = *std::max_element(Rates.begin(), Rates.end());
  std::vector<double> Sat;
  for (double X : Rates)
    if (X >= 0.8 * Top)
      Sat.push_back(X);
  std::sort(Sat.begin(), Sat.end());
  return Sat[Sat.size() / 2];
}

/// L2 hit bandwidth from the same rows: the plateau of the saturation curve.
/// A row's rate is its sector bytes / (time - launch); rows within 20% of
/// the fastest are saturated and their median is the figure. Requests of
/// fewer than 4 sectors are left out: they are limited by the L2's request
/// rate, not its bytes (1-sector chains stop near a quarter of the rate).
static double l2PlateauFromLatencyRows(const BenchData &D, double LaunchMs) {
  std::vector<double> Rate;
  for (const BenchRow *R : D.rowsOf("latency"))
    if (!R->Dram && R->TheOp == Op::Read && R->BytesMoved &&
        *R->BytesMoved > 0 && R->sectorsPerRequest() >= 4 &&
        R->TimeMs > LaunchMs)
      Rate.push_back(*R->BytesMoved / (R->TimeMs - LaunchMs));
  return saturationPlateau(Rate);
}

/// L2 request rate per SM from the one-sector rows that walk the L2
/// region: their bytes level off at a quarter of the 4+-sector plateau
/// (H200: ~70 G requests/s over the GPU, whether 1 or 8 loads are in
/// flight), so what limits them is the requests L2 accepts, not its bytes.
/// Rows within 20% of the fastest are saturated; their median is the rate.
static double l2RequestPlateauFromLatencyRows(const BenchData &D,
                                              double LaunchMs, int SmCount) {
  std::vector<double> Rate;
  for (const BenchRow *R : D.rowsOf("latency"))
    if (!R->Dram && R->TheOp == Op::Read && R->BytesMoved &&
        *R->BytesMoved > 0 && R->sectorsPerRequest() < 2 &&
        R->TimeMs > LaunchMs && SmCount > 0)
      Rate.push_back(*R->BytesMoved / (32 * R->sectorsPerRequest()) / SmCount /
                     (R->TimeMs - LaunchMs));
  return saturationPlateau(Rate);
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
      F.BandwidthFrom = "hot_region";
    }
  }
  // The latency rows' L2 region (4 MiB, one walk per warp) is read by
  // requests that do not repeat within an SM: a plateau there is the L2's.
  // The hot_region rows read one region from every block, which L1 can
  // serve in part (H200: 21 TB/s there against 9 TB/s from the walks).
  if (double Rate = l2PlateauFromLatencyRows(D, LaunchMs)) {
    F.MsPerByte = 1 / Rate;
    F.RegionBytes = 0;
    F.BandwidthFrom = "latency rows (L2 region, saturated)";
  }
  if (double Rate = l2RequestPlateauFromLatencyRows(D, LaunchMs, SmCount))
    F.MsPerRequest = 1 / Rate;
  if (double Trip = tripAtLowestOccupancy(D, "latency", false, LaunchMs)) {
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
