//===- BufferLayoutTest.cpp - The launch buffer as the host lays it out ---===//
//
// 312-byte header, 48-byte site counters primed with addr_min = ~0 (4
// stripes in grid mode), partition tables (4 stripes too) only in grid mode,
// the sample log (chunks of 512 8-byte records) last and only in heat-map
// mode. The tables' device addresses are the buffer's plus their offsets,
// and the partition granule is the lowest address bit the model reads.
//
//===----------------------------------------------------------------------===//
#include "FakeDevice.h"

#include <gtest/gtest.h>

#include <cstdarg>
#include <cstring>

namespace sectorscope::rt::test {
namespace {

std::string format(const char *Fmt, ...) {
  char Buf[512];
  va_list Args;
  va_start(Args, Fmt);
  std::vsnprintf(Buf, sizeof(Buf), Fmt, Args);
  va_end(Args);
  return Buf;
}

std::string abi(const char *Text) {
  std::string S = Text;
  size_t At = S.find("[[ABI]]");
  while (At != std::string::npos) {
    S.replace(At, 7, std::to_string(SS_ABI_VERSION));
    At = S.find("[[ABI]]");
  }
  return S;
}

/// The header's layout, its tables' device addresses for a buffer at 1 MiB
/// and the primed site counters, one line each, as testHeader(M, 3 sites,
/// 1024 records, Spec, 100 blocks a window, 5 windows) makes them.
struct Layout {
  std::string Offsets, Partitions, Site0;
  ss_launch_header H;
};

Layout layout(Mode M, const std::string &Spec) {
  std::string Err;
  auto P = PartitionModel::parse(Spec, Err);
  EXPECT_TRUE(P) << Err;
  Layout L;
  ss_launch_header &H = L.H;
  H = testHeader(M, 3, 1024, &*P, 100, 5);
  L.Offsets = format(
      "header %zu sites %llu part_window %llu part_site %llu log_counts %llu "
      "log %llu total %llu lane_records %u warps %u parts %u gran_log2 %u "
      "windows %u bpw %u "
      "mode %u abi %u stripes %u",
      sizeof(ss_launch_header), (unsigned long long)H.off_sites,
      (unsigned long long)H.off_part_window,
      (unsigned long long)H.off_part_site, (unsigned long long)H.off_log_counts,
      (unsigned long long)H.off_log, (unsigned long long)H.total_bytes,
      H.log_lane_records, H.log_warps, H.part_count, H.part_gran_log2,
      H.num_windows, H.blocks_per_window, H.mode, H.abi_version,
      H.site_stripes);
  bindLaunchBuffer(H, 1u << 20);
  L.Partitions = format(
      "kind %u masks %u %#llx general %u run_offsets %#x granule_log2 %u "
      "mask %#llx dev_sites %#llx dev_part_window %#llx dev_part_site %#llx",
      H.part_kind, H.part_num_masks,
      (unsigned long long)
          H.part_masks[H.part_num_masks ? H.part_num_masks - 1 : 0],
      H.part_general, H.part_run_offsets, H.part_granule_log2,
      (unsigned long long)H.part_granule_mask, (unsigned long long)H.dev_sites,
      (unsigned long long)H.dev_part_window,
      (unsigned long long)H.dev_part_site);
  std::vector<uint8_t> Pre = initialBufferPrefix(H);
  const auto *C =
      reinterpret_cast<const ss_site_counters *>(Pre.data() + H.off_sites);
  L.Site0 = format("site0 addr_min %#llx addr_max %llu",
                   (unsigned long long)C[0].addr_min,
                   (unsigned long long)C[0].addr_max);
  return L;
}

TEST(BufferLayout, HeatMapMode) {
  Layout L = layout(Mode::Heatmap, "gt200");
  EXPECT_EQ(L.Offsets,
            abi("header 312 sites 312 part_window 456 part_site 456 "
                "log_counts 456 log 4560 total 20944 lane_records 1 warps 32 "
                "parts 0 gran_log2 8 windows 0 bpw 1 mode 1 abi [[ABI]] "
                "stripes 1"));
  EXPECT_EQ(L.Partitions,
            "kind 2 masks 0 0 general 0 run_offsets 0 granule_log2 8 mask "
            "0xffffffffffffff00 dev_sites 0x100138 dev_part_window 0x1001c8 "
            "dev_part_site 0x1001c8");
  EXPECT_EQ(L.Site0, "site0 addr_min 0xffffffffffffffff addr_max 0");
}

// A truncated or foreign buffer is refused, not misread. The host copies
// back only the used prefix (usedBytes); less is refused.
TEST(BufferLayout, DecodeRefusesShortAndForeignBuffers) {
  ss_launch_header H = layout(Mode::Heatmap, "gt200").H;
  LaunchData D;
  std::string Err;
  std::vector<uint8_t> Full(H.total_bytes);
  std::memcpy(Full.data(), &H, sizeof(H));
  EXPECT_TRUE(decodeLaunchBuffer(Full.data(), Full.size(), D, Err)) << Err;
  EXPECT_EQ(usedBytes(Full.data(), sizeof(H)), H.off_log);
  EXPECT_EQ(usedBytes(Full.data(), Full.size()), H.off_log); // nothing logged
  EXPECT_FALSE(decodeLaunchBuffer(Full.data(), H.off_log - 8, D, Err));
  EXPECT_EQ(Err, "launch buffer header inconsistent with its size");
  reinterpret_cast<ss_launch_header *>(Full.data())->abi_version = 1;
  EXPECT_FALSE(decodeLaunchBuffer(Full.data(), Full.size(), D, Err));
  EXPECT_EQ(Err, abi("launch buffer has ABI version 1, expected [[ABI]]: it "
                     "was overwritten during the launch (a kernel that writes "
                     "outside its allocations; run the plain build under "
                     "compute-sanitizer --tool memcheck)"));
}

// Grid mode carries the shared-memory block stride (at least 1); heat-map
// mode's sampled block counts everything.
TEST(BufferLayout, SharedBlockStrideInGridModeOnly) {
  BufferRequest R;
  R.NumSites = 4;
  R.SharedBlockStride = 16;
  R.TheMode = Mode::Grid;
  EXPECT_EQ(makeLaunchHeader(R).shared_block_stride, 16u);
  R.SharedBlockStride = 0;
  EXPECT_EQ(makeLaunchHeader(R).shared_block_stride, 1u);
  R.SharedBlockStride = 16;
  R.TheMode = Mode::Heatmap;
  EXPECT_EQ(makeLaunchHeader(R).shared_block_stride, 1u);
}

// gt200's 8 partitions of 256 bytes become XOR masks 0x100, 0x200, 0x400.
TEST(BufferLayout, GridModeGt200) {
  Layout L = layout(Mode::Grid, "gt200");
  EXPECT_EQ(L.Offsets,
            abi("header 312 sites 312 part_window 888 part_site 2168 "
                "log_counts 2936 log 2944 total 2944 lane_records 0 warps 0 "
                "parts 8 gran_log2 8 windows 5 bpw 100 mode 2 abi [[ABI]] "
                "stripes 4"));
  EXPECT_EQ(L.Partitions,
            "kind 2 masks 3 0x400 general 1 run_offsets 0 granule_log2 8 "
            "mask 0xffffffffffffff00 dev_sites 0x100138 dev_part_window "
            "0x100378 dev_part_site 0x100878");
}

// 3 partitions and 4096 (the uniform model's sector buckets) stay linear.
// Maps other than one mask's parity are "general": the device runs them
// whole, and counts no global run on its short path (run_offsets 0;
// otherwise the offset bits within a partition granule).
TEST(BufferLayout, GeneralLinearMaps) {
  EXPECT_EQ(
      layout(Mode::Grid, "linear:4096:3")
          .Partitions.rfind(
              "kind 1 masks 0 0 general 1 run_offsets 0 granule_log2 12 ", 0),
      0u);
  EXPECT_EQ(
      layout(Mode::Grid, "linear:32:4096")
          .Partitions.rfind(
              "kind 1 masks 0 0 general 1 run_offsets 0 granule_log2 5 ", 0),
      0u);
}

// The H200 map: parity(addr & 0xab000), bits 12 and up.
TEST(BufferLayout, H200Map) {
  Layout L =
      layout(Mode::Grid, std::string("xor:") + SECTORSCOPE_TEST_DATA_DIR +
                             "/h200-partition-map.json");
  EXPECT_NE(L.Offsets.find(" parts 2 gran_log2 5 "), std::string::npos)
      << L.Offsets;
  EXPECT_EQ(L.Partitions.rfind("kind 2 masks 1 0xab000 general 0 run_offsets "
                               "0xfff granule_log2 12 mask 0xfffffffffffff000",
                               0),
            0u)
      << L.Partitions;
}

// One partition: every address maps to it.
TEST(BufferLayout, OnePartition) {
  Layout L = layout(Mode::Grid, "linear:4096:1");
  EXPECT_NE(L.Offsets.find(" parts 1 "), std::string::npos) << L.Offsets;
  EXPECT_EQ(L.Partitions.rfind("kind 2 masks 0 0 general 0 run_offsets "
                               "0xffffffff granule_log2 63 mask "
                               "0x8000000000000000",
                               0),
            0u)
      << L.Partitions;
}

/// The grid-mode header the host makes for a module of Sites sites under
/// Spec ("uniform": the model without partitions) on a 256-SM GPU, and its
/// stripes and partition tables.
ss_launch_header gridTables(uint32_t Sites, const std::string &Spec) {
  std::string Err;
  auto P = Spec == "uniform" ? std::optional<PartitionModel>(PartitionModel())
                             : PartitionModel::parse(Spec, Err);
  EXPECT_TRUE(P) << Err;
  BufferRequest R;
  R.TheMode = Mode::Grid;
  R.NumSites = Sites;
  R.Parts = devicePartitions(P.value_or(PartitionModel()));
  R.NumWindows = 64;
  R.SiteStripes = 256;
  return makeLaunchHeader(R);
}

std::string tableLimits(uint32_t Sites, const std::string &Spec) {
  ss_launch_header H = gridTables(Sites, Spec);
  return format("stripes %u parts %u dropped %d", H.site_stripes, H.part_count,
                int(partitionTablesDropped(H)));
}

// The uniform model's 4096 sector buckets are a linear map of one-sector
// granules, which the device runs whole, but a full warp's run is counted on
// the short path, each sector into its bucket (abi.h part_sector_buckets).
// The same map asked for by name is counted the long way, and heat-map mode
// has no buckets.
TEST(BufferLayout, UniformSectorBucketsCountRunsOnTheShortPath) {
  ss_launch_header U = gridTables(10, "uniform");
  EXPECT_EQ(format("parts %u general %u buckets %u run_offsets %#x",
                   U.part_count, U.part_general, U.part_sector_buckets,
                   U.part_run_offsets),
            "parts 4096 general 1 buckets 1 run_offsets 0");
  ss_launch_header L = gridTables(10, "linear:32:4096");
  EXPECT_EQ(format("parts %u general %u buckets %u run_offsets %#x",
                   L.part_count, L.part_general, L.part_sector_buckets,
                   L.part_run_offsets),
            "parts 4096 general 1 buckets 0 run_offsets 0");
  BufferRequest R;
  R.TheMode = Mode::Heatmap;
  R.Parts = devicePartitions(PartitionModel());
  ss_launch_header H = makeLaunchHeader(R);
  EXPECT_EQ(H.part_sector_buckets, 0u);
  EXPECT_EQ(H.part_run_offsets, 0u);
}

// The device indexes its tables with 32-bit arithmetic, and the host zeroes
// and reads them at every launch: it keeps stripes x max(sites, windows) x
// partitions below 2^31 and all copies within 256 MiB, with fewer stripes
// for the uniform model's 4096 buckets, and no partition tables at all when
// one copy of them would be larger.
TEST(BufferLayout, TablesStayBounded) {
  // 64 windows x 4096 buckets: 2 MiB a copy.
  EXPECT_EQ(tableLimits(3, "uniform"), "stripes 64 parts 4096 dropped 0");
  EXPECT_EQ(tableLimits(256, "uniform"), "stripes 16 parts 4096 dropped 0");
  // A module of 2000 sites: 64 MiB a copy.
  EXPECT_EQ(tableLimits(2000, "uniform"), "stripes 2 parts 4096 dropped 0");
  EXPECT_EQ(tableLimits(8000, "uniform"), "stripes 1 parts 4096 dropped 0");
  EXPECT_EQ(tableLimits(20000, "uniform"), "stripes 256 parts 0 dropped 1");
  EXPECT_EQ(tableLimits(100000, "uniform"), "stripes 32 parts 0 dropped 1");
  EXPECT_EQ(tableLimits(2000, "gt200"), "stripes 256 parts 8 dropped 0");
  EXPECT_EQ(tableLimits(600000, "gt200"), "stripes 2 parts 8 dropped 0");
  for (uint32_t Sites : {3u, 256u, 2000u, 8000u, 20000u, 100000u})
    EXPECT_LE(gridTables(Sites, "uniform").total_bytes, (256u << 20) + 4096)
        << Sites << " sites";
}

// A kernel whose grid launch took less time than the host needs to move
// 256 MiB gets fewer stripes next time: the budget is what the host moves
// in the kernel's own time (4 GB/s), at least 1 MiB. The counts' layout
// stays what the tables need.
TEST(BufferLayout, ShortKernelsGetFewerStripes) {
  EXPECT_EQ(stripeBudget(std::nullopt), GridTablesBudgetBytes);
  EXPECT_EQ(stripeBudget(0.016), 1ull << 20);
  EXPECT_EQ(stripeBudget(1.0), 4000000u);
  EXPECT_EQ(stripeBudget(1000.0), GridTablesBudgetBytes);
  EXPECT_EQ(stripeBudget(0.0), 1ull << 20);
  EXPECT_EQ(stripeBudget(-1.0), 1ull << 20);
  BufferRequest R;
  R.TheMode = Mode::Grid;
  R.NumSites = 256;
  R.Parts = devicePartitions(PartitionModel());
  R.NumWindows = 64;
  R.SiteStripes = 256;
  EXPECT_EQ(makeLaunchHeader(R).site_stripes, 16u);
  // 256 sites x 4096 buckets x 8 bytes (8 MiB) and 64 windows' 2 MiB: one
  // copy is over a 1 MiB budget, so one stripe, and nothing dropped.
  R.StripeBudgetBytes = stripeBudget(0.016);
  ss_launch_header H = makeLaunchHeader(R);
  EXPECT_EQ(H.site_stripes, 1u);
  EXPECT_EQ(H.part_count, 4096u);
  EXPECT_FALSE(partitionTablesDropped(H));
  EXPECT_LT(H.total_bytes, 11u << 20);
  // A 6 ms kernel: 24 MB, room for two copies of 10.5 MiB (5 ms: 20 MB).
  R.StripeBudgetBytes = stripeBudget(5.0);
  EXPECT_EQ(makeLaunchHeader(R).site_stripes, 1u);
  R.StripeBudgetBytes = stripeBudget(6.0);
  EXPECT_EQ(makeLaunchHeader(R).site_stripes, 2u);
}

} // namespace
} // namespace sectorscope::rt::test
