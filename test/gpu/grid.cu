#include <algorithm>
#include <cstdio>
#include <set>
// Grid mode: every block counts; global sectors per memory partition per time
// window and per site, for the linear and XOR partition models; window
// clamping; bounded tables (site ids past num_sites, a full sample log);
// full warps one stride apart and shared-memory gathers, counted inline (or,
// for shared sites outside loops, out of line in the counting blocks).
#include "leave_apart.cuh"

#include "common/PartitionModel.h"

constexpr int Threads = 256, Blocks = 4096, N = Threads * Blocks;

__global__ void stream(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] + 1.0f;
}

// Lane orders the sector count must not depend on: descending (ordered, the
// fast path), a permutation of 32 distinct sectors and interleaved pairs of
// sectors (unordered: match.any).
constexpr unsigned OrdersLoadA = __LINE__ + 4; // then b and c below it
__global__ void orders(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31, warp = i - lane;
  float a = in[warp + 31 - lane];                      // 4 sectors
  float b = in[(warp * 8 + ((lane * 5) & 31) * 8)];    // 32 sectors
  float c = in[warp * 4 + (lane & 1) * 64 + lane / 2]; // 4 sectors
  out[i] = a + b + c;
}

// Requests 16 bytes past a sector boundary: 5 sectors each, every other one
// across a 256-byte partition granule, so that both the one-granule path
// (the leader's partition for all sectors) and the spread path (each
// sector's own) count; the last warp wraps around to in[0] (unordered).
constexpr int Shift = 4;
__global__ void shifted(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[(i + Shift) % N];
}

// One long-running block: 32 warps, LongIters requests each at one site,
// 4 sectors a request; exact counts and partition counts.
constexpr int LongIters = (1 << 20) + 3;
__global__ void longLoop(const float *in, float *out, int iters) {
  int lane = threadIdx.x & 31;
  float v = 0;
#pragma unroll 1
  for (int k = 0; k < iters; ++k)
    v += in[(k & 255) * 32 + lane];
  out[threadIdx.x] = v;
}

// Loops over one address a warp, which sum their counts in lane 0's
// registers until they exit (LoopTallies.h): `iters` requests of one
// sector, and as many more for lane l as l & `ragged`, so that lanes leave
// one group at a time and the last requests, without lane 0, are counted
// at once.
__global__ void uniformLoop(const float *in, float *out, int iters,
                            int ragged) {
  int lane = threadIdx.x & 31;
  float v = 0;
#pragma unroll 1
  for (int k = 0; k < iters + (lane & ragged); ++k)
    v += in[(k & 255) * 8];
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// Lanes a stride the pass proves apart (AddressKinds.h addressShape): 12
// bytes (a float3's field), and -4 (a reversed copy). Lane 0's address is
// found without a shuffle where the warp is one row's lanes (blockDim.x a
// multiple of 32), with one elsewhere.
__global__ void laneStrides(const float *in, float *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = in[3 * t + 1] + in[n - t];
}

// Many sites in one kernel, each counted on its own.
constexpr int ManySites = 300;
__global__ void manySites(const float *in, float *out) {
  int lane = threadIdx.x & 31;
  float v = 0;
#pragma unroll
  for (int k = 0; k < ManySites; ++k)
    v += in[k * 32 + lane];
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// The short path for runs (abi.h): one address every lane of a warp
// reads (1 sector), and a range of lanes (3-15, as in a loop's tail or a
// tree reduction's last levels) reading 13 floats 20 bytes past a sector
// boundary (3 sectors, 13 lanes), inside one partition granule.
constexpr unsigned TailsLoads[2] = {__LINE__ + 4, __LINE__ + 6};
__global__ void tails(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31, warp = i - lane;
  float v = in[warp / 32];
  if (lane >= 3 && lane < 16)
    v += in[warp + lane + 2];
  out[i] = v;
}

// Requests in one partition granule of the device's measured map (even
// warps: the granule's first 128 bytes) and across two (odd warps: 64 bytes
// on each side of a granule boundary).
constexpr uint64_t MapGranuleFloats = 1024; // 4 KiB
__global__ void granules(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  uint64_t w = i / 32, lane = i & 31;
  uint64_t base = w * MapGranuleFloats - (w & 1) * 16;
  out[i] = in[base + lane];
}

// Full warps whose lanes are one stride apart (`Stride` bytes, negative:
// lane 31 lowest), each warp at its own offset so that alignments and
// granules vary: counted inline from the stride (AccessGrid.cu).
constexpr uint64_t ColumnWarpBytes = 4132;
__global__ void columns(const float *in, float *out, long long Stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  long long lane = threadIdx.x & 31, w = i / 32;
  long long first = w * ColumnWarpBytes + (Stride < 0 ? -31 * Stride : 0);
  out[i] = *reinterpret_cast<const float *>(reinterpret_cast<const char *>(in) +
                                            first + lane * Stride);
}

// Read-modify-writes, each counted once for both its sites
// (__sectorscope_access_grid_pair): a warp's shared bins read from memory
// (a gather to the pass, abi.h ss_shape; 16 sectors a request, as in
// sharedBins), then a global column `Stride` bytes apart laid out as in
// columns, with a shared load between its load and its store.
__device__ int RmwBins[32] = {0, 7, 14, 5, 12, 3, 10, 1, 8, 15, 6,
                              13, 4, 11, 2, 9, 0, 7, 14, 5, 12, 3,
                              10, 1, 8, 15, 6, 13, 4, 11, 2, 9};
constexpr unsigned RmwSharedLine = __LINE__ + 7, RmwGlobalLine = __LINE__ + 13;
__global__ void readModifyWrite(float *g, long long Stride) {
  __shared__ float s[8][128];
  int lane = threadIdx.x & 31, warp = threadIdx.x / 32;
  for (int i = lane; i < 128; i += 32)
    s[warp][i] = 0.f;
  __syncwarp();
  s[warp][RmwBins[lane] * 8 + (lane & 7)] += 1.f;
  __syncwarp();
  long long w = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  long long first = w * ColumnWarpBytes + (Stride < 0 ? -31 * Stride : 0);
  float *p = reinterpret_cast<float *>(reinterpret_cast<char *>(g) + first +
                                       lane * Stride);
  *p += s[warp][lane];
}

// A loop whose address is the same in every lane (a kernel parameter and
// the loop counter: abi.h SS_SHAPE_UNIFORM): one sector a request, 36 bytes
// further each time, from the first `lanes` lanes of each warp.
__global__ void uniformReads(const float *in, float *out, int n, int lanes) {
  if (int(threadIdx.x & 31) >= lanes)
    return;
  float sum = 0.f;
  for (int k = 0; k < n; ++k)
    sum += in[k * 9];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

// A 2-D block's row element (abi.h SS_SHAPE_ROW_UNIFORM): one address in
// the lanes of a row, so one sector a request where a warp is one row
// (blockDim.x 32) and two where it holds two rows 4 KiB apart (16).
__global__ void rowReads(const float *in, float *out, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  float sum = 0.f;
  for (int k = 0; k < n; ++k)
    sum += in[row * 1024 + k];
  out[row * blockDim.x + threadIdx.x] = sum;
}

// A shared-memory histogram's access: lanes write 16 bins in no lane order
// (16 sectors a request, lanes l and l + 16 on one word), then read a column
// 32 bytes apart (32 sectors).
__global__ void sharedBins(float *out) {
  __shared__ float s[16 * 8 * 4];
  int lane = threadIdx.x & 31;
  int bin = (lane * 7) & 15;
  s[bin * 8 + (lane & 7)] = float(lane);
  __syncwarp();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[lane * 8];
}

// Shared gathers' sectors are their distinct keys, however the keys spread:
// lane l < lanes of every warp adds to word SharedKeyWords[c][l]
// (sharedKeyWord), a load and a store counted as one request.
constexpr int SharedKeyCases = 8;
__device__ int SharedKeyWords[SharedKeyCases][32];
constexpr unsigned SharedKeysLine = __LINE__ + 6;
__global__ void sharedKeys(float *out, int c, int lanes) {
  __shared__ __align__(128) float s[4096];
  int lane = threadIdx.x & 31;
  s[lane] = 0.f;
  if (lane < lanes)
    s[SharedKeyWords[c][lane]] += float(lane);
  __syncwarp();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[lane];
}

/// Lane l's word in sharedKeys' case c; a word's sector key is word / 8.
static int sharedKeyWord(int c, int l) {
  switch (c) {
  case 0: // a private column's 16 bins: 28 keys
    return (((l * 11) >> 2) & 15) * 256 + l;
  case 1: // 32 of 64 neighbouring keys
    return ((l * 37) & 63) * 8;
  case 2: // every lane on one word
    return 5;
  case 3: // lane pairs on one word, 16 keys
    return (l / 2) * 8;
  case 4: // 32 keys up to 255
    return (l * 263) & 2047;
  case 5: // keys 31 to 62, across a power of two
    return (31 + l) * 8 + (l & 7);
  case 6: // 8 keys far apart (bits 0, 4 and 8)
    return ((l & 1) | (l & 2) << 3 | (l & 4) << 6) * 8;
  default: // two keys far apart
    return (l & 1) * 2040;
  }
}

// A private array indexed by data stays in local memory: lanes read four
// different elements (idx), each lane's word interleaved with the others'
// (16 sectors a request), counted inline as shared gathers in loops are.
__global__ void localGather(const int *idx, float *out) {
  float a[32];
  for (int k = 0; k < 32; ++k)
    a[k] = float(k + threadIdx.x);
  int lane = threadIdx.x & 31;
  out[blockIdx.x * blockDim.x + threadIdx.x] = a[idx[lane] & 31];
}

/// Device 0's measured partition map, chosen as the runtime chooses it
/// (name, memory size, SM count); `dev` and `err` say which device, or why
/// there is none.
static std::optional<sectorscope::PartitionModel>
runningDeviceMap(sectorscope::DeviceKey &dev, std::string &err) {
  cudaDeviceProp prop;
  SS_CUDA(cudaGetDeviceProperties(&prop, 0));
  dev = {prop.name, uint64_t(prop.totalGlobalMem), prop.multiProcessorCount};
  return sectorscope::PartitionModel::forRunningDevice("default", dev, err);
}

/// Grid mode with `map`'s partitions, one time window.
static void useMap(ss::Config &c, const sectorscope::PartitionModel &map) {
  sectorscope::rt::DevicePartitions dp = sectorscope::rt::devicePartitions(map);
  c.part_kind = dp.Kind;
  c.part_count = dp.Count;
  c.part_masks = dp.Masks;
  c.part_gran_log2 = 0;
  c.num_windows = 1;
}

/// The sectors, and each partition's, that `warps` warps of columns (or
/// readModifyWrite) touch at `base` with lanes `stride` bytes apart.
static uint64_t columnSectors(const sectorscope::PartitionModel &map,
                              uint64_t base, long long warps, long long stride,
                              std::vector<uint64_t> &want) {
  want.assign(map.count(), 0);
  uint64_t sectors = 0;
  for (long long w = 0; w < warps; ++w) {
    std::vector<uint64_t> seen;
    for (long long l = 0; l < 32; ++l) {
      uint64_t a = base + w * ColumnWarpBytes +
                   (stride < 0 ? -31 * stride : 0) + l * stride;
      if (std::find(seen.begin(), seen.end(), a >> 5) == seen.end()) {
        seen.push_back(a >> 5);
        ++want[map.partitionOf(a)];
      }
    }
    sectors += seen.size();
  }
  return sectors;
}

int main() {
  float *in, *out;
  SS_CUDA(cudaMalloc(&in, N * 4));
  SS_CUDA(cudaMalloc(&out, N * 4));
  SS_CUDA(cudaMemset(in, 0, N * 4));
  if (ss::registration_missing()) {
    printf("FAIL: instrumented build, but no module was registered\n");
    return 1;
  }
  if (!ss::active()) {
    stream<<<Blocks, Threads>>>(in, out);
    SS_CUDA(cudaDeviceSynchronize());
    printf("grid: plain build, kernels ran, nothing checked\n");
    return 0;
  }
  ss::Config &c = ss::cfg();
  c.mode = SS_MODE_GRID;
  c.part_kind = SS_PART_LINEAR;
  c.part_count = 8;
  c.part_gran_log2 = 8; // 256-byte partitions, GT200-like
  c.blocks_per_window = 1024;
  c.num_windows = 4;
  c.site_stripes = 128;
  stream<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  int ld = ss::find_site("stream", "load"),
      st = ss::find_site("stream", "store");
  ss_site_counters l = ss::counters(ld);
  SS_CHECK(ss::header().sampled_blocks == Blocks, "blocks %llu",
           (unsigned long long)ss::header().sampled_blocks);
  SS_CHECK(l.requests == N / 32 && l.sectors == N / 8, "load %llu/%llu",
           (unsigned long long)l.sectors, (unsigned long long)l.requests);
  int wrong = 0;
  for (uint32_t p = 0; p < 8; ++p) {
    // cudaMalloc aligns to 256 bytes or more: each partition gets 1/8.
    if (ss::part_site(ld, p) != N / 8 / 8 || ss::part_site(st, p) != N / 8 / 8)
      ++wrong;
    for (uint32_t w = 0; w < 4; ++w)
      if (ss::part_window(w, p) != 2ull * 1024 * Threads / 8 / 8)
        ++wrong;
  }
  printf("linear: site %d partition 0: %llu sectors, window 0: %llu\n", ld,
         (unsigned long long)ss::part_site(ld, 0),
         (unsigned long long)ss::part_window(0, 0));
  SS_CHECK(wrong == 0, "%d linear partition counts wrong", wrong);

  // XOR model: partition bit i = parity(addr & mask_i); two masks, four
  // partitions, each a quarter of a stream.
  c.part_kind = SS_PART_XOR;
  c.part_count = 4;
  c.part_masks = {0x100 | 0x1000, 0x200 | 0x4000};
  c.num_windows = 2; // blocks 1024.. all land in the last window
  stream<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  wrong = 0;
  for (uint32_t p = 0; p < 4; ++p) {
    if (ss::part_site(ld, p) != N / 8 / 4)
      ++wrong;
    if (ss::part_window(0, p) != 2ull * 1024 * Threads / 8 / 4 ||
        ss::part_window(1, p) != 2ull * 3072 * Threads / 8 / 4)
      ++wrong;
  }
  SS_CHECK(wrong == 0, "%d xor partition counts wrong", wrong);

  // Uniform: one partition gets everything.
  c.part_kind = SS_PART_UNIFORM;
  c.part_count = 1;
  c.num_windows = 1;
  stream<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  SS_CHECK(ss::part_window(0, 0) == 2ull * N / 8, "uniform window");

  // Site ids past num_sites are counted, never written.
  c.num_sites = 0;
  stream<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  SS_CHECK(ss::header().site_overflow == 2ull * N / 32, "site_overflow %llu",
           (unsigned long long)ss::header().site_overflow);
  c.num_sites = -1;

  // A sample log of one record per lane for 8 warps: every lane logs its
  // load and drops its store (256 records), writing nothing past the log.
  c.mode = SS_MODE_HEATMAP;
  c.log_records = Threads;
  stream<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  for (int Site = 0; Site < 2; ++Site)
    std::printf("log-overflow case: site %d requests %llu sectors %llu\n", Site,
                (unsigned long long)ss::counters(Site).requests,
                (unsigned long long)ss::counters(Site).sectors);
  const int Warps = Threads / 32;
  SS_CHECK(ss::header().log_lane_records == 1 &&
               ss::header().log_warps == unsigned(Warps) &&
               ss::header().log_dropped == unsigned(Threads) &&
               ss::data().Log.Requests == unsigned(Warps) &&
               ss::data().Log.Records == unsigned(Threads) &&
               ss::data().Log.Malformed == 0,
           "log lane records %u warps %u dropped %llu requests %llu records "
           "%llu",
           ss::header().log_lane_records, ss::header().log_warps,
           (unsigned long long)ss::header().log_dropped,
           (unsigned long long)ss::data().Log.Requests,
           (unsigned long long)ss::data().Log.Records);
  SS_CHECK(ss::counters(ld).requests == unsigned(Warps) &&
               ss::counters(ld).sectors == 4u * Warps &&
               ss::counters(st).requests == 0,
           "logged load");
  c.log_records = 1 << 22;
  c.mode = SS_MODE_GRID;

  // Sector counts whatever the lanes' order, with partition counts that
  // add up to them, through the voted (4 partitions) and the match.any
  // (8 partitions) paths.
  for (uint32_t parts : {4u, 8u}) {
    c.part_kind = SS_PART_LINEAR;
    c.part_count = parts;
    c.part_gran_log2 = 8;
    c.num_windows = 1;
    orders<<<Blocks / 16, Threads>>>(in, out);
    SS_CUDA(cudaDeviceSynchronize());
    const unsigned want[3] = {4, 32, 4};
    const uint64_t reqs = uint64_t(Blocks / 16) * Threads / 32;
    for (unsigned k = 0; k < 3; ++k) {
      int s = ss::find_site("orders", "load", OrdersLoadA + k);
      ss_site_counters o = ss::counters(s);
      uint64_t parted = ss::part_site_total(s);
      printf("orders load %u (%u partitions): %llu requests, %.2f "
             "sectors/request, %llu in partitions\n",
             k, parts, (unsigned long long)o.requests,
             o.requests ? double(o.sectors) / o.requests : 0.0,
             (unsigned long long)parted);
      SS_CHECK(o.requests == reqs && o.sectors == want[k] * reqs &&
                   parted == o.sectors,
               "orders load %u: %llu requests %llu sectors %llu partitioned", k,
               (unsigned long long)o.requests, (unsigned long long)o.sectors,
               (unsigned long long)parted);
    }
  }

  // Partition counts of requests in one granule and across two, exactly.
  for (uint32_t parts : {2u, 8u}) {
    c.part_kind = SS_PART_LINEAR;
    c.part_count = parts;
    c.part_gran_log2 = 8;
    c.num_windows = 1;
    shifted<<<Blocks, Threads>>>(in, out);
    SS_CUDA(cudaDeviceSynchronize());
    std::vector<uint64_t> want(parts, 0);
    uint64_t sectors = 0;
    for (uint64_t w = 0; w < uint64_t(N) / 32; ++w) {
      std::vector<uint64_t> seen;
      for (uint64_t l = 0; l < 32; ++l) {
        uint64_t a = uint64_t(in) + 4 * ((32 * w + l + Shift) % N);
        bool found = false;
        for (uint64_t sec : seen)
          found |= sec == a >> 5;
        if (!found)
          seen.push_back(a >> 5);
      }
      for (uint64_t sec : seen)
        ++want[(sec >> 3) % parts];
      sectors += seen.size();
    }
    int s = ss::find_site("shifted", "load");
    ss_site_counters o = ss::counters(s);
    int wrong = 0;
    for (uint32_t p = 0; p < parts; ++p)
      wrong +=
          ss::part_site(s, p) != want[p] || ss::part_window(0, p) < want[p];
    printf("shifted (%u partitions): %llu requests, %llu sectors (want %llu), "
           "partition 0 %llu (want %llu)\n",
           parts, (unsigned long long)o.requests, (unsigned long long)o.sectors,
           (unsigned long long)sectors, (unsigned long long)ss::part_site(s, 0),
           (unsigned long long)want[0]);
    SS_CHECK(
        o.requests == uint64_t(N) / 32 && o.sectors == sectors && wrong == 0,
        "shifted (%u partitions): %d partition counts wrong", parts, wrong);
  }

  // The running device's measured partition map, chosen as the runtime
  // chooses it (name, memory size, SM count): partition counts of requests
  // inside one granule and across two, exactly. A device without a measured
  // map fails here rather than passing on another device's hash.
  {
    sectorscope::DeviceKey dev;
    std::string err;
    auto map = runningDeviceMap(dev, err);
    bool measured = map &&
                    map->kind() == sectorscope::PartitionModel::Kind::Xor &&
                    map->granularity() == MapGranuleFloats * 4;
    printf("device map for %s: %s%s\n", dev.describe().c_str(),
           map ? map->name().c_str() : err.c_str(),
           map && !map->note().empty() ? (" -- " + map->note()).c_str() : "");
    SS_CHECK(measured, "no measured %llu-byte-granule partition map for %s",
             (unsigned long long)(MapGranuleFloats * 4),
             dev.describe().c_str());
    if (measured) {
      useMap(c, *map);
      const int warps = 1024;
      granules<<<warps / 8, 256>>>(in, out);
      SS_CUDA(cudaDeviceSynchronize());
      std::vector<uint64_t> want(map->count(), 0);
      uint64_t across = 0;
      for (uint64_t w = 0; w < warps; ++w) {
        uint64_t first =
            uint64_t(in) + 4 * (w * MapGranuleFloats - (w & 1) * 16);
        for (uint64_t s = 0; s < 4; ++s)
          ++want[map->partitionOf(first + 32 * s)];
        across += map->partitionOf(first) != map->partitionOf(first + 96);
      }
      int s = ss::find_site("granules", "load");
      int wrong = 0;
      for (uint32_t p = 0; p < map->count(); ++p)
        wrong += ss::part_site(s, p) != want[p];
      printf("granules (%s map): partition 0 %llu (want %llu), partition 1 "
             "%llu (want %llu); %llu of %d requests span two partitions\n",
             map->name().c_str(), (unsigned long long)ss::part_site(s, 0),
             (unsigned long long)want[0],
             (unsigned long long)ss::part_site(s, 1),
             (unsigned long long)want[1], (unsigned long long)across, warps);
      // Both paths must be exercised: some requests across two partitions.
      SS_CHECK(wrong == 0 && across > 0 &&
                   ss::counters(s).sectors == 4u * warps,
               "granules: %d partition counts wrong, %llu requests across",
               wrong, (unsigned long long)across);
    }
  }

  // Strided full warps under the same map: partition counts per sector,
  // exactly, for strides within a sector's reach and beyond it.
  {
    sectorscope::DeviceKey dev;
    std::string err;
    if (auto map = runningDeviceMap(dev, err)) {
      useMap(c, *map);
      const int warps = 512;
      int s = ss::find_site("columns", "load");
      for (long long stride : {4ll, 8ll, -4ll, 32ll, 1024ll, -1024ll, 4100ll}) {
        columns<<<warps / 8, 256>>>(in, out, stride);
        SS_CUDA(cudaDeviceSynchronize());
        std::vector<uint64_t> want;
        uint64_t sectors = columnSectors(*map, uint64_t(in), warps, stride, want);
        ss_site_counters o = ss::counters(s);
        int wrong = 0;
        for (uint32_t p = 0; p < map->count(); ++p)
          // The window's row also holds the kernel's store.
          wrong +=
              ss::part_site(s, p) != want[p] || ss::part_window(0, p) < want[p];
        printf("columns stride %lld: %llu requests, %llu sectors (want "
               "%llu), partition 0 %llu (want %llu)\n",
               stride, (unsigned long long)o.requests,
               (unsigned long long)o.sectors, (unsigned long long)sectors,
               (unsigned long long)ss::part_site(s, 0),
               (unsigned long long)want[0]);
        SS_CHECK(
            o.requests == uint64_t(warps) && o.sectors == sectors && wrong == 0,
            "columns stride %lld: %d partition counts wrong", stride, wrong);
      }
    }
  }

  // Uniform addresses under the same map: a sector and a partition a
  // request, from the address alone, by full warps and by warps missing
  // lanes (counted inline too).
  for (int lanes : {32, 20}) {
    sectorscope::DeviceKey dev;
    std::string err;
    if (auto map = runningDeviceMap(dev, err)) {
      useMap(c, *map);
      const int warps = 256, n = 1000;
      uniformReads<<<warps / 8, 256>>>(in, out, n, lanes);
      SS_CUDA(cudaDeviceSynchronize());
      std::vector<uint64_t> want(map->count(), 0);
      for (int k = 0; k < n; ++k)
        want[map->partitionOf(uint64_t(in) + 36 * k)] += warps;
      std::vector<uint64_t> got(map->count(), 0);
      std::vector<int> loads = ss::sites_of("uniformReads", "load");
      ss_site_counters u = ss::totals(loads);
      for (int id : loads)
        for (uint32_t p = 0; p < map->count(); ++p)
          got[p] += ss::part_site(id, p);
      int wrong = 0;
      for (uint32_t p = 0; p < map->count(); ++p)
        wrong += got[p] != want[p];
      printf("uniformReads (%d lanes): %llu requests, %llu sectors (want "
             "%llu), %llu lanes, partition 0 %llu (want %llu)\n",
             lanes, (unsigned long long)u.requests,
             (unsigned long long)u.sectors, (unsigned long long)warps * n,
             (unsigned long long)u.threads, (unsigned long long)got[0],
             (unsigned long long)want[0]);
      SS_CHECK(u.requests == uint64_t(warps) * n &&
                   u.sectors == uint64_t(warps) * n &&
                   u.threads == uint64_t(warps) * n * lanes && wrong == 0,
               "uniformReads (%d lanes): %d partition counts wrong", lanes,
               wrong);
    }
  }

  // Row elements: counted from the address alone where a warp is a row,
  // by the lanes otherwise; the same requests and sectors either way.
  for (int width : {32, 16}) {
    const int n = 512, warps = 32;
    rowReads<<<dim3(1, 4), dim3(width, 256 / width)>>>(in, out, n);
    SS_CUDA(cudaDeviceSynchronize());
    ss_site_counters r = ss::totals(ss::sites_of("rowReads", "load"));
    uint64_t rowsPerWarp = 32 / width;
    printf("rowReads (blockDim.x %d): %llu requests, %llu sectors (want "
           "%llu, %llu)\n",
           width, (unsigned long long)r.requests,
           (unsigned long long)r.sectors, (unsigned long long)warps * n,
           (unsigned long long)(warps * n * rowsPerWarp));
    SS_CHECK(r.requests == uint64_t(warps) * n &&
                 r.sectors == uint64_t(warps) * n * rowsPerWarp,
             "rowReads (blockDim.x %d)", width);
  }

  // Read-modify-writes: the load's site and the store's count the same
  // sectors and partitions, and the window's row holds both.
  {
    sectorscope::DeviceKey dev;
    std::string err;
    if (auto map = runningDeviceMap(dev, err)) {
      useMap(c, *map);
      const int warps = 512;
      float *g;
      const size_t bytes = warps * ColumnWarpBytes + 32 * 4100;
      SS_CUDA(cudaMalloc(&g, bytes));
      SS_CUDA(cudaMemset(g, 0, bytes));
      int ld = ss::find_site("readModifyWrite", "load", RmwGlobalLine,
                             "global"),
          st = ss::find_site("readModifyWrite", "store", RmwGlobalLine,
                             "global");
      // The window's row also holds the bins' load: 32 words a warp.
      void *bins;
      SS_CUDA(cudaGetSymbolAddress(&bins, RmwBins));
      std::vector<uint64_t> binParts(map->count(), 0);
      for (uint64_t a = uint64_t(bins) >> 5; a <= (uint64_t(bins) + 127) >> 5;
           ++a)
        binParts[map->partitionOf(std::max(a << 5, uint64_t(bins)))] += warps;
      for (long long stride : {4ll, -4ll, 1024ll, 4100ll}) {
        readModifyWrite<<<warps / 8, 256>>>(g, stride);
        SS_CUDA(cudaDeviceSynchronize());
        std::vector<uint64_t> want;
        uint64_t sectors = columnSectors(*map, uint64_t(g), warps, stride, want);
        int wrong = 0;
        for (uint32_t p = 0; p < map->count(); ++p)
          wrong += ss::part_site(ld, p) != want[p] ||
                   ss::part_site(st, p) != want[p] ||
                   ss::part_window(0, p) != 2 * want[p] + binParts[p];
        ss_site_counters l = ss::counters(ld), t = ss::counters(st);
        printf("readModifyWrite stride %lld: load %llu/%llu, store %llu/%llu "
               "requests/sectors (want %d/%llu)\n",
               stride, (unsigned long long)l.requests,
               (unsigned long long)l.sectors, (unsigned long long)t.requests,
               (unsigned long long)t.sectors, warps,
               (unsigned long long)sectors);
        SS_CHECK(l.requests == uint64_t(warps) && l.sectors == sectors &&
                     t.requests == uint64_t(warps) && t.sectors == sectors &&
                     wrong == 0,
                 "readModifyWrite stride %lld: %d partition counts wrong",
                 stride, wrong);
      }
      ss_site_counters sl = ss::counters(ss::find_site(
                           "readModifyWrite", "load", RmwSharedLine, "shared")),
                       sst = ss::counters(ss::find_site(
                           "readModifyWrite", "store", RmwSharedLine, "shared"));
      printf("readModifyWrite shared bins: load %llu/%llu, store %llu/%llu\n",
             (unsigned long long)sl.requests, (unsigned long long)sl.sectors,
             (unsigned long long)sst.requests, (unsigned long long)sst.sectors);
      SS_CHECK(sl.requests == uint64_t(warps) && sl.sectors == 16u * warps &&
                   sst.requests == uint64_t(warps) &&
                   sst.sectors == 16u * warps,
               "readModifyWrite shared bins: load %llu/%llu store %llu/%llu",
               (unsigned long long)sl.requests, (unsigned long long)sl.sectors,
               (unsigned long long)sst.requests,
               (unsigned long long)sst.sectors);
      SS_CUDA(cudaFree(g));
    }
  }

  // The lane orders again under the same map (load a one stride, b and c
  // gathers): partition counts per sector, exactly.
  {
    sectorscope::DeviceKey dev;
    std::string err;
    if (auto map = runningDeviceMap(dev, err)) {
      useMap(c, *map);
      const int blocks = Blocks / 16;
      orders<<<blocks, Threads>>>(in, out);
      SS_CUDA(cudaDeviceSynchronize());
      const uint64_t warps = uint64_t(blocks) * Threads / 32;
      for (unsigned k = 0; k < 3; ++k) {
        std::vector<uint64_t> want(map->count(), 0);
        uint64_t sectors = 0;
        for (uint64_t w = 0; w < warps; ++w) {
          std::vector<uint64_t> seen;
          for (uint64_t l = 0; l < 32; ++l) {
            uint64_t warp = 32 * w;
            uint64_t idx = k == 0   ? warp + 31 - l
                           : k == 1 ? warp * 8 + ((l * 5) & 31) * 8
                                    : warp * 4 + (l & 1) * 64 + l / 2;
            uint64_t a = uint64_t(in) + 4 * idx;
            if (std::find(seen.begin(), seen.end(), a >> 5) == seen.end()) {
              seen.push_back(a >> 5);
              ++want[map->partitionOf(a)];
            }
          }
          sectors += seen.size();
        }
        int s = ss::find_site("orders", "load", OrdersLoadA + k);
        ss_site_counters o = ss::counters(s);
        int wrong = 0;
        for (uint32_t p = 0; p < map->count(); ++p)
          wrong += ss::part_site(s, p) != want[p];
        printf("orders load %u (%s map): %llu requests, %llu sectors (want "
               "%llu), partition 0 %llu (want %llu)\n",
               k, map->name().c_str(), (unsigned long long)o.requests,
               (unsigned long long)o.sectors, (unsigned long long)sectors,
               (unsigned long long)ss::part_site(s, 0),
               (unsigned long long)want[0]);
        SS_CHECK(o.requests == warps && o.sectors == sectors && wrong == 0,
                 "orders load %u (device map): %d partition counts wrong", k,
                 wrong);
      }
    }
  }

  // Shared memory: a gather's distinct sectors and a strided column's.
  {
    const int blocks = 64;
    sharedBins<<<blocks, 256>>>(out);
    SS_CUDA(cudaDeviceSynchronize());
    const uint64_t reqs = uint64_t(blocks) * 256 / 32;
    ss_site_counters st = ss::counters(
                         ss::find_site("sharedBins", "store", 0, "shared")),
                     ld = ss::counters(
                         ss::find_site("sharedBins", "load", 0, "shared"));
    printf("sharedBins: store %llu requests %llu sectors, load %llu requests "
           "%llu sectors\n",
           (unsigned long long)st.requests, (unsigned long long)st.sectors,
           (unsigned long long)ld.requests, (unsigned long long)ld.sectors);
    SS_CHECK(st.requests == reqs && st.sectors == 16 * reqs &&
                 ld.requests == reqs && ld.sectors == 32 * reqs,
             "sharedBins: store %llu/%llu load %llu/%llu",
             (unsigned long long)st.requests, (unsigned long long)st.sectors,
             (unsigned long long)ld.requests, (unsigned long long)ld.sectors);
  }

  // Shared memory in one block in a stride (abi.h shared_block_stride):
  // blocks 0, N, 2N, ... count the shared sites; the global store counts in
  // every block.
  for (uint32_t stride : {16u, 5u}) {
    const int blocks = 64;
    ss::cfg().shared_block_stride = stride;
    sharedBins<<<blocks, 256>>>(out);
    SS_CUDA(cudaDeviceSynchronize());
    ss::cfg().shared_block_stride = 1;
    const uint64_t counting = (blocks + stride - 1) / stride;
    ss_site_counters st = ss::counters(
                         ss::find_site("sharedBins", "store", 0, "shared")),
                     ld = ss::counters(
                         ss::find_site("sharedBins", "load", 0, "shared")),
                     gl = ss::counters(
                         ss::find_site("sharedBins", "store", 0, "global"));
    printf("sharedBins, shared in 1 block in %u: shared store %llu requests, "
           "load %llu, global store %llu (want %llu, %llu, %d)\n",
           stride, (unsigned long long)st.requests,
           (unsigned long long)ld.requests, (unsigned long long)gl.requests,
           (unsigned long long)(counting * 8), (unsigned long long)(counting * 8),
           blocks * 8);
    SS_CHECK(st.requests == counting * 8 && st.sectors == 16 * counting * 8 &&
                 ld.requests == counting * 8 &&
                 gl.requests == uint64_t(blocks) * 8,
             "sharedBins in 1 block in %u", stride);
  }

  // Shared gathers of every kind of key spread, by full warps and by warps
  // missing lanes.
  for (int k = 0; k < SharedKeyCases; ++k) {
    int words[32];
    for (int l = 0; l < 32; ++l)
      words[l] = sharedKeyWord(k, l);
    SS_CUDA(cudaMemcpyToSymbol(SharedKeyWords, words, sizeof words,
                               k * sizeof words));
    for (int lanes : {32, 20, 1}) {
      std::vector<int> keys;
      for (int l = 0; l < lanes; ++l)
        if (std::find(keys.begin(), keys.end(), words[l] / 8) == keys.end())
          keys.push_back(words[l] / 8);
      const int blocks = 8;
      sharedKeys<<<blocks, 256>>>(out, k, lanes);
      SS_CUDA(cudaDeviceSynchronize());
      const uint64_t reqs = uint64_t(blocks) * 256 / 32;
      for (const char *op : {"load", "store"}) {
        ss_site_counters st = ss::counters(
            ss::find_site("sharedKeys", op, SharedKeysLine, "shared"));
        printf("sharedKeys case %d (%d lanes) %s: %llu requests %llu sectors "
               "%llu lanes (want %llu, %llu, %llu)\n",
               k, lanes, op, (unsigned long long)st.requests,
               (unsigned long long)st.sectors, (unsigned long long)st.threads,
               (unsigned long long)reqs,
               (unsigned long long)(keys.size() * reqs),
               (unsigned long long)(lanes * reqs));
        SS_CHECK(st.requests == reqs && st.sectors == keys.size() * reqs &&
                     st.threads == lanes * reqs,
                 "sharedKeys case %d (%d lanes) %s", k, lanes, op);
      }
    }
  }

  // Local memory: lane l reads element (7 l) & 3, at offset 4 x element x
  // 32 + 4 l: sector element x 4 + l / 8, 16 distinct a request.
  {
    int *idx;
    std::vector<int> h(32);
    for (int l = 0; l < 32; ++l)
      h[l] = (l * 7) & 3;
    SS_CUDA(cudaMalloc(&idx, 32 * sizeof(int)));
    SS_CUDA(
        cudaMemcpy(idx, h.data(), 32 * sizeof(int), cudaMemcpyHostToDevice));
    const int blocks = 16;
    localGather<<<blocks, 256>>>(idx, out);
    SS_CUDA(cudaDeviceSynchronize());
    const uint64_t reqs = uint64_t(blocks) * 256 / 32;
    ss_site_counters l =
        ss::totals(ss::sites_of("localGather", "load", "local"));
    uint64_t req = l.requests, sec = l.sectors;
    printf("localGather: %llu requests %llu sectors\n", (unsigned long long)req,
           (unsigned long long)sec);
    SS_CHECK(req == reqs && sec == 16 * reqs, "localGather: %llu/%llu",
             (unsigned long long)req, (unsigned long long)sec);
    SS_CUDA(cudaFree(idx));
  }

  // The address range comes from one warp in eight, rotated by block
  // (abi.h SS_STATE_RANGE): warp 0 of block 0 reads the first byte, warp 1
  // of the last block is the last sampled.
  stream<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  ss_site_counters r = ss::counters(ld);
  uint64_t base = uint64_t(in);
  uint64_t last = base + (uint64_t(Blocks - 1) * Threads + 63) * 4 + 3;
  SS_CHECK(r.addr_min == base && r.addr_max == last,
           "range %llx..%llx, want %llx..%llx", (unsigned long long)r.addr_min,
           (unsigned long long)r.addr_max, (unsigned long long)base,
           (unsigned long long)last);

  // A long loop in one block, with the voted partition counts; the window
  // has the store's 128 sectors too.
  c.part_kind = SS_PART_LINEAR;
  c.part_count = 2;
  c.num_windows = 1;
  longLoop<<<1, 1024>>>(in, out + N / 2, LongIters);
  SS_CUDA(cudaDeviceSynchronize());
  {
    int s = ss::find_site("longLoop", "load");
    ss_site_counters o = ss::counters(s);
    uint64_t reqs = 32ull * LongIters;
    uint64_t parted = ss::part_site_total(s);
    printf("longLoop: %llu requests, %llu sectors, %llu partitioned\n",
           (unsigned long long)o.requests, (unsigned long long)o.sectors,
           (unsigned long long)parted);
    SS_CHECK(
        o.requests == reqs && o.sectors == 4 * reqs && parted == 4 * reqs &&
            ss::part_window(0, 0) + ss::part_window(0, 1) == 4 * reqs + 128,
        "longLoop: %llu requests %llu sectors %llu partitioned",
        (unsigned long long)o.requests, (unsigned long long)o.sectors,
        (unsigned long long)parted);
  }

  // Every one of ManySites sites counted.
  manySites<<<Blocks / 16, Threads>>>(in, out + N / 2);
  SS_CUDA(cudaDeviceSynchronize());
  {
    const uint64_t reqs = uint64_t(Blocks / 16) * Threads / 32;
    int seen = 0, wrong = 0;
    for (const ss::Site &S : ss::sites()) {
      if (S.kernel.find("manySites") == std::string::npos || S.op != "load")
        continue;
      ++seen;
      ss_site_counters o = ss::counters(int(S.id));
      uint64_t parted = ss::part_site_total(int(S.id));
      if (o.requests != reqs || o.sectors != 4 * reqs || parted != 4 * reqs)
        ++wrong;
    }
    printf("manySites: %d load sites, %d with wrong counts\n", seen, wrong);
    SS_CHECK(seen == ManySites && wrong == 0, "manySites: %d sites, %d wrong",
             seen, wrong);
  }

  // Runs of one address and of a range of lanes, with the H200-like
  // one-mask map (two partitions of 256-byte granules here) and with a
  // general one (four partitions): the same counts either way.
  for (uint32_t parts : {2u, 4u}) {
    c.part_kind = SS_PART_LINEAR;
    c.part_count = parts;
    c.part_gran_log2 = 8;
    c.num_windows = 1;
    tails<<<Blocks / 16, Threads>>>(in, out + N / 2);
    SS_CUDA(cudaDeviceSynchronize());
    const uint64_t reqs = uint64_t(Blocks / 16) * Threads / 32;
    const unsigned want[2] = {1, 3}, lanes[2] = {32, 13};
    for (unsigned k = 0; k < 2; ++k) {
      int s = ss::find_site("tails", "load", TailsLoads[k]);
      ss_site_counters o = ss::counters(s);
      uint64_t parted = ss::part_site_total(s);
      printf("tails load %u (%u partitions): %llu requests, %llu sectors, "
             "%llu lanes, %llu in partitions\n",
             k, parts, (unsigned long long)o.requests,
             (unsigned long long)o.sectors, (unsigned long long)o.threads,
             (unsigned long long)parted);
      SS_CHECK(o.requests == reqs && o.sectors == want[k] * reqs &&
                   o.threads == lanes[k] * reqs && parted == o.sectors,
               "tails load %u: %llu requests %llu sectors %llu lanes", k,
               (unsigned long long)o.requests, (unsigned long long)o.sectors,
               (unsigned long long)o.threads);
    }
  }

  std::vector<float> h(N);
  SS_CUDA(cudaMemcpy(h.data(), out, N * 4, cudaMemcpyDeviceToHost));
  SS_CHECK(h[0] == 1.0f && h[N - 1] == 1.0f, "results");

  // Loops whose sums wait in registers (LoopTallies.h): they need a
  // one-mask map, where a run's partition is its start's; the running
  // device's (a device without one fails in the test above).
  sectorscope::DeviceKey tallyDev;
  std::string tallyErr;
  if (auto map = runningDeviceMap(tallyDev, tallyErr))
    useMap(c, *map);
  SS_CHECK(!c.part_masks.empty() && c.part_kind == SS_PART_XOR,
           "loop tallies: no one-mask map for this device (%s)",
           tallyErr.c_str());

  // One warp past the requests a loop's sum holds before it is added where
  // it stands (AccessGrid.cu tallyRun: 2^16 - 1), several times over.
  {
    const int iters = 5 * 65535 + 7;
    uniformLoop<<<1, 32>>>(in, out + N / 2, iters, 0);
    SS_CUDA(cudaDeviceSynchronize());
    int s = ss::find_site("uniformLoop", "load");
    ss_site_counters o = ss::counters(s);
    uint64_t parted = ss::part_site_total(s);
    printf("uniformLoop, one warp: %llu requests, %llu partitioned\n",
           (unsigned long long)o.requests, (unsigned long long)parted);
    SS_CHECK(o.requests == uint64_t(iters) && parted == uint64_t(iters),
             "uniformLoop, one warp: %llu requests %llu partitioned, want %d",
             (unsigned long long)o.requests, (unsigned long long)parted,
             iters);
  }

  // Lanes leaving a loop one group at a time: 100 full requests a warp,
  // then 7 without lane 0, each one sector.
  uniformLoop<<<Blocks / 16, Threads>>>(in, out + N / 2, 100, 7);
  SS_CUDA(cudaDeviceSynchronize());
  {
    int s = ss::find_site("uniformLoop", "load");
    ss_site_counters o = ss::counters(s);
    uint64_t parted = ss::part_site_total(s);
    uint64_t warps = uint64_t(Blocks / 16) * Threads / 32;
    uint64_t reqs = warps * (100 + 7);
    printf("uniformLoop, ragged: %llu requests, %llu partitioned, %llu "
           "lanes\n",
           (unsigned long long)o.requests, (unsigned long long)parted,
           (unsigned long long)o.threads);
    // Trip 100 + t has the lanes l with l & 7 > t: 32 - 4 (t + 1).
    uint64_t lanes = 100 * 32;
    for (int t = 0; t < 7; ++t)
      lanes += 32 - 4 * (t + 1);
    SS_CHECK(o.requests == reqs && parted == reqs && o.threads == warps * lanes,
             "uniformLoop, ragged: %llu requests %llu partitioned %llu lanes, "
             "want %llu, %llu, %llu",
             (unsigned long long)o.requests, (unsigned long long)parted,
             (unsigned long long)o.threads, (unsigned long long)reqs,
             (unsigned long long)reqs, (unsigned long long)(warps * lanes));
  }

  // Lane strides: requests and sectors against the warps' addresses,
  // at a block of whole warps and at one of 48 threads (a warp of 16).
  for (int block : {96, 48}) {
    const int blocks = 64, n = 3 * blocks * block + 64;
    laneStrides<<<blocks, block>>>(in, out + N / 2, n);
    SS_CUDA(cudaDeviceSynchronize());
    for (int k = 0; k < 2; ++k) {
      uint64_t reqs = 0, sectors = 0;
      for (int b = 0; b < blocks; ++b)
        for (int w = 0; w * 32 < block; ++w) {
          std::set<uint64_t> seen;
          for (int l = 0; l < 32 && w * 32 + l < block; ++l) {
            int t = b * block + w * 32 + l;
            uint64_t addr = uint64_t(uintptr_t(in)) +
                            4ull * uint64_t(k == 0 ? 3 * t + 1 : n - t);
            seen.insert(addr / 32);
          }
          ++reqs;
          sectors += seen.size();
        }
      std::vector<int> ids = ss::sites_of("laneStrides", "load");
      SS_CHECK(ids.size() == 2, "laneStrides: %zu load sites", ids.size());
      if (ids.size() != 2)
        break;
      ss_site_counters o = ss::counters(ids[k]);
      uint64_t parted = ss::part_site_total(ids[k]);
      printf("laneStrides (block %d) load %d: %llu requests, %llu "
             "partitioned\n",
             block, k, (unsigned long long)o.requests,
             (unsigned long long)parted);
      SS_CHECK(o.requests == reqs && parted == sectors,
               "laneStrides (block %d) load %d: %llu requests %llu sectors, "
               "want %llu, %llu",
               block, k, (unsigned long long)o.requests,
               (unsigned long long)parted, (unsigned long long)reqs,
               (unsigned long long)sectors);
    }
  }

  // The uniform model's sector buckets (abi.h part_sector_buckets): a full
  // warp's runs are counted on the short path, each sector into its bucket;
  // the same map without the flag counts every request the long way, by
  // votes over the sectors. Both give the same requests and, bucket by
  // bucket, the same site and window counts, for unit strides, descending
  // and permuted lanes, proven and found strides (12 and -4 bytes), columns
  // within a sector's reach and beyond it, one address a warp in a loop
  // (a tally elsewhere) and warps missing lanes.
  {
    struct Counts {
      std::vector<uint64_t> site, window;
      uint64_t requests = 0;
    };
    auto countAll = [&](bool buckets, const char *kernel, auto launch) {
      c.part_kind = SS_PART_LINEAR;
      c.part_count = 4096;
      c.part_gran_log2 = 5;
      c.part_masks.clear();
      c.num_windows = 1;
      c.sector_buckets = buckets;
      launch();
      SS_CUDA(cudaDeviceSynchronize());
      Counts k;
      for (int id : ss::sites_of(kernel, "load")) {
        k.requests += ss::counters(id).requests;
        for (uint32_t b = 0; b < 4096; ++b)
          k.site.push_back(ss::part_site(id, b));
      }
      for (uint32_t b = 0; b < 4096; ++b)
        k.window.push_back(ss::part_window(0, b));
      c.sector_buckets = false;
      return k;
    };
    auto agree = [&](const char *what, const char *kernel, auto launch) {
      Counts slow = countAll(false, kernel, launch);
      Counts fast = countAll(true, kernel, launch);
      SS_CHECK(ss::header().part_sector_buckets == 1,
               "%s: the launch had no sector buckets", what);
      uint64_t sectors = 0;
      for (uint64_t v : slow.site)
        sectors += v;
      int wrong = 0;
      for (size_t b = 0; b < slow.site.size() && b < fast.site.size(); ++b)
        wrong += slow.site[b] != fast.site[b];
      for (size_t b = 0; b < 4096; ++b)
        wrong += slow.window[b] != fast.window[b];
      printf("sector buckets, %s: %llu requests, %llu sectors; %d buckets "
             "differ\n",
             what, (unsigned long long)fast.requests,
             (unsigned long long)sectors, wrong);
      SS_CHECK(slow.requests == fast.requests && slow.requests > 0 &&
                   slow.site.size() == fast.site.size() && sectors > 0 &&
                   wrong == 0,
               "sector buckets, %s: %llu and %llu requests, %d buckets "
               "differ",
               what, (unsigned long long)slow.requests,
               (unsigned long long)fast.requests, wrong);
    };
    agree("stream", "stream",
          [&] { stream<<<Blocks / 16, Threads>>>(in, out); });
    agree("orders", "orders",
          [&] { orders<<<Blocks / 16, Threads>>>(in, out); });
    for (int block : {96, 48})
      agree(block == 96 ? "laneStrides" : "laneStrides (warps of 16)",
            "laneStrides", [&] {
              const int blocks = 64, n = 3 * blocks * block + 64;
              laneStrides<<<blocks, block>>>(in, out + N / 2, n);
            });
    for (long long stride : {4ll, -4ll, 8ll, 32ll, 48ll, 1024ll, -4100ll})
      agree("columns", "columns",
            [&] { columns<<<64, 256>>>(in, out, stride); });
    agree("uniformLoop", "uniformLoop", [&] {
      uniformLoop<<<Blocks / 64, Threads>>>(in, out + N / 2, 20, 7);
    });
    agree("tails", "tails",
          [&] { tails<<<Blocks / 16, Threads>>>(in, out + N / 2); });
    c.part_kind = SS_PART_UNIFORM;
    c.part_count = 1;
    c.part_gran_log2 = 0;
  }

  wrong = leaveApartMismatches<Threads>(Blocks / 16, in, out);
  SS_CHECK(wrong == 0, "leaveApart: %d values differ from the plain program's",
           wrong);
  return ss::finish("grid");
}
