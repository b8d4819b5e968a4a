//===- CsvReport.cpp - The heat map as cuThermo-style CSV -----------------===//
//
// One row per sector the sampled block touched, so the heat map can be
// plotted or grepped without a JSON reader.
//
//===----------------------------------------------------------------------===//
#include "Report.h"

namespace sectorscope::rt {

// A sampled block that gathers from tens of MiB has millions of rows: the
// fields are formatted by hand (appendHex), not by snprintf, which was half
// the CSV's time.

/// ",N" for N in 0..32 (warps of a block that touched a sector or word).
static void appendCount(std::string &Out, uint32_t N) {
  Out += ',';
  if (N >= 10)
    Out += char('0' + N / 10);
  Out += char('0' + N % 10);
}

std::string heatCsv(const LaunchReport &R) {
  std::string Out = "address,space,object,sector_warps";
  for (unsigned W = 0; W < SS_WORDS_PER_SECTOR; ++W)
    Out += ",w" + std::to_string(W);
  Out += ",sector_mask";
  for (unsigned W = 0; W < SS_WORDS_PER_SECTOR; ++W)
    Out += ",w" + std::to_string(W) + "_mask";
  Out += ",ops\n";
  // About 150 bytes a row.
  Out.reserve(Out.size() + 150 * R.Data.Heat.size());
  for (size_t I = 0; I < R.Data.Heat.size(); ++I) {
    const HeatSector &S = R.Data.Heat[I];
    appendHex(Out, S.Addr);
    Out += ',';
    Out += spaceName(S.Space);
    Out += ',';
    int O = I < R.HeatObject.size() ? R.HeatObject[I] : -1;
    if (O >= 0)
      Out += std::to_string(O);
    appendCount(Out, __builtin_popcount(S.SectorWarps));
    for (uint32_t W : S.WordWarps)
      appendCount(Out, __builtin_popcount(W));
    Out += ',';
    appendHex(Out, S.SectorWarps, 8);
    for (uint32_t W : S.WordWarps) {
      Out += ',';
      appendHex(Out, W, 8);
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
