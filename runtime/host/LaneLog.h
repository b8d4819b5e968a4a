//===- LaneLog.h - Requests and the heat map from the lanes' records ------===//
//
// The sampled block's lanes each write a record per access (abi.h
// ss_lane_record); this groups them back into the requests the warps made
// and does what the device left to the host: the distinct sectors of each
// request, the words its lanes touched, the per-site counters and the heat
// map. A generic site's counters take the lanes that reached global memory
// alone (LaunchData::GenericSites); the heat map keeps every lane.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_LANELOG_H
#define SECTORSCOPE_RT_LANELOG_H

#include "Buffers.h"

namespace sectorscope::rt {

/// Folds the log of the launch buffer `B` (its first `Len` bytes, at least
/// usedBytes(B, Len); Out.Header already read and checked) into Out's site
/// counters, SiteLog, heat map, log summary and Header.log_dropped.
void foldLaneLog(const uint8_t *B, uint64_t Len, LaunchData &Out);

/// Bit i: an access of `Width` bytes at `Addr` covers 4-byte word i of its
/// sector (clipped to the sector, as a request counts it).
uint32_t sectorWordMask(uint64_t Addr, uint32_t Width);

} // namespace sectorscope::rt

#endif
