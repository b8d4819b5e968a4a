//===- Buffers.h - Launch buffer layout, set-up and decoding --------------===//
//
// The launch buffer is the only channel from the device runtime to the host.
// Layout, initial contents and decoding live here, free of CUDA, so the unit
// tests can play the device's part on an ordinary host buffer and run exactly
// the code the real path runs on the bytes it copies back.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_BUFFERS_H
#define SECTORSCOPE_RT_BUFFERS_H

#include "Config.h"
#include "sectorscope/abi.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sectorscope::rt {

/// How the device buckets global sectors in grid mode. The uniform model has
/// no partitions to count, so it is sent as 4096 buckets of one sector each:
/// traffic of all blocks on the same bytes then piles up in a few buckets,
/// which is the only camping the uniform model can see.
struct DevicePartitions {
  uint32_t Kind = SS_PART_LINEAR;
  uint32_t Count = 1;
  uint32_t GranLog2 = 5;
  std::vector<uint64_t> Masks;
  bool SectorBuckets = false; // the uniform model's stand-in
};
DevicePartitions devicePartitions(const PartitionModel &M);

/// The partition (bucket) of a byte address, as the device computes it.
uint32_t devicePartitionOf(const ss_launch_header &H, uint64_t Addr);

struct BufferRequest {
  Mode TheMode = Mode::Heatmap;
  uint32_t SampleBlock[3] = {0, 0, 0};
  uint32_t NumSites = 0;
  uint32_t HeatCapacity = 1u << 18;
  DevicePartitions Parts;
  uint32_t BlocksPerWindow = 1;
  uint32_t NumWindows = 1;
  // Grid mode: copies of the site counters (abi v3), so blocks on different
  // SMs do not serialize on the same atomics; the host sums them.
  uint32_t SiteStripes = 1;
};

/// Copies of the site counter table in a buffer with header H (at least 1).
uint32_t siteStripes(const ss_launch_header &H);

/// The header with configuration and table offsets filled in; results zero.
/// Heat-map tables are only sized in heatmap mode, partition tables only in
/// grid mode.
ss_launch_header makeLaunchHeader(const BufferRequest &R);

/// The bytes the host uploads before a launch: the header followed by the
/// site counters with their address range primed (addr_min = UINT64_MAX).
/// The rest of the buffer must be zero.
std::vector<uint8_t> initialBufferPrefix(const ss_launch_header &H);

/// A heat-map entry decoded from its key.
struct HeatSector {
  uint64_t Addr = 0;  // first byte of the sector
  uint32_t Space = 0; // ss_space
  uint32_t SectorWarps = 0;
  uint32_t WordWarps[SS_WORDS_PER_SECTOR] = {};
  uint32_t Ops = 0;
};

/// Everything the device wrote, in host structures.
struct LaunchData {
  ss_launch_header Header{};
  std::vector<ss_site_counters> Sites;
  std::vector<HeatSector> Heat;     // sorted by (space, address)
  std::vector<uint64_t> PartWindow; // [num_windows][part_count]
  std::vector<uint64_t> PartSite;   // [num_sites][part_count]
};

/// Checks the header against the buffer size and decodes it.
bool decodeLaunchBuffer(const void *Buf, uint64_t Len, LaunchData &Out,
                        std::string &Err);

} // namespace sectorscope::rt

#endif
