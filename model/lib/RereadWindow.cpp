//===- RereadWindow.cpp - L1 re-reads by occupancy -----------------------===//
#include "sectorscope/model/RereadWindow.h"

#include <algorithm>

namespace sectorscope::model {

double rereadWindowSectors(double WarpsPerSm, double L1BytesPerSm) {
  return L1BytesPerSm / 2 / 32 / std::max(WarpsPerSm, 1.0);
}

double useRereadWindow(Profile &P, double WarpsPerSm, double L1BytesPerSm) {
  if (L1BytesPerSm <= 0)
    return 0;
  double Target = rereadWindowSectors(WarpsPerSm, L1BytesPerSm), Used = 0;
  for (Site &S : P.Sites) {
    if (S.RereadWindows.empty())
      continue;
    const Site::Window *Pick = &S.RereadWindows.front();
    for (const Site::Window &W : S.RereadWindows)
      if (W.Sectors <= Target)
        Pick = &W;
    S.RereadSectors = Pick->RereadSectors;
    S.RereadRequests = Pick->RereadRequests;
    Used = Pick->Sectors;
  }
  return Used;
}

} // namespace sectorscope::model
