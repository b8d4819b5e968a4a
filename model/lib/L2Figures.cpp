//===- L2Figures.cpp - L2 hit bandwidth and latency from the suite --------===//
#include "sectorscope/model/L2Figures.h"
#include "sectorscope/model/BandwidthModel.h"

#include <algorithm>

namespace sectorscope::model {

L2Figures deriveL2Figures(const BenchData &D, double LaunchMs,
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
