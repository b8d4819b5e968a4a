//===- FakeDevice.cpp - Plays the device runtime's part on host memory ----===//
#include "FakeDevice.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

namespace sectorscope::rt::test {

ss_launch_header testHeader(Mode M, uint32_t NumSites, uint32_t HeatCapacity,
                            const PartitionModel *Parts,
                            uint32_t BlocksPerWindow, uint32_t NumWindows) {
  BufferRequest R;
  R.TheMode = M;
  R.NumSites = NumSites;
  R.HeatCapacity = HeatCapacity;
  if (Parts)
    R.Parts = devicePartitions(*Parts);
  R.BlocksPerWindow = BlocksPerWindow;
  R.NumWindows = NumWindows;
  R.SiteStripes = M == Mode::Grid ? 4 : 1;
  return makeLaunchHeader(R);
}

FakeDevice::FakeDevice(const ss_launch_header &H) : Buf(H.total_bytes, 0) {
  std::vector<uint8_t> P = initialBufferPrefix(H);
  std::memcpy(Buf.data(), P.data(), P.size());
}

void FakeDevice::heat(uint64_t Addr, uint32_t Width, uint32_t Space,
                      uint32_t Warp, uint32_t Op) {
  ss_launch_header &H = header();
  if (H.heat_capacity == 0)
    return;
  auto *Table = reinterpret_cast<ss_heat_entry *>(Buf.data() + H.off_heat);
  for (uint64_t A = Addr & ~uint64_t(3); A < Addr + Width; A += 4) {
    uint64_t Sector = A >> 5;
    uint64_t Key = (uint64_t(Space) << 62) | Sector;
    if (Key == 0)
      Key = SS_HEAT_KEY_ZERO;
    uint32_t Mask = H.heat_capacity - 1;
    uint32_t Slot = uint32_t((Key * 0x9E3779B97F4A7C15ull) >> 32) & Mask;
    ss_heat_entry *E = nullptr;
    for (uint32_t Probe = 0; Probe < H.heat_capacity; ++Probe) {
      ss_heat_entry &X = Table[(Slot + Probe) & Mask];
      if (X.key == Key) {
        E = &X;
        break;
      }
      if (X.key == 0) {
        X.key = Key;
        ++H.heat_used;
        E = &X;
        break;
      }
    }
    if (!E) {
      ++H.heat_overflow;
      continue;
    }
    E->sector_warps |= 1u << Warp;
    E->word_warps[(A >> 2) & 7] |= 1u << Warp;
    E->ops |= 1u << Op;
  }
}

void FakeDevice::request(uint32_t SiteId, const SiteTable &T, uint32_t Warp,
                         uint64_t BlockLinear,
                         const std::vector<uint64_t> &Addrs) {
  ss_launch_header &H = header();
  if (SiteId >= H.num_sites) {
    ++H.site_overflow;
    return;
  }
  const Site *S = T.find(SiteId);
  uint32_t Width = S ? S->Width : 4;
  uint32_t Space = S ? S->Space : SS_SPACE_GLOBAL;
  uint32_t Op = S ? S->Op : SS_OP_LOAD;
  std::set<uint64_t> Sectors;
  uint64_t Min = ~uint64_t(0), Max = 0;
  for (uint64_t A : Addrs) {
    for (uint64_t X = A >> 5; X <= (A + Width - 1) >> 5; ++X)
      Sectors.insert(X);
    Min = std::min(Min, A);
    Max = std::max(Max, A + Width - 1); // the last byte, as the device
  }
  // The device picks a stripe by SM id; block id stands in for it here.
  uint64_t Stripe = BlockLinear % siteStripes(H);
  auto *C = reinterpret_cast<ss_site_counters *>(Buf.data() + H.off_sites) +
            Stripe * H.num_sites + SiteId;
  ++C->requests;
  C->sectors += Sectors.size();
  C->bytes += uint64_t(Width) * Addrs.size();
  C->threads += Addrs.size();
  C->addr_min = std::min(C->addr_min, Min);
  C->addr_max = std::max(C->addr_max, Max);
  if (H.mode & SS_MODE_HEATMAP)
    for (uint64_t A : Addrs)
      heat(A, Width, Space, Warp, Op);
  if ((H.mode & SS_MODE_GRID) && Space != SS_SPACE_SHARED &&
      Space != SS_SPACE_LOCAL) {
    uint64_t W = std::min<uint64_t>(BlockLinear / H.blocks_per_window,
                                    H.num_windows - 1);
    auto *PW = reinterpret_cast<uint64_t *>(Buf.data() + H.off_part_window);
    auto *PS = reinterpret_cast<uint64_t *>(Buf.data() + H.off_part_site);
    for (uint64_t X : Sectors) {
      uint32_t P = devicePartitionOf(H, X << 5);
      ++PW[W * H.part_count + P];
      ++PS[uint64_t(SiteId) * H.part_count + P];
    }
  }
}

void FakeDevice::run(const SiteTable &T, Dim Grid, Dim Block,
                     const std::function<std::vector<Access>(Dim, Dim)> &Fn) {
  ss_launch_header &H = header();
  uint64_t Threads = Block.count();
  for (uint32_t Bz = 0; Bz < Grid.Z; ++Bz)
    for (uint32_t By = 0; By < Grid.Y; ++By)
      for (uint32_t Bx = 0; Bx < Grid.X; ++Bx) {
        bool Sampled = (H.mode & SS_MODE_GRID) ||
                       (Bx == H.sample_block[0] && By == H.sample_block[1] &&
                        Bz == H.sample_block[2]);
        if (!Sampled)
          continue;
        ++header().sampled_blocks;
        uint64_t Linear = Bx + uint64_t(Grid.X) * (By + uint64_t(Grid.Y) * Bz);
        for (uint64_t W0 = 0; W0 < Threads; W0 += 32) {
          std::vector<std::vector<Access>> Lanes;
          for (uint64_t T0 = W0; T0 < std::min(Threads, W0 + 32); ++T0) {
            Dim Tid{uint32_t(T0 % Block.X), uint32_t(T0 / Block.X % Block.Y),
                    uint32_t(T0 / (uint64_t(Block.X) * Block.Y))};
            Lanes.push_back(Fn(Dim{Bx, By, Bz}, Tid));
          }
          size_t Steps = 0;
          for (auto &L : Lanes)
            Steps = std::max(Steps, L.size());
          for (size_t K = 0; K < Steps; ++K) {
            std::map<uint32_t, std::vector<uint64_t>> BySite;
            for (auto &L : Lanes)
              if (K < L.size())
                BySite[L[K].Site].push_back(L[K].Addr);
            for (auto &[S, Addrs] : BySite)
              request(S, T, uint32_t(W0 / 32), Linear, Addrs);
          }
        }
      }
}

} // namespace sectorscope::rt::test
