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
#include <optional>
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

/// Grid mode zeroes its tables before every launch and copies them back
/// after it, so their size is time per launch: striped copies of every site
/// of the module under the uniform model's 4096 sector buckets made
/// HeCBench lulesh's buffer (15 kernels' sites, 128 stripes) gigabytes and
/// each profiled launch over a second. Stripes (one copy per SM, to spare
/// cross-SM atomics) halve until all copies fit this budget, and the
/// partition tables are not kept when one copy of them alone is larger.
constexpr uint64_t GridTablesBudgetBytes = 256ull << 20;

/// The stripe budget for a kernel's next grid launch, given its last grid
/// launch's kernel time (none yet: GridTablesBudgetBytes). Stripes only
/// save the kernel time that same-address atomics would cost; the host's
/// round trip of the tables costs about a second per 4 GB whatever the
/// kernel. Where the tables would cost more than the kernel (HeCBench
/// hadamard's 16 us kernels, 256 MiB of uniform-model tables: 130 ms a
/// launch), fewer copies are cheaper: the budget is what the host moves
/// in the kernel's own time, at least 1 MiB. The counts are the same
/// whatever the stripes.
uint64_t stripeBudget(std::optional<double> LastGridKernelMs);

struct BufferRequest {
  Mode TheMode = Mode::Heatmap;
  uint32_t SampleBlock[3] = {0, 0, 0};
  uint32_t NumSites = 0;
  uint64_t LogRecords = 1u << 22; // sample log capacity (heat-map mode)
  uint32_t BlockThreads = 1024;   // threads of a block: the log's rows
  DevicePartitions Parts;
  uint32_t BlocksPerWindow = 1;
  uint32_t NumWindows = 1;
  // Grid mode: copies of the site counters (abi.h), so blocks on different
  // SMs do not serialize on the same atomics; the host sums them.
  uint32_t SiteStripes = 1;
  // Grid mode: at most this many bytes of striped tables (stripeBudget);
  // never more than GridTablesBudgetBytes.
  uint64_t StripeBudgetBytes = GridTablesBudgetBytes;
  // Grid mode: shared-memory sites count in one block in this many.
  uint32_t SharedBlockStride = 1;
};

/// Copies of the site counter table in a buffer with header H (at least 1).
uint32_t siteStripes(const ss_launch_header &H);

/// The header with configuration and table offsets filled in; results zero.
/// The sample log is only sized in heatmap mode, partition tables only in
/// grid mode. The log comes last, so that the part of the buffer a launch
/// used is one prefix (usedBytes).
ss_launch_header makeLaunchHeader(const BufferRequest &R);

/// Grid mode without partition tables: the model's partitions times the
/// module's sites need table indices of 2^31 or more (abi.h).
bool partitionTablesDropped(const ss_launch_header &H);

/// log2 of the largest aligned address blocks that map to one partition of
/// `P` (abi.h, part_granule_log2): 5 (a sector) to 63 (one partition).
uint32_t partitionGranuleLog2(const DevicePartitions &P);

/// Sets the header's device addresses of its tables (abi.h dev_*) for a
/// launch buffer at device address `Base`.
void bindLaunchBuffer(ss_launch_header &H, uint64_t Base);

/// The bytes the host uploads before a launch: the header followed by the
/// site counters with their address range primed (addr_min = UINT64_MAX).
/// The rest of the buffer must be zero.
std::vector<uint8_t> initialBufferPrefix(const ss_launch_header &H);

/// The prefix of the buffer holding everything the device wrote, given the
/// first `Len` bytes as read back: those before the log (header, tables and
/// the lanes' record counts, off_log bytes) tell how much of the log is
/// used. With fewer, the bytes to read first.
uint64_t usedBytes(const void *Prefix, uint64_t Len);

/// A heat-map entry: the sector, and per warp the words it touched.
struct HeatSector {
  uint64_t Addr = 0;  // first byte of the sector
  uint32_t Space = 0; // ss_space
  uint32_t SectorWarps = 0;
  uint32_t WordWarps[SS_WORDS_PER_SECTOR] = {};
  uint32_t Ops = 0;
};

/// What the sample log held, besides the heat map.
struct LogSummary {
  uint64_t Requests = 0;    // requests the lane records make up
  uint64_t Records = 0;     // lane records read
  uint64_t WideSectors = 0; // addresses too wide for a record: not in Heat
  uint64_t Malformed = 0;   // records that fit no request (none from a sane
                            // device; a request with lanes dropped counts)
};

/// A load re-reads a sector when its warp loaded the sector within its last
/// W loaded sectors, the distance over which L1 still holds a line: the
/// fields of a structure read one after another, a neighbour's element, a
/// row walked by one lane. How far that is depends on how many warps share
/// the SM's L1, which the kernel's occupancy sets and the model knows: the
/// log counts re-reads for each of these windows (64 sectors, 2 KiB a warp:
/// 64 warps' windows fill half of an H100 SM's L1; 1024: 8 warps'), the
/// first of them also as the site's reread_sectors and reread_requests.
constexpr uint32_t RereadWindows[] = {64, 128, 256, 512, 1024};
constexpr size_t NumRereadWindows = sizeof(RereadWindows) / sizeof(uint32_t);

/// What the sampled block's log tells of a site beyond its counters
/// (heat-map mode; global accesses only).
struct SiteLogStats {
  uint64_t Lines = 0; // distinct 128-byte lines, summed over requests
  // Loads of sectors the same warp had loaded shortly before, per window
  // of RereadWindows: L1 serves them while the line stays.
  uint64_t RereadSectors[NumRereadWindows] = {};
  uint64_t RereadRequests[NumRereadWindows] = {}; // all sectors re-read
};

/// Everything the device wrote, in host structures.
struct LaunchData {
  ss_launch_header Header{};
  // Sites[I] is site FirstSite + I of the table: grid mode's tables cover
  // the launched kernel's sites alone (abi.h). The decoder leaves it 0; the
  // launch that asked for the tables sets it.
  uint32_t FirstSite = 0;
  // threads: active lanes; bytes: from the log's widths in heat-map mode,
  // else 0 (analyzeLaunch makes it threads x width).
  std::vector<ss_site_counters> Sites;
  std::vector<SiteLogStats> SiteLog; // per site, heat-map mode; else empty
  std::vector<HeatSector> Heat;      // sorted by (space, address)
  LogSummary Log;
  std::vector<uint64_t> PartWindow; // [num_windows][part_count]
  std::vector<uint64_t> PartSite;   // [num_sites][part_count]
  // GenericSites[I]: Sites[I] is a generic site, whose counters hold the
  // lanes that reached global memory alone (its shared and local lanes are
  // not memory traffic); empty: no site is.
  std::vector<bool> GenericSites;
};

/// Checks the header against the buffer size and decodes it: Len may stop
/// at usedBytes(header). In heat-map mode the site counters come from the
/// sample log; in grid mode from the counters (threads made whole again).
/// `GenericSites`: LaunchData::GenericSites, which the heat-map fold needs.
bool decodeLaunchBuffer(const void *Buf, uint64_t Len, LaunchData &Out,
                        std::string &Err, std::vector<bool> GenericSites = {});

} // namespace sectorscope::rt

#endif
