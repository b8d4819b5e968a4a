//===- LaneLog.cpp - Requests and the heat map from the lanes' records ----===//
#include "LaneLog.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>

namespace sectorscope::rt {

uint32_t sectorWordMask(uint64_t Addr, uint32_t Width) {
  uint32_t First = uint32_t(Addr & 31) >> 2;
  uint32_t LastByte = uint32_t(Addr & 31) + (Width ? Width - 1 : 0);
  uint32_t Last = std::min<uint32_t>(LastByte, 31) >> 2;
  return ((2u << Last) - 1) & ~((1u << First) - 1);
}

namespace {

struct Access {
  uint32_t Space, Op, Width;
  uint64_t Addr;
  bool Wide;
};

Access decodeAccess(uint64_t W) {
  Access A;
  A.Space = uint32_t(W >> 62);
  A.Op = uint32_t(W >> 60) & 3;
  A.Width = uint32_t(W >> SS_LANE_ADDR_BITS) & 0xff;
  A.Addr = W & SS_LANE_WIDE;
  A.Wide = A.Addr == SS_LANE_WIDE;
  return A;
}

/// One request being put together: its lanes' access words, by the lane's
/// rank in the mask, in one flat array (0: that lane's record is missing).
struct Request {
  uint32_t Site, Mask;
  uint64_t First; // index of the lowest lane's slot in LaneLog::Slots
  uint64_t Order; // the lowest lane's record index: its program order
};

class LaneLog {
public:
  LaneLog(const uint8_t *B, uint64_t Len, LaunchData &Out)
      : B(B), Out(Out), H(Out.Header) {
    uint64_t RowBytes = uint64_t(H.log_warps) * 32 * sizeof(ss_lane_record);
    Rows = Len > H.off_log && RowBytes ? (Len - H.off_log) / RowBytes : 0;
  }

  void run() {
    Out.SiteLog.assign(Out.Sites.size(), SiteLogStats{});
    // Rehashing the heat map as it grows was a tenth of the fold's time on
    // a block that gathers millions of sectors; a record a sector bounds it.
    uint64_t Records = 0;
    for (uint32_t W = 0; W < H.log_warps; ++W)
      for (uint32_t L = 0; L < 32; ++L)
        Records += std::min(count(W, L), H.log_lane_records);
    Heat.reserve(std::min<uint64_t>(Records, 1u << 24));
    for (uint32_t W = 0; W < H.log_warps; ++W)
      warp(W);
    Out.Heat.reserve(Heat.size());
    for (auto &[Key, S] : Heat)
      Out.Heat.push_back(S);
    std::sort(Out.Heat.begin(), Out.Heat.end(),
              [](const HeatSector &A, const HeatSector &B) {
                return std::tie(A.Space, A.Addr) < std::tie(B.Space, B.Addr);
              });
  }

private:
  uint32_t count(uint32_t Warp, uint32_t Lane) const {
    uint32_t C;
    std::memcpy(&C, B + H.off_log_counts + 4 * (uint64_t(Warp) * 32 + Lane), 4);
    return C;
  }

  ss_lane_record record(uint64_t Row, uint32_t Warp, uint32_t Lane) const {
    ss_lane_record R;
    std::memcpy(&R,
                B + H.off_log +
                    ((Row * H.log_warps + Warp) * 32 + Lane) * sizeof(R),
                sizeof(R));
    return R;
  }

  /// A warp's records, lane by lane: a request's lowest lane opens it, and
  /// the n-th record of the same site and mask in any other of its lanes is
  /// that lane's part of the n-th such request.
  void warp(uint32_t W) {
    std::vector<Request> Requests;
    std::unordered_map<uint64_t, std::vector<uint32_t>> Opened;
    uint64_t Kept[32];
    bool Overflowed[32];
    Slots.clear();
    for (uint32_t L = 0; L < 32; ++L) {
      uint32_t N = count(W, L);
      Kept[L] = std::min<uint64_t>({N, H.log_lane_records, Rows});
      Overflowed[L] = Kept[L] < N;
      Out.Header.log_dropped += N - Kept[L];
    }
    for (uint32_t L = 0; L < 32; ++L) {
      std::unordered_map<uint64_t, uint32_t> Seen;
      for (uint64_t K = 0; K < Kept[L]; ++K) {
        ss_lane_record R = record(K, W, L);
        ++Out.Log.Records;
        uint32_t Mask = uint32_t(R.site_lanes);
        if (!((Mask >> L) & 1)) {
          ++Out.Log.Malformed;
          continue;
        }
        uint32_t Leader = uint32_t(__builtin_ctz(Mask));
        std::vector<uint32_t> &List = Opened[R.site_lanes];
        uint32_t Id;
        if (L == Leader) {
          Id = uint32_t(Requests.size());
          Requests.push_back(
              {uint32_t(R.site_lanes >> 32), Mask, Slots.size(), K});
          Slots.resize(Slots.size() + __builtin_popcount(Mask), 0);
          List.push_back(Id);
        } else {
          uint32_t Nth = Seen[R.site_lanes]++;
          if (Nth >= List.size()) {
            // Its request's opening record was dropped with the rest of a
            // full lane's; anything else is a record out of place.
            Out.Log.Malformed += !Overflowed[Leader];
            continue;
          }
          Id = List[Nth];
        }
        Request &Q = Requests[Id];
        Slots[Q.First + __builtin_popcount(Mask & ((1u << L) - 1))] = R.access;
      }
    }
    // Lane by lane, the requests came in the order of their lowest lanes;
    // a warp's own order interleaves them (exact for whole-warp requests).
    std::stable_sort(
        Requests.begin(), Requests.end(),
        [](const Request &A, const Request &B) { return A.Order < B.Order; });
    for (LoadedSectors &R : Recent)
      R.clear();
    for (const Request &Q : Requests)
      request(Q, W);
  }

  void request(const Request &Q, uint32_t Warp) {
    ++Out.Log.Requests;
    if (Q.Site >= Out.Sites.size()) {
      ++Out.Header.site_overflow;
      return;
    }
    uint32_t Lanes = uint32_t(__builtin_popcount(Q.Mask));
    // A generic site counts its lanes that reached global memory (LaneLog.h);
    // the others still enter the heat map, through counters that are
    // dropped.
    const bool GlobalOnly =
        Q.Site < Out.GenericSites.size() && Out.GenericSites[Q.Site];
    auto Counts = [&](const Access &A) {
      return !GlobalOnly || A.Space == SS_SPACE_GLOBAL;
    };
    Access Lead = decodeAccess(Slots[Q.First]);
    uint32_t Counted = Lanes;
    if (GlobalOnly) {
      Counted = 0;
      for (uint32_t I = 0; I < Lanes; ++I) {
        uint64_t W = Slots[Q.First + I];
        if (W && Counts(decodeAccess(W)) && !Counted++)
          Lead = decodeAccess(W); // the first lane that counts leads
      }
    }
    ss_site_counters &C = Out.Sites[Q.Site];
    ss_site_counters Dropped{}; // the uncounted lanes' sectors
    if (Counted) {
      ++C.requests;
      C.threads += Counted;
      C.bytes += uint64_t(Counted) * Lead.Width;
    }
    // Distinct sectors in lane order, each with the words its lanes cover.
    struct Sector {
      Access A;
      uint32_t Words;
    } Sectors[32];
    uint32_t N = 0;
    for (uint32_t I = 0; I < Lanes; ++I) {
      if (!Slots[Q.First + I])
        continue; // a lane whose record was dropped
      Access A = decodeAccess(Slots[Q.First + I]);
      uint32_t Words = A.Wide ? 0 : sectorWordMask(A.Addr, A.Width);
      uint32_t S = 0;
      while (S < N && !(Sectors[S].A.Space == A.Space &&
                        Sectors[S].A.Addr >> 5 == A.Addr >> 5))
        ++S;
      if (S == N)
        Sectors[N++] = {A, 0};
      Sectors[S].Words |= Words;
    }
    uint64_t SectorAddrs[32];
    uint32_t Global = 0;
    for (uint32_t S = 0; S < N; ++S) {
      bool Count = Counted && Counts(Sectors[S].A);
      sector(Count ? C : Dropped, Sectors[S].A, Sectors[S].Words, Warp);
      if (Count && Sectors[S].A.Space == SS_SPACE_GLOBAL)
        SectorAddrs[Global++] = Sectors[S].A.Addr >> 5;
    }
    if (Counted && Lead.Space == SS_SPACE_GLOBAL && !Lead.Wide)
      logStats(Out.SiteLog[Q.Site], SectorAddrs, Global, Lead.Op == SS_OP_LOAD);
  }

  /// Lines of a global request and, for a load, the sectors its warp had
  /// loaded within each window (which the fresh ones then join).
  void logStats(SiteLogStats &L, const uint64_t *Sec, uint32_t N, bool Load) {
    uint64_t Lines[32];
    uint32_t NL = 0;
    for (uint32_t S = 0; S < N; ++S)
      if (std::find(Lines, Lines + NL, Sec[S] >> 2) == Lines + NL)
        Lines[NL++] = Sec[S] >> 2;
    L.Lines += NL;
    if (!Load || !N)
      return;
    // Each window is judged as it stood when the request began; then its
    // fresh sectors enter it.
    for (size_t K = 0; K < NumRereadWindows; ++K) {
      bool Held[32];
      uint32_t Reread = 0;
      for (uint32_t S = 0; S < N; ++S)
        Reread += Held[S] = Recent[K].holds(Sec[S], RereadWindows[K]);
      for (uint32_t S = 0; S < N; ++S)
        if (!Held[S])
          Recent[K].enter(Sec[S], RereadWindows[K]);
      L.RereadSectors[K] += Reread;
      L.RereadRequests[K] += Reread == N;
    }
  }

  void sector(ss_site_counters &C, const Access &A, uint32_t Words,
              uint32_t Warp) {
    ++C.sectors;
    if (A.Wide) {
      ++Out.Log.WideSectors;
      return;
    }
    uint64_t Addr = A.Addr & ~uint64_t(31);
    if (A.Space == SS_SPACE_GLOBAL && Words) {
      // The bytes of the words touched: finer than the sector, as the
      // address range of the grid-mode counters.
      C.addr_min = std::min<uint64_t>(
          C.addr_min, Addr + 4 * uint32_t(__builtin_ctz(Words)));
      C.addr_max = std::max<uint64_t>(
          C.addr_max, Addr + 4 * (31 - uint32_t(__builtin_clz(Words))) + 3);
    }
    if (A.Space == SS_SPACE_LOCAL)
      return; // private to a thread: no warp shares it
    HeatSector &S = Heat[(uint64_t(A.Space) << 62) | (Addr >> 5)];
    S.Space = A.Space;
    S.Addr = Addr;
    S.SectorWarps |= 1u << Warp;
    for (uint32_t I = 0; I < SS_WORDS_PER_SECTOR; ++I)
      if (Words & (1u << I))
        S.WordWarps[I] |= 1u << Warp;
    S.Ops |= 1u << A.Op;
  }

  const uint8_t *B;
  LaunchData &Out;
  const ss_launch_header &H;
  uint64_t Rows = 0;
  std::vector<uint64_t> Slots;
  /// The global sectors a warp loaded, in the order they entered: a window
  /// of W holds a sector while fewer than W others entered after it; only
  /// fresh sectors enter, so a window is a FIFO of W sectors. Each sector's
  /// latest entry lives in an open-addressed table, rebuilt with the live
  /// entries when stale ones fill it: node-based maps made these lookups
  /// half of a gathering block's fold.
  class LoadedSectors {
  public:
    void clear() {
      std::fill(Keys.begin(), Keys.end(), Empty);
      Used = 0;
      Count = 0;
    }
    bool holds(uint64_t Sector, uint32_t W) const {
      if (Keys.empty())
        return false;
      for (size_t I = slot(Sector);; I = (I + 1) & (Keys.size() - 1)) {
        if (Keys[I] == Sector)
          return Count - Entries[I] < W;
        if (Keys[I] == Empty)
          return false;
      }
    }
    void enter(uint64_t Sector, uint32_t W) {
      if (Keys.empty())
        resize(W);
      if (Used >= Limit)
        rebuild(W);
      insert(Sector, Count++);
    }

  private:
    static constexpr uint64_t Empty = ~uint64_t(0); // no sector is 2^64 - 1
    size_t slot(uint64_t Sector) const {
      return size_t((Sector * 0x9e3779b97f4a7c15ull) >> Shift);
    }
    void insert(uint64_t Sector, uint64_t Entry) {
      for (size_t I = slot(Sector);; I = (I + 1) & (Keys.size() - 1)) {
        if (Keys[I] == Sector) {
          Entries[I] = Entry;
          return;
        }
        if (Keys[I] == Empty) {
          Keys[I] = Sector;
          Entries[I] = Entry;
          ++Used;
          return;
        }
      }
    }
    /// Room for 4 W + 64 keys at most half full.
    void resize(uint32_t W) {
      Limit = 4 * size_t(W) + 64;
      size_t Size = 1;
      int Bits = 0;
      while (Size < 2 * Limit)
        Size <<= 1, ++Bits;
      Keys.assign(Size, Empty);
      Entries.assign(Size, 0);
      Shift = 64 - Bits;
      Used = 0;
    }
    /// Keeps the entries the window still reaches.
    void rebuild(uint32_t W) {
      std::vector<std::pair<uint64_t, uint64_t>> Live;
      for (size_t I = 0; I < Keys.size(); ++I)
        if (Keys[I] != Empty && Count - Entries[I] < W)
          Live.push_back({Keys[I], Entries[I]});
      std::fill(Keys.begin(), Keys.end(), Empty);
      Used = 0;
      for (const auto &[Sector, Entry] : Live)
        insert(Sector, Entry);
    }

    std::vector<uint64_t> Keys, Entries;
    size_t Used = 0, Limit = 0;
    int Shift = 0;
    uint64_t Count = 0;
  };
  LoadedSectors Recent[NumRereadWindows];
  std::unordered_map<uint64_t, HeatSector> Heat;
};

} // namespace

void foldLaneLog(const uint8_t *B, uint64_t Len, LaunchData &Out) {
  LaneLog(B, Len, Out).run();
}

} // namespace sectorscope::rt
