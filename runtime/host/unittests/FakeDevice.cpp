//===- FakeDevice.cpp - Plays the device runtime's part on host memory ----===//
#include "FakeDevice.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

namespace sectorscope::rt::test {

ss_launch_header testHeader(Mode M, uint32_t NumSites, uint64_t LogRecords,
                            const PartitionModel *Parts,
                            uint32_t BlocksPerWindow, uint32_t NumWindows,
                            uint32_t BlockThreads) {
  BufferRequest R;
  R.TheMode = M;
  R.NumSites = NumSites;
  R.LogRecords = LogRecords;
  R.BlockThreads = BlockThreads;
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

void FakeDevice::log(uint32_t SiteId, uint32_t Warp, uint32_t Width,
                     uint32_t Space, uint32_t Op, uint32_t Mask,
                     const std::vector<uint64_t> &Addrs) {
  ss_launch_header &H = header();
  auto *Log = reinterpret_cast<ss_lane_record *>(Buf.data() + H.off_log);
  auto *Counts = reinterpret_cast<uint32_t *>(Buf.data() + H.off_log_counts);
  uint32_t Lanes = Mask;
  for (uint64_t A : Addrs) {
    uint32_t Lane = uint32_t(__builtin_ctz(Lanes));
    Lanes &= Lanes - 1;
    uint32_t T = Warp * 32 + Lane;
    uint32_t K = Counts[T]++;
    if (K >= H.log_lane_records)
      continue;
    // A generic pointer resolves per lane: here an address under 2^32 is
    // a shared-memory offset, as the device's cvta.to.shared gives it.
    uint32_t LaneSpace = Space;
    if (Space == SS_SPACE_GENERIC)
      LaneSpace = A >> 32 ? SS_SPACE_GLOBAL : SS_SPACE_SHARED;
    // As the device: space, op, width and address in one word (abi.h).
    Log[(uint64_t(K) * H.log_warps + Warp) * 32 + Lane] = {
        (uint64_t(LaneSpace & 3) << 62) | (uint64_t(Op & 3) << 60) |
            (uint64_t(std::min(Width, 255u)) << SS_LANE_ADDR_BITS) |
            std::min<uint64_t>(A, SS_LANE_WIDE),
        (uint64_t(SiteId) << 32) | Mask};
  }
}

void FakeDevice::request(uint32_t SiteId, const SiteTable &T, uint32_t Warp,
                         uint64_t BlockLinear, uint32_t Mask,
                         const std::vector<uint64_t> &Addrs) {
  ss_launch_header &H = header();
  const Site *S = T.find(FirstSite + SiteId);
  uint32_t Width = S ? S->Width : 4;
  uint32_t Space = S ? S->Space : SS_SPACE_GLOBAL;
  uint32_t Op = S ? S->Op : SS_OP_LOAD;
  if (Op == SS_OP_TRIP) {
    // __sectorscope_trip: no record; the request's lowest lane adds to the
    // counters of its stripe (the sampled block's state has none).
    bool Grid = H.mode & SS_MODE_GRID;
    uint64_t Stripe = Grid ? BlockLinear % siteStripes(H) : 0;
    auto *C = reinterpret_cast<ss_site_counters *>(Buf.data() + H.off_sites) +
              Stripe * H.num_sites + SiteId;
    ++C->requests;
    C->threads += Grid ? 32 - Addrs.size() : Addrs.size();
    return;
  }
  if (H.log_lane_records) {
    // Heat-map mode: the sampled block's lanes log; the host counts.
    log(SiteId, Warp, Width, Space, Op, Mask, Addrs);
    return;
  }
  if (SiteId >= H.num_sites) {
    ++H.site_overflow;
    return;
  }
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
  // Grid mode: global sectors only in the partition table (abi.h).
  bool Partitioned = (H.mode & SS_MODE_GRID) && H.part_count &&
                     Space != SS_SPACE_SHARED && Space != SS_SPACE_LOCAL;
  if (!Partitioned)
    C->sectors += Sectors.size();
  C->threads += 32 - Addrs.size(); // lanes missing (abi.h)
  if (Space == SS_SPACE_GLOBAL) {
    C->addr_min = std::min(C->addr_min, Min);
    C->addr_max = std::max(C->addr_max, Max);
  }
  if (Partitioned) {
    uint64_t W = std::min<uint64_t>(BlockLinear / H.blocks_per_window,
                                    H.num_windows - 1);
    auto *PW = reinterpret_cast<uint64_t *>(Buf.data() + H.off_part_window);
    auto *PS = reinterpret_cast<uint64_t *>(Buf.data() + H.off_part_site);
    for (uint64_t X : Sectors) {
      uint32_t P = devicePartitionOf(H, X << 5);
      ++PW[(Stripe * H.num_windows + W) * H.part_count + P];
      ++PS[(Stripe * H.num_sites + SiteId) * H.part_count + P];
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
            std::map<uint32_t, std::pair<uint32_t, std::vector<uint64_t>>>
                BySite;
            for (size_t L = 0; L < Lanes.size(); ++L)
              if (K < Lanes[L].size()) {
                auto &[Mask, Addrs] = BySite[Lanes[L][K].Site];
                Mask |= 1u << L;
                Addrs.push_back(Lanes[L][K].Addr);
              }
            for (auto &[S, Request] : BySite)
              request(S, T, uint32_t(W0 / 32), Linear, Request.first,
                      Request.second);
          }
        }
      }
}

} // namespace sectorscope::rt::test
