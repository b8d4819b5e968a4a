//===- Traffic.cpp - A kernel's memory traffic, scaled to the grid --------===//
#include "sectorscope/model/Traffic.h"

#include <algorithm>

namespace sectorscope::model {

double Traffic::totalBytes() const {
  double B = 0;
  for (const TrafficClass &C : Classes)
    B += C.Bytes;
  return B;
}

double Traffic::bytes(Op O) const {
  double B = 0;
  for (const TrafficClass &C : Classes)
    if (C.TheOp == O)
      B += C.Bytes;
  return B;
}

void Traffic::add(Op O, int Width, double Bytes) {
  if (Bytes <= 0)
    return;
  for (TrafficClass &C : Classes)
    if (C.TheOp == O && C.Width == Width) {
      C.Bytes += Bytes;
      return;
    }
  Classes.push_back({O, Width, Bytes});
}

/// Requests of a site that a GT200-style model counts as misaligned: those
/// that touch more sectors than the aligned (ideal) pattern. Capped at one
/// per request, because the GT200 model charges a split transaction once.
static double misalignedRequests(const Site &S) {
  if (S.IdealSectorsPerRequest <= 0 || S.Requests <= 0)
    return 0;
  double Extra = S.SectorsPerRequest - S.IdealSectorsPerRequest;
  return S.Requests * std::clamp(Extra, 0.0, 1.0);
}

Traffic trafficFromProfile(const Profile &P) {
  Traffic T;
  T.Blocks = P.blocks();
  T.WarpsPerBlock = P.warpsPerBlock();
  double Scale = P.blocks() / P.SampledBlocks;
  // Per-warp counts: a block's requests spread over its warps.
  double PerWarp = 1.0 / (P.SampledBlocks * T.WarpsPerBlock);
  for (const Site &S : P.Sites) {
    if (S.TheSpace == Space::Shared || S.TheSpace == Space::Other)
      continue;
    double Bytes = S.Sectors * 32.0 * Scale;
    bool Reads = S.TheOp != SiteOp::Store;
    bool Writes = S.TheOp != SiteOp::Load;
    if (Reads) {
      T.add(Op::Read, S.Width, Bytes);
      T.ReadWordsPerWarp += S.Requests * PerWarp;
      T.ReadMisalignedPerWarp += misalignedRequests(S) * PerWarp;
    }
    if (Writes) {
      T.add(Op::Write, S.Width, Bytes);
      T.WriteWordsPerWarp += S.Requests * PerWarp;
      T.WriteMisalignedPerWarp += misalignedRequests(S) * PerWarp;
    }
  }
  return T;
}

} // namespace sectorscope::model
