//===- CsvReport.cpp - The heat map as cuThermo-style CSV -----------------===//
//
// One row per sector the sampled block touched, so the heat map can be
// plotted or grepped without a JSON reader.
//
//===----------------------------------------------------------------------===//
#include "Report.h"

#include <cstdio>

namespace sectorscope::rt {

std::string heatCsv(const LaunchReport &R) {
  std::string Out = "address,space,object,sector_warps";
  for (unsigned W = 0; W < SS_WORDS_PER_SECTOR; ++W)
    Out += ",w" + std::to_string(W);
  Out += ",sector_mask";
  for (unsigned W = 0; W < SS_WORDS_PER_SECTOR; ++W)
    Out += ",w" + std::to_string(W) + "_mask";
  Out += ",ops\n";
  char Buf[32];
  for (size_t I = 0; I < R.Data.Heat.size(); ++I) {
    const HeatSector &S = R.Data.Heat[I];
    Out += hexAddr(S.Addr);
    Out += ',';
    Out += spaceName(S.Space);
    Out += ',';
    int O = I < R.HeatObject.size() ? R.HeatObject[I] : -1;
    if (O >= 0)
      Out += std::to_string(O);
    Out += ',' + std::to_string(__builtin_popcount(S.SectorWarps));
    for (uint32_t W : S.WordWarps)
      Out += ',' + std::to_string(__builtin_popcount(W));
    std::snprintf(Buf, sizeof(Buf), ",0x%08x", S.SectorWarps);
    Out += Buf;
    for (uint32_t W : S.WordWarps) {
      std::snprintf(Buf, sizeof(Buf), ",0x%08x", W);
      Out += Buf;
    }
    Out += ',';
    Out += (S.Ops & 1) ? "l" : "";
    Out += (S.Ops & 2) ? "s" : "";
    Out += (S.Ops & 4) ? "a" : "";
    Out += '\n';
  }
  return Out;
}

} // namespace sectorscope::rt
