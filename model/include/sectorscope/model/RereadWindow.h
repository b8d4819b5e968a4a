//===- RereadWindow.h - L1 re-reads by occupancy ---------------*- C++ -*-===//
//
// A warp's re-read of a sector it loaded is an L1 hit while the line stays,
// and how long it stays depends on how many warps share the SM's L1. The
// runtime counts re-reads within windows of several sizes (sectors the warp
// loaded since); the window for a launch is the warp's share of half the
// L1, as the runtime's first window (64 sectors) is at 64 warps per SM on
// an H100. Profiles without windows keep their one figure.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_REREADWINDOW_H
#define SECTORSCOPE_MODEL_REREADWINDOW_H

#include "sectorscope/model/Profile.h"

namespace sectorscope::model {

/// Sectors a warp keeps in L1 at `WarpsPerSm` warps per SM: half of the
/// L1 shared among them, in 32-byte sectors.
double rereadWindowSectors(double WarpsPerSm, double L1BytesPerSm);

/// Gives every site the re-reads of the largest recorded window that does
/// not exceed rereadWindowSectors (the smallest when all do); returns it,
/// or 0 when the profile records none (or L1BytesPerSm is unknown).
double useRereadWindow(Profile &P, double WarpsPerSm, double L1BytesPerSm);

} // namespace sectorscope::model

#endif
