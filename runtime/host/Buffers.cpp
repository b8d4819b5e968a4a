//===- Buffers.cpp - Launch buffer layout, set-up and decoding ------------===//
#include "Buffers.h"

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

uint32_t siteStripes(const ss_launch_header &H) {
  return H.site_stripes > 1 ? H.site_stripes : 1;
}

static uint64_t align8(uint64_t V) { return (V + 7) & ~uint64_t(7); }

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
  H.blocks_per_window = Grid ? std::max(1u, R.BlocksPerWindow) : 1;
  H.num_windows = Grid ? std::max(1u, R.NumWindows) : 0;
  H.heat_capacity = Grid ? 0 : R.HeatCapacity;
  H.site_stripes = Grid ? std::max(1u, R.SiteStripes) : 1;

  uint64_t Off = align8(sizeof(ss_launch_header));
  H.off_sites = Off;
  Off = align8(Off + uint64_t(H.site_stripes) * R.NumSites *
                         sizeof(ss_site_counters));
  H.off_heat = Off;
  Off = align8(Off + uint64_t(H.heat_capacity) * sizeof(ss_heat_entry));
  H.off_part_window = Off;
  Off = align8(Off + uint64_t(H.num_windows) * H.part_count * sizeof(uint64_t));
  H.off_part_site = Off;
  Off = align8(Off + uint64_t(R.NumSites) * H.part_count * sizeof(uint64_t));
  H.total_bytes = Off;
  return H;
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
                        std::string &Err) {
  Out = LaunchData();
  if (Len < sizeof(ss_launch_header)) {
    Err = "launch buffer shorter than its header";
    return false;
  }
  const uint8_t *B = static_cast<const uint8_t *>(Buf);
  ss_launch_header &H = Out.Header;
  std::memcpy(&H, B, sizeof(H));
  if (H.abi_version != SS_ABI_VERSION) {
    Err = "launch buffer has ABI version " + std::to_string(H.abi_version) +
          ", expected " + std::to_string(SS_ABI_VERSION);
    return false;
  }
  auto Fits = [&](uint64_t Off, uint64_t Count, uint64_t Size) {
    return Off <= Len && Count <= (Len - Off) / Size;
  };
  if (H.total_bytes > Len || H.part_count > SS_MAX_PARTITIONS ||
      H.site_stripes > 4096 ||
      !Fits(H.off_sites, uint64_t(siteStripes(H)) * H.num_sites,
            sizeof(ss_site_counters)) ||
      !Fits(H.off_heat, H.heat_capacity, sizeof(ss_heat_entry)) ||
      !Fits(H.off_part_window, uint64_t(H.num_windows) * H.part_count, 8) ||
      !Fits(H.off_part_site, uint64_t(H.num_sites) * H.part_count, 8)) {
    Err = "launch buffer header inconsistent with its size";
    return false;
  }
  Out.Sites.resize(H.num_sites);
  for (uint32_t S = 0; S < siteStripes(H); ++S)
    for (uint32_t I = 0; I < H.num_sites; ++I) {
      ss_site_counters C;
      std::memcpy(&C,
                  B + H.off_sites + (uint64_t(S) * H.num_sites + I) * sizeof(C),
                  sizeof(C));
      ss_site_counters &T = Out.Sites[I];
      if (S == 0) {
        T = C;
        continue;
      }
      T.requests += C.requests;
      T.sectors += C.sectors;
      T.bytes += C.bytes;
      T.threads += C.threads;
      T.addr_min = std::min(T.addr_min, C.addr_min);
      T.addr_max = std::max(T.addr_max, C.addr_max);
    }
  const ss_heat_entry *E =
      reinterpret_cast<const ss_heat_entry *>(B + H.off_heat);
  for (uint32_t I = 0; I < H.heat_capacity; ++I) {
    ss_heat_entry X;
    std::memcpy(&X, E + I, sizeof(X));
    if (X.key == 0)
      continue;
    HeatSector S;
    if (X.key == SS_HEAT_KEY_ZERO) {
      S.Addr = 0;
      S.Space = SS_SPACE_GLOBAL;
    } else {
      S.Space = uint32_t(X.key >> 62);
      S.Addr = (X.key & ((1ull << 62) - 1)) << 5;
    }
    S.SectorWarps = X.sector_warps;
    std::copy(X.word_warps, X.word_warps + SS_WORDS_PER_SECTOR, S.WordWarps);
    S.Ops = X.ops;
    Out.Heat.push_back(S);
  }
  std::sort(Out.Heat.begin(), Out.Heat.end(),
            [](const HeatSector &A, const HeatSector &B) {
              return A.Space != B.Space ? A.Space < B.Space : A.Addr < B.Addr;
            });
  auto Copy = [&](uint64_t Off, uint64_t N, std::vector<uint64_t> &V) {
    V.resize(N);
    if (N)
      std::memcpy(V.data(), B + Off, N * 8);
  };
  Copy(H.off_part_window, uint64_t(H.num_windows) * H.part_count,
       Out.PartWindow);
  Copy(H.off_part_site, uint64_t(H.num_sites) * H.part_count, Out.PartSite);
  return true;
}

} // namespace sectorscope::rt
