//===- L1Figures.cpp - L1 hit round trip, tag rate and capacity -----------===//
#include "sectorscope/model/L1Figures.h"
#include "sectorscope/model/L2Figures.h"

#include <algorithm>
#include <cmath>

namespace sectorscope::model {

double l1BytesPerSm(const GpuInfo &G) {
  if (G.L1Bytes > 0)
    return G.L1Bytes;
  const std::string &CC = G.ComputeCapability;
  if (CC == "9.0")
    return 256 * 1024;
  if (CC == "8.0")
    return 192 * 1024;
  if (CC == "7.0")
    return 128 * 1024;
  return 0;
}

/// Lines one request of a latency_l1 row spans: its 32 lanes `stride` words
/// apart (stride 0: all lanes on one word).
static double rowLines(const BenchRow &R) {
  double Span = R.Stride * R.WordBytes * 32.0;
  return std::max(1.0, std::ceil(Span / 128));
}

L1Figures deriveL1Figures(const BenchData &D, double LaunchMs, int SmCount) {
  L1Figures F;
  F.BytesPerSm = l1BytesPerSm(D.Gpu);
  // The round trip of a one-line request (1 and 4 sectors per request);
  // a request of n lines holds the tag stage n - 1 lines longer.
  F.MsPerStep = tripAtLowestOccupancy(D, "latency_l1", false, LaunchMs, 4);
  std::vector<double> Rate;
  for (const BenchRow *R : D.rowsOf("latency_l1"))
    if (R->TheOp == Op::Read && R->BytesMoved && *R->BytesMoved > 0 &&
        rowLines(*R) >= 4 && R->TimeMs > LaunchMs && SmCount > 0) {
      double Requests = *R->BytesMoved / (32 * R->sectorsPerRequest());
      Rate.push_back(Requests * rowLines(*R) / SmCount /
                     (R->TimeMs - LaunchMs));
    }
  if (double Plateau = saturationPlateau(Rate))
    F.MsPerLine = 1 / Plateau;
  return F;
}

double linesPerRequest(double SectorsPerRequest) {
  double S = std::max(SectorsPerRequest, 1.0);
  // Every lane in a sector of its own: lanes a stride apart, which for a
  // scattered request is typically a row (column walks), a line each.
  if (S >= 31.5)
    return S;
  // Lanes that share sectors sit close together: their sectors fill lines.
  return std::max(1.0, std::ceil(S / 4 - 1e-9));
}

double classSectorsPerRequest(double SectorsPerRequest, double Lines) {
  if (SectorsPerRequest <= 16 || Lines >= SectorsPerRequest)
    return SectorsPerRequest;
  double F = std::clamp((std::log2(std::max(Lines, 1.0)) - 2) / 3, 0.0, 1.0);
  return std::min(SectorsPerRequest, 16 * std::exp2(F));
}

} // namespace sectorscope::model
