//===- Traffic.h - A kernel's memory traffic, grid-wide ------- -*- C++ -*-===//
//
// What the models consume: bytes moved (sectors x 32) per (op, width) class
// for the whole grid, plus per-warp word and misalignment counts for the GT200
// model. The runtime's counters cover the sampled block(s) only, so every
// count is multiplied by blocks / sampled_blocks: this assumes all blocks do
// the same work, which holds for the regular kernels these models target.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_TRAFFIC_H
#define SECTORSCOPE_MODEL_TRAFFIC_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/Profile.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace sectorscope::model {

struct TrafficClass {
  Op TheOp = Op::Read;
  int Width = 4;
  double Bytes = 0; ///< Sectors x 32, whole grid.
};

/// One global/local site as the bandwidth model sees it (grid totals).
struct MemItem {
  Op TheOp = Op::Read;
  bool Waits = true; ///< A load: the warp waits for the data.
  double SectorsPerRequest = 1;
  double Bytes = 0;    ///< Sectors x 32 (L1-level traffic).
  double Requests = 0; ///< Warp-level requests.
  double Mlp = 1;      ///< Loads in flight together (sites[].mlp).
  /// The site's requests in the profile, before any scaling: the loads in
  /// flight together (one basic block) share it and their mlp. 0 for a
  /// micro-benchmark row's items, which the bandwidth model groups not.
  double SampledRequests = 0;
  double LinesPerRequest = 1; ///< 128-byte lines a request touches (L1 tags).
  /// A load's sectors its warp had loaded just before (profile sites[].log):
  /// L1 hits. Their share of its sectors, and the share of its requests
  /// made of them alone (the rest wait for their other sectors).
  double RereadShare = 0, RereadRequestShare = 0;
  double freshBytes() const { return Bytes * (1 - RereadShare); }
  /// Sectors a global store writes only in part (grid total; see
  /// partialSectors).
  double PartialSectors = 0;
  /// A load whose words several warps of the block read (heat map:
  /// hot_spot): the warps read them at the same trip, so L1 serves the
  /// bytes whatever the block's whole footprint, but the first warp's miss
  /// is what the others wait for.
  bool SharedAcrossWarps = false;
  /// A volatile or atomic load (sites[].skips_l1): L1 serves none of its
  /// requests, re-reads and words other warps read included.
  bool SkipsL1 = false;
  /// Whether those sectors stay partial: the sampled block leaves words of
  /// the sectors in the site's range untouched (heat map word_fill < 1).
  /// Sectors that other warps complete (a naive transpose's column stores)
  /// are merged in L2 and never fetched.
  bool PartialLeftOpen = false;
  /// Lines holding sectors left partial: as many as the request's lines.
  double partialLines() const {
    return PartialLeftOpen
               ? PartialSectors *
                     std::min(1.0, LinesPerRequest /
                                       std::max(SectorsPerRequest, 1.0))
               : 0;
  }
  int Use = -1; ///< Index into Traffic::Uses; -1: no object known.
  /// Local memory (per-thread arrays): on chip, charged by the `local`
  /// figures instead of DRAM, L2 and tag costs when the calibration has them.
  bool Local = false;
  /// Either half of an atomic.
  bool OfAtomic = false;
  /// Atomics (write half only): the lanes' updates (grid total); atomics
  /// and loads that skip L1 have the words and bytes of the allocation they
  /// touch (0: unknown), for the rate of work on a table (TableRates.h).
  double AtomicUpdates = 0, TableWords = 0, TableBytes = 0;
  /// An atomic whose result the code uses (sites[].waits): every request
  /// is a round trip to L2, where atomics are performed.
  bool AtomicWaits = false;
};

/// What the profile says about one (object, op): the L1-level bytes of its
/// sites, the allocation's size, and the distinct sectors the sampled block
/// touched in it (heat map), scaled to the grid. 0 = unknown.
struct ObjectUse {
  int ObjectId = -1;
  Op TheOp = Op::Read;
  double L1Bytes = 0, SizeBytes = 0, BlockDistinctBytes = 0;
  /// L1Bytes less what its warps re-read just after loading it: the bytes
  /// that can miss, among which its DRAM bytes are shared out.
  double FreshBytes = 0;
  /// How far the sampled block ranges over the allocation (objects[].span,
  /// first touched sector to the end of the last); 0 unknown.
  double BlockSpanBytes = 0;
  double Base = -1; ///< The allocation's address (objects[].base); -1 unknown.
  /// Bytes of it the previous launch left in L2 (inheritFrom): read as L2
  /// hits, not DRAM misses.
  double WarmBytes = 0;
};

/// Which reuse across blocks L2 gives (Traffic::dramBytes).
struct L2ReuseRules {
  /// Re-reads of an allocation larger than L2 hit while their lines stay
  /// (Traffic::l2RereadMissShares); false: every block's distinct sectors
  /// miss.
  bool AcrossBlocks = true;
  /// Of those, a use whose blocks each range over a small part of the
  /// allocation re-reads its neighbours' sectors soon after them; false:
  /// every re-read allocation is re-read uniformly.
  bool Neighbours = true;
};

struct Traffic {
  std::vector<TrafficClass> Classes; ///< Non-zero classes only.
  std::vector<MemItem> Items;        ///< Per site (bandwidth model).
  std::vector<ObjectUse> Uses;
  double Blocks = 1, WarpsPerBlock = 1;
  double SharedBytesPerBlock = 0; ///< Dynamic shared memory (profile).
  bool CountsFromGrid = false;    ///< Profile::CountsFromGrid.
  /// Per-warp counts (GT200 model): warp-level requests and the requests
  /// that touch more sectors than an aligned access would (misaligned).
  double ReadWordsPerWarp = 0, ReadMisalignedPerWarp = 0;
  double WriteWordsPerWarp = 0, WriteMisalignedPerWarp = 0;
  /// Bytes the previous launch stored (its storedBytes): dirty in L2 when
  /// this one starts. Unset: not known, nothing charged.
  std::optional<double> InheritedDirtyBytes;
  /// Warp instruction issue slots of the grid: every site's (shared ones
  /// too) requests times its work (sites[].work). 0: no work in the profile.
  double IssueSlots = 0;
  /// Shared memory: the grid's wavefronts, loads and stores (a request's
  /// bytes over the 128 the banks serve at once, at least one; bank
  /// conflicts are not in the counters), and the round trips of the
  /// accesses that make their warp wait (loads, atomics whose old value is
  /// used: requests over the shared loads in flight with them) and their
  /// wavefronts.
  double SharedWavefronts = 0, SharedLoadSteps = 0, SharedLoadWavefronts = 0;
  /// Whether a shared load's mlp is the pass's count (ABI v23 on): before,
  /// every shared load counted 1, and their round trips are not charged.
  bool SharedStepsKnown = true;
  /// The share of a block's warps that reach global memory (the sampled
  /// block's heat map; 1 unknown): the round trips queue on those alone.
  double WorkingWarpShare = 1;
  /// The share of an item's L1-level bytes that are sectors its object's
  /// sampled block had not touched before (heat map); 1 where unknown.
  double freshShare(const MemItem &I) const;

  double totalWarps() const { return Blocks * WarpsPerBlock; }
  double totalBytes() const;
  double bytes(Op O) const;
  void add(Op O, int Width, double Bytes);
  /// DRAM bytes of an item: its L1-level bytes, less the reuse its object
  /// shows. Reuse inside a block (L1) is bounded by the heat map's distinct
  /// sectors per block; reuse across blocks (L2) by the allocation's size
  /// when it fits in L2 (L2Bytes > 0), or, for an allocation larger than
  /// L2 that the grid reads many times over, by the re-reads that miss
  /// (l2RereadMissShares, as Rules allow). Shared pro rata by the object's
  /// items.
  double dramBytes(const MemItem &I, double L2Bytes,
                   L2ReuseRules Rules = {}) const;
  /// Per use: the share of its grid-wide distinct bytes (the sampled block's
  /// distinct bytes times the blocks) that misses L2. 1 except for reads of
  /// an allocation larger than L2 whose distinct bytes exceed its size.
  /// Neighbours: whether a use whose blocks range over a small part of it
  /// may re-read its neighbours' sectors (see Traffic.cpp).
  std::vector<double> l2RereadMissShares(double L2Bytes,
                                         bool Neighbours = true) const;
  /// Bytes of a load item that its own block touched before (the reuse
  /// inside a block the heat map shows): L1 hits when the resident blocks'
  /// working sets fit in L1. 0 for stores (they write through L1) and
  /// without a heat map.
  double inBlockReuseBytes(const MemItem &I) const;
  /// Distinct bytes one block loads (heat map, summed over the objects it
  /// reads): its L1 working set. 0 unknown.
  double blockLoadFootprint() const;
  /// DRAM bytes of the global stores and atomics: what the kernel leaves
  /// dirty in L2.
  double storedBytes(double L2Bytes) const;
  /// Bytes of the L2 lines the kernel's DRAM traffic allocates (128 per
  /// line): a request with s sectors in each of its lines allocates 4 / s
  /// times its sectors' bytes.
  double allocatedBytes(double L2Bytes) const;
};

/// A benchmark row's launch as a kernel with no traffic yet: its blocks and
/// warps per block (the row must have both; the row describers add items).
Traffic benchRowGrid(const BenchRow &R);

/// Sectors of one global store site (sampled block) that its requests fill
/// only in part. Stores write through L1, so L2 merges each partial sector
/// by itself; local memory (write-back in L1) and atomics (done at L2 in
/// full) are not counted. The profile gives the bytes the lanes asked for,
/// not their layout: with `missing` = sectors x 32 - bytes, a request
/// misaligned by a word has two partial sectors whose missing bytes add up
/// to one sector, a strided one leaves at least half of each sector
/// unwritten, so partial = min(sectors, 2 x missing / 32) is exact for both.
/// 0 when the profile lacks `bytes`.
double partialSectors(const Site &S);

/// Per site of P: whether it is a global store whose partial sectors its
/// warp completes at the same trip, so that they reach L2 whole and cost
/// what full ones do. The store sites on one allocation that run as often
/// (same requests: an unrolled body's copies, a structure's fields, an
/// upsampled pixel's neighbours) write at least CompletedShare of the
/// largest one's sectors, and the sampled block's heat map, when there is
/// one, leaves none of their words unwritten. Sectors completed over
/// several trips (a thread filling its own row word by word) or by other
/// warps (a naive transpose's columns) are not.
std::vector<bool> completedInOneTrip(const Profile &P);
/// The share of a trip's sectors its stores must write to count as whole.
constexpr double CompletedShare = 0.95;

/// Builds the grid-wide traffic. Global and local (it lives in device
/// memory) sites count; shared memory does not. An atomic both reads and
/// writes its sectors; for the bandwidth model it does not wait (the
/// profile does not say whether its old value is used: RED, as the
/// compiler emits for an unused result).
Traffic trafficFromProfile(const Profile &P);

} // namespace sectorscope::model

#endif
