//===- Buffers.cpp - Launch buffer layout, set-up and decoding ------------===//
#include "Buffers.h"
#include "LaneLog.h"

#include <algorithm>
#include <cstring>

namespace sectorscope::rt {

static uint32_t log2Exact(uint64_t V) {
  uint32_t L = 0;
  while ((1ull << L) < V)
    ++L;
  return L;
}

DevicePartitions devicePartitions(const PartitionModel &M) {
  DevicePartitions P;
  switch (M.kind()) {
  case PartitionModel::Kind::Uniform:
    P.Kind = SS_PART_LINEAR;
    P.GranLog2 = 5; // one sector per bucket
    P.Count = SS_MAX_PARTITIONS;
    P.SectorBuckets = true;
    break;
  case PartitionModel::Kind::Linear:
    P.Kind = SS_PART_LINEAR;
    P.GranLog2 = log2Exact(M.granularity());
    P.Count = M.count();
    break;
  case PartitionModel::Kind::Xor:
    P.Kind = SS_PART_XOR;
    P.Count = M.count();
    P.Masks = M.xorMasks();
    break;
  }
  return P;
}

uint32_t devicePartitionOf(const ss_launch_header &H, uint64_t Addr) {
  if (H.part_count <= 1)
    return 0;
  if (H.part_kind == SS_PART_XOR) {
    uint32_t P = 0;
    for (uint32_t I = 0; I < H.part_num_masks && I < SS_MAX_PARTITION_MASKS;
         ++I)
      P |= uint32_t(__builtin_parityll(Addr & H.part_masks[I])) << I;
    return P % H.part_count;
  }
  return uint32_t((Addr >> H.part_gran_log2) % H.part_count);
}

uint32_t partitionGranuleLog2(const DevicePartitions &P) {
  uint32_t Log2 = 63;
  if (P.Count > 1) {
    if (P.Kind == SS_PART_XOR) {
      // The lowest address bit any mask reads.
      for (size_t I = 0; I < P.Masks.size() && I < SS_MAX_PARTITION_MASKS; ++I)
        if (P.Masks[I])
          Log2 = std::min<uint32_t>(Log2, __builtin_ctzll(P.Masks[I]));
    } else {
      Log2 = P.GranLog2;
    }
  }
  return std::clamp<uint32_t>(Log2, 5, 63);
}

void bindLaunchBuffer(ss_launch_header &H, uint64_t Base) {
  H.dev_sites = Base + H.off_sites;
  H.dev_part_window = Base + H.off_part_window;
  H.dev_part_site = Base + H.off_part_site;
}

bool partitionTablesDropped(const ss_launch_header &H) {
  return (H.mode & SS_MODE_GRID) && H.part_count == 0;
}

uint32_t siteStripes(const ss_launch_header &H) {
  return H.site_stripes > 1 ? H.site_stripes : 1;
}

/// V rounded up to a multiple of A, a power of two.
static uint64_t alignUp(uint64_t V, uint64_t A) {
  return (V + A - 1) & ~(A - 1);
}
static uint64_t align8(uint64_t V) { return alignUp(V, 8); }

/// A linear map of 2^n partitions is an XOR map of n one-bit masks
/// (partition bit i = address bit gran_log2 + i), and one partition (the
/// uniform kind too) an XOR map of none: the device then computes most
/// maps one way, with the fewest branches (abi.h). Up to this many masks;
/// the uniform model's 4096 sector buckets stay linear (a shift and a mask
/// beat twelve parities).
constexpr uint32_t LinearAsXorMasks = 4;

uint64_t stripeBudget(std::optional<double> LastGridKernelMs) {
  constexpr double HostBytesPerMs = 4e6; // 4 GB/s: copy back and add up
  constexpr uint64_t MinBudget = 1ull << 20;
  if (!LastGridKernelMs)
    return GridTablesBudgetBytes;
  double Bytes = *LastGridKernelMs * HostBytesPerMs;
  if (!(Bytes < double(GridTablesBudgetBytes)))
    return GridTablesBudgetBytes;
  if (!(Bytes > double(MinBudget)))
    return MinBudget;
  return uint64_t(Bytes);
}

static void linearAsXor(ss_launch_header &H) {
  uint32_t Bits = 0;
  while ((1u << Bits) < H.part_count)
    ++Bits;
  H.part_kind = SS_PART_XOR;
  H.part_num_masks = Bits;
  for (uint32_t I = 0; I < SS_MAX_PARTITION_MASKS; ++I)
    H.part_masks[I] = I < Bits ? 1ull << (H.part_gran_log2 + I) : 0;
}

ss_launch_header makeLaunchHeader(const BufferRequest &R) {
  ss_launch_header H;
  std::memset(&H, 0, sizeof(H));
  H.abi_version = SS_ABI_VERSION;
  H.mode = R.TheMode == Mode::Grid ? SS_MODE_GRID : SS_MODE_HEATMAP;
  std::copy(R.SampleBlock, R.SampleBlock + 3, H.sample_block);
  H.num_sites = R.NumSites;
  bool Grid = R.TheMode == Mode::Grid;
  H.part_kind = R.Parts.Kind;
  H.part_count = Grid ? std::max(1u, R.Parts.Count) : 0;
  H.part_gran_log2 = R.Parts.GranLog2;
  H.part_num_masks =
      uint32_t(std::min<size_t>(R.Parts.Masks.size(), SS_MAX_PARTITION_MASKS));
  for (uint32_t I = 0; I < H.part_num_masks; ++I)
    H.part_masks[I] = R.Parts.Masks[I];
  if (H.part_kind != SS_PART_XOR && (H.part_count & (H.part_count - 1)) == 0 &&
      H.part_count <= (1u << LinearAsXorMasks))
    linearAsXor(H);
  // The device bounds no XOR index (abi.h): 2^masks partitions.
  if (H.part_kind == SS_PART_XOR && H.part_count)
    H.part_count = 1u << H.part_num_masks;
  H.part_general = !(H.part_kind == SS_PART_XOR && H.part_num_masks <= 1);
  H.part_granule_log2 = partitionGranuleLog2(R.Parts);
  H.part_granule_mask = ~((1ull << H.part_granule_log2) - 1);
  H.blocks_per_window = Grid ? std::max(1u, R.BlocksPerWindow) : 1;
  // The device's state holds the window row in 20 bits (abi.h).
  H.num_windows = Grid ? std::clamp(R.NumWindows, 1u, SS_MAX_WINDOWS) : 0;
  // The log has a row of records per warp of the block (abi.h), each lane
  // an equal share of the capacity.
  H.log_warps =
      Grid ? 0 : std::clamp((R.BlockThreads + 31) / 32, 1u, SS_MAX_WARPS);
  H.log_lane_records =
      Grid ? 0
           : uint32_t(std::clamp<uint64_t>(R.LogRecords / (32 * H.log_warps), 1,
                                           1u << 30));
  // The device picks a stripe with a mask.
  uint32_t Stripes = 1;
  // Fewer copies where the tables would need indices of 2^31 or more
  // (abi.h: the device's index arithmetic is 32-bit).
  uint64_t Rows = std::max<uint64_t>({1, R.NumSites, H.num_windows}) *
                  std::max(1u, H.part_count);
  auto PartitionBytes = [&] {
    return (uint64_t(H.num_windows) + R.NumSites) * H.part_count *
           sizeof(uint64_t);
  };
  if (Grid &&
      (Rows >= (1ull << 31) || PartitionBytes() > GridTablesBudgetBytes)) {
    // Not even one copy fits (a model of thousands of partitions and
    // hundreds of thousands of sites): no partition tables
    // (partitionTablesDropped).
    H.part_count = 0;
    Rows = std::max<uint64_t>({1, R.NumSites, H.num_windows});
  }
  uint64_t CopyBytes =
      uint64_t(R.NumSites) * sizeof(ss_site_counters) + PartitionBytes();
  while (Grid &&
         Stripes * 2 <=
             std::min(SS_MAX_SITE_STRIPES, std::max(1u, R.SiteStripes)) &&
         Stripes * 2 * Rows < (1ull << 31) &&
         Stripes * 2 * CopyBytes <=
             std::min(R.StripeBudgetBytes, GridTablesBudgetBytes))
    Stripes *= 2;
  H.site_stripes = Stripes;
  H.shared_block_stride = Grid ? std::max(1u, R.SharedBlockStride) : 1;
  // A global run's short path (abi.h): partition tables, one mask.
  H.part_run_offsets = Grid && H.part_count && !H.part_general
                           ? ~uint32_t(H.part_granule_mask)
                           : 0;
  // The uniform model's sector buckets have a short path of their own (on
  // the long way, a stream's kernel took four times as long as with a
  // one-mask map).
  H.part_sector_buckets = Grid && H.part_count && R.Parts.SectorBuckets &&
                          H.part_kind == SS_PART_LINEAR &&
                          H.part_gran_log2 == 5 &&
                          (H.part_count & (H.part_count - 1)) == 0;

  uint64_t Off = align8(sizeof(ss_launch_header));
  H.off_sites = Off;
  Off = align8(Off + uint64_t(H.site_stripes) * R.NumSites *
                         sizeof(ss_site_counters));
  H.off_part_window = Off;
  Off = align8(Off + uint64_t(H.site_stripes) * H.num_windows * H.part_count *
                         sizeof(uint64_t));
  H.off_part_site = Off;
  Off = align8(Off + uint64_t(H.site_stripes) * R.NumSites * H.part_count *
                         sizeof(uint64_t));
  H.off_log_counts = Off;
  Off = align8(Off + uint64_t(H.log_warps) * 32 * sizeof(uint32_t));
  // Each lane stores its record with one 16-byte store, which must be
  // aligned (a misaligned address fault otherwise).
  Off = alignUp(Off, 16);
  H.off_log = Off;
  Off +=
      uint64_t(H.log_lane_records) * H.log_warps * 32 * sizeof(ss_lane_record);
  H.total_bytes = Off;
  return H;
}

uint64_t usedBytes(const void *Prefix, uint64_t Len) {
  ss_launch_header H;
  if (Len < sizeof(H))
    return sizeof(H);
  std::memcpy(&H, Prefix, sizeof(H));
  uint64_t Counts = uint64_t(H.log_warps) * 32;
  if (H.off_log > H.total_bytes || H.off_log_counts > H.off_log ||
      Counts > (H.off_log - H.off_log_counts) / sizeof(uint32_t) ||
      Len < H.off_log)
    return std::min(H.total_bytes, std::max<uint64_t>(H.off_log, sizeof(H)));
  // The rows up to the furthest lane's last record.
  uint64_t Rows = 0;
  for (uint64_t I = 0; I < Counts; ++I) {
    uint32_t C;
    std::memcpy(
        &C, static_cast<const uint8_t *>(Prefix) + H.off_log_counts + 4 * I, 4);
    Rows = std::max<uint64_t>(Rows, std::min(C, H.log_lane_records));
  }
  return std::min(H.total_bytes,
                  H.off_log + Rows * Counts * sizeof(ss_lane_record));
}

std::vector<uint8_t> initialBufferPrefix(const ss_launch_header &H) {
  uint64_t Copies = uint64_t(siteStripes(H)) * H.num_sites;
  std::vector<uint8_t> B(H.off_sites + Copies * sizeof(ss_site_counters), 0);
  std::memcpy(B.data(), &H, sizeof(H));
  for (uint64_t I = 0; I < Copies; ++I) {
    ss_site_counters C;
    std::memset(&C, 0, sizeof(C));
    C.addr_min = ~uint64_t(0);
    std::memcpy(B.data() + H.off_sites + I * sizeof(C), &C, sizeof(C));
  }
  return B;
}

bool decodeLaunchBuffer(const void *Buf, uint64_t Len, LaunchData &Out,
                        std::string &Err, std::vector<bool> GenericSites) {
  Out = LaunchData();
  Out.GenericSites = std::move(GenericSites);
  if (Len < sizeof(ss_launch_header)) {
    Err = "launch buffer shorter than its header";
    return false;
  }
  const uint8_t *B = static_cast<const uint8_t *>(Buf);
  ss_launch_header &H = Out.Header;
  std::memcpy(&H, B, sizeof(H));
  if (H.abi_version != SS_ABI_VERSION) {
    // The runtime wrote the header before the launch: a different version
    // afterwards means device code wrote over the buffer.
    Err = "launch buffer has ABI version " + std::to_string(H.abi_version) +
          ", expected " + std::to_string(SS_ABI_VERSION) +
          ": it was overwritten during the launch (a kernel that writes "
          "outside its allocations; run the plain build under "
          "compute-sanitizer --tool memcheck)";
    return false;
  }
  auto Fits = [&](uint64_t Off, uint64_t Count, uint64_t Size) {
    return Off <= Len && Count <= (Len - Off) / Size;
  };
  uint64_t LaneRecords = uint64_t(H.log_lane_records) * H.log_warps * 32;
  if (H.part_count > SS_MAX_PARTITIONS ||
      H.site_stripes > SS_MAX_SITE_STRIPES || H.log_warps > SS_MAX_WARPS ||
      !Fits(H.off_sites, uint64_t(siteStripes(H)) * H.num_sites,
            sizeof(ss_site_counters)) ||
      !Fits(H.off_part_window,
            uint64_t(siteStripes(H)) * H.num_windows * H.part_count, 8) ||
      !Fits(H.off_part_site,
            uint64_t(siteStripes(H)) * H.num_sites * H.part_count, 8) ||
      !Fits(H.off_log_counts, uint64_t(H.log_warps) * 32, 4) ||
      H.off_log > H.total_bytes ||
      LaneRecords > (H.total_bytes - H.off_log) / sizeof(ss_lane_record) ||
      Len < usedBytes(B, Len)) {
    Err = "launch buffer header inconsistent with its size";
    return false;
  }
  Out.Sites.resize(H.num_sites);
  bool Logged = H.log_lane_records != 0;
  for (uint32_t S = 0; S < siteStripes(H); ++S)
    for (uint32_t I = 0; I < H.num_sites; ++I) {
      ss_site_counters C;
      std::memcpy(&C,
                  B + H.off_sites + (uint64_t(S) * H.num_sites + I) * sizeof(C),
                  sizeof(C));
      ss_site_counters &T = Out.Sites[I];
      if (Logged) {
        // Heat-map mode: the log is the only source (and the device leaves
        // the counters primed).
        T = C;
        continue;
      }
      // Grid mode (abi.h): threads holds the lanes missing from full warps.
      C.threads = 32 * C.requests - std::min(C.threads, 32 * C.requests);
      C.bytes = 0;
      if (S == 0) {
        T = C;
        continue;
      }
      T.requests += C.requests;
      T.sectors += C.sectors;
      T.threads += C.threads;
      T.addr_min = std::min(T.addr_min, C.addr_min);
      T.addr_max = std::max(T.addr_max, C.addr_max);
    }
  if (Logged)
    foldLaneLog(B, Len, Out);
  // The stripes' copies of a partition table, added up: the first copied,
  // the others added in place (tables of tens of MiB, at every launch).
  auto Copy = [&](uint64_t Off, uint64_t N, std::vector<uint64_t> &V) {
    V.resize(N);
    if (!N)
      return;
    std::memcpy(V.data(), B + Off, N * 8);
    for (uint32_t S = 1; S < siteStripes(H); ++S) {
      const uint8_t *Stripe = B + Off + uint64_t(S) * N * 8;
      for (uint64_t I = 0; I < N; ++I) {
        uint64_t X;
        std::memcpy(&X, Stripe + I * 8, 8);
        V[I] += X;
      }
    }
  };
  Copy(H.off_part_window, uint64_t(H.num_windows) * H.part_count,
       Out.PartWindow);
  Copy(H.off_part_site, uint64_t(H.num_sites) * H.part_count, Out.PartSite);
  // Grid mode counts a site's global sectors in its partition row only
  // (abi.h): they are part of its sectors.
  if (!Logged && H.part_count)
    for (uint32_t I = 0; I < H.num_sites; ++I)
      for (uint32_t P = 0; P < H.part_count; ++P)
        Out.Sites[I].sectors += Out.PartSite[uint64_t(I) * H.part_count + P];
  return true;
}

} // namespace sectorscope::rt
