//===- AccessGrid.cu - Grid mode: kernel entry and one access -------------===//
//
// In grid mode the host launches each kernel's grid variant (abi.h
// SS_GRID_KERNEL_SUFFIX): a copy of the instrumented kernel whose entry and
// accesses are these, so the sampled block's log code (Access.cu), and the
// registers it needs, are not in it. Every block counts; GridCounts.cuh
// says how a request stays cheap.
//
//===----------------------------------------------------------------------===//
#include "GridCounts.cuh"

using namespace sectorscope_rt;

/// The thread's state (abi.h ss_state) in a grid variant: GRID, the block's
/// time window and, for one warp in eight, RANGE. 0 (count nothing) when no
/// grid-mode launch is set, which the host never does.
extern "C" __device__ uint32_t __sectorscope_enter_grid() {
  ss_launch_header *H = header();
  if (!H || !(cfg().mode & SS_MODE_GRID))
    return 0;
  unsigned Tid = linearTid();
  if (Tid == 0)
    redAdd(&H->sampled_blocks, 1);
  // Rotated by the block, so that every warp of a block (a site only warp 3
  // runs, say) samples its range in some blocks.
  bool Range = ((Tid / 32 + uint32_t(linearBlock())) & 7) == 0;
  // Whole rows a warp: SS_SHAPE_ROW_UNIFORM addresses are uniform.
  bool Rows = (blockDim.x & 31) == 0;
  uint32_t Stride = cfg().shared_block_stride;
  bool Shared = Stride <= 1 || uint32_t(linearBlock()) % Stride == 0;
  return gridState() | (Range ? SS_STATE_RANGE : 0) |
         (Rows ? SS_STATE_ROWS : 0) | (Shared ? SS_STATE_SHARED : 0);
}

/// A shared- or local-memory request whose lanes are not one stride apart
/// (a histogram's bins, a private array indexed by data, a merge's binary
/// search whose lanes leave its loop at different trips), `Lanes` its
/// lanes: one match on the 32-bit sector key groups them (both spaces'
/// offsets, local ones interleaved by lane, are under 2^37), and countRun
/// counts the request and its sectors for the site and a `Twin`. These
/// spaces have no partitions or ranges to find.
SS_DEV void countOffsetRequest(uint32_t State, uint32_t Site, uint32_t Twin,
                               uint32_t PassSpace, uint64_t Offset,
                               unsigned Lanes) {
  unsigned Peers = __match_any_sync(Lanes, uint32_t(Offset >> 5));
  uint32_t Sectors = __popc(__ballot_sync(Lanes, (Peers & lanesBelow()) == 0));
  bool Full = Lanes == ~0u;
  countRun(State, Site, PassSpace, Offset, 0, Sectors, Full,
           Full ? laneId() : __popc(Lanes & lanesBelow()), __popc(Lanes), Twin);
  __syncwarp(Lanes);
}

/// A loop's sums of one site's full-warp runs, kept in a register of the
/// caller until the loop exits (abi.h __sectorscope_access_grid_tally):
/// lane 0 adds each run's request and sectors, the other lanes keep zero.
/// One 64-bit sum a site holds requests in bits 0-15, the sectors of a
/// shared or local site, or a global site's in partition 0 (a one-mask map
/// has two), in bits 16-39, partition 1's in bits 40-63: at most 32 sectors
/// a request, a sum flushed at 2^16 - 1 requests never carries from one
/// field into the next. Three reductions per request cost a loop of short
/// accesses (a GEMM's inner product) more than the access; summed, they
/// cost one set per loop.
namespace tally {
constexpr uint64_t RequestMask = 0xffff;
constexpr unsigned SectorShift = 16, OddSectorShift = 40;
constexpr uint64_t SectorMask = 0xffffff;
} // namespace tally

/// Adds a sum to the site's counters and clears it. Per lane, no votes:
/// the lanes that hold sums reach a loop's exits at their own times.
/// Inline: a call in a loop made ptxas keep the loop's values in
/// call-saved registers and spill.
SS_DEV void flushTally(uint32_t State, uint32_t Site, bool Global,
                       uint64_t *Sum) {
  uint64_t V = *Sum;
  if (!V)
    return;
  *Sum = 0;
  uint32_t Row = siteRow(State, Site);
  ss_site_counters *C = siteCounters(Row);
  redAdd(&C->requests, V & tally::RequestMask);
  uint32_t Even = uint32_t(V >> tally::SectorShift) & tally::SectorMask;
  if (!Global) {
    redAdd(&C->sectors, Even);
    return;
  }
  uint32_t Odd = uint32_t(V >> tally::OddSectorShift);
  if (Even)
    countPartition(State, Row, 0, Even);
  if (Odd)
    countPartition(State, Row, 1, Odd);
}

/// A full warp's run that countRun would count (`Lane` the lane's place),
/// added to a sum instead. The range, which one warp in eight samples, is
/// still widened at once: a sum for it would cost every warp two registers.
SS_DEV void tallyRun(uint32_t State, uint32_t Site, bool Global, uint64_t First,
                     uint32_t Span, uint32_t Sectors, unsigned Lane,
                     uint64_t *Sum) {
  if (Lane != 0)
    return;
  if (Global && (State & SS_STATE_RANGE))
    widenRange(siteCounters(siteRow(State, Site)), First, First + Span);
  bool Odd = Global && maskedParity(First, cfg().part_masks[0]);
  uint64_t V =
      *Sum + 1 +
      (uint64_t(Sectors) << (Odd ? tally::OddSectorShift : tally::SectorShift));
  *Sum = V;
  if ((V & tally::RequestMask) == tally::RequestMask)
    flushTally(State, Site, Global, Sum);
}

/// A run under the uniform model's sector buckets (abi.h
/// part_sector_buckets) of `Lanes` lanes, `Rel` this lane's place among
/// them, `Addr` its address, `Stride` the distance between lanes, `Width`
/// bytes each: a lane whose sector is not the previous lane's adds it to
/// its bucket, in the window's and each site's rows; the first lane counts
/// the requests, the lanes missing and widens the range. No votes: the
/// lanes of a run are in address order.
SS_DEV void countBucketLanes(uint32_t State, uint32_t Site, uint32_t Twin,
                             uint64_t Addr, int32_t Stride, uint32_t Width,
                             unsigned Rel, unsigned Lanes) {
  bool Leads = Rel == 0 || ((Addr ^ (Addr - int64_t(Stride))) >> 5) != 0;
  uint32_t Bucket = uint32_t(Addr >> 5) & (cfg().part_count - 1);
  for (uint32_t S : {Site, Twin}) {
    if (S == NoTwin)
      break;
    uint32_t Row = siteRow(State, S);
    if (Leads)
      countPartition(State, Row, Bucket, 1);
    if (Rel == 0) {
      ss_site_counters *C = siteCounters(Row);
      redAdd(&C->requests, 1);
      if (Lanes < 32)
        redAdd(&C->threads, 32 - Lanes);
      // The first lane holds the run's lowest byte, or its highest for a
      // negative stride.
      uint64_t Last = int64_t(Lanes - 1) * Stride;
      uint64_t Lo = Stride < 0 ? Addr + Last : Addr;
      uint64_t Hi = (Stride < 0 ? Addr : Addr + Last) + Width - 1;
      if (State & SS_STATE_RANGE)
        widenRange(C, Lo, Hi);
    }
  }
}

/// A full warp's run under the sector buckets (countBucketLanes). Out of
/// line: only GPUs without a measured map take it, and inlined it
/// lengthened every global site of a grid variant by a quarter.
static __device__ __attribute__((noinline)) void
countBucketRun(uint32_t State, uint32_t Site, uint32_t Twin, uint64_t Addr,
               int32_t Stride, uint32_t Width) {
  countBucketLanes(State, Site, Twin, Addr, Stride, Width, laneId(), 32);
}

/// A full warp's run: into the sum when there is one, else to the
/// counters.
SS_DEV void countFullRun(uint32_t State, uint32_t Site, uint32_t PassSpace,
                         uint64_t First, uint32_t Span, uint32_t Sectors,
                         unsigned Lane, uint32_t Twin, uint64_t *Sum) {
  if (Sum)
    tallyRun(State, Site, PassSpace == SS_SPACE_GLOBAL, First, Span, Sectors,
             Lane, Sum);
  else
    countRun(State, Site, PassSpace, First, Span, Sectors, /*Full=*/true, Lane,
             32, Twin);
}

/// The pass's space and shape of an access (abi.h op_space).
SS_DEV uint32_t passSpace(uint32_t OpSpace) {
  return (OpSpace >> SS_SPACE_SHIFT) & 0xff;
}
SS_DEV uint32_t passShape(uint32_t OpSpace) {
  return (OpSpace >> SS_SHAPE_SHIFT) & 0xff;
}

/// A request at a site of known space, by the shape the pass proved (abi.h
/// ss_shape): one address in every lane (or in every lane of a row, when a
/// warp is a row) is one sector, counted from the address alone, whatever
/// lanes are there (a loop's warp that lost lanes
/// at an early exit, which with few warps sets the kernel's pace); a full
/// warp's lanes one stride apart are counted from lane 0's
/// address and the stride (a few shuffles and a vote, then the counters'
/// reductions); shared and local gathers by countOffsetRequest: at once, for
/// any lanes, when the pass saw the offsets come from memory, and otherwise
/// for full warps whose stride check failed. With a `Twin` site (a store of
/// the address the site loaded, same lanes) the counts are the twin's too.
/// This is the part of the access inlined at each site
/// (-sectorscope-inline-access). With a loop's `Sum` (no twin), a full
/// warp's run is added to it. False: nothing was counted, the request goes
/// to the out-of-line path.
SS_DEV bool countShortPath(uint32_t Site, uint32_t Width, uint32_t OpSpace,
                           const void *Ptr, uint32_t Lanes, uint32_t State,
                           uint32_t Twin = NoTwin, uint64_t *Sum = nullptr) {
  uint32_t PassSpace = passSpace(OpSpace), Shape = passShape(OpSpace);
  uint32_t NumSites = cfg().num_sites;
  // No lanes: the call site does not know them (abi.h); the long way finds
  // them.
  if (!Lanes || PassSpace == SS_SPACE_GENERIC || !Width || Site >= NumSites ||
      (Twin != NoTwin && Twin >= NumSites))
    return false;
  unsigned Lane = laneId();
  uint32_t Space;
  uint64_t Addr = spaceAddress(Ptr, PassSpace, Lane, Space);
  bool Global = PassSpace == SS_SPACE_GLOBAL;
  // A local address the same in every lane is a line, not a sector: each
  // lane's word is its own (spaceAddress).
  bool Uniform = Shape == SS_SHAPE_UNIFORM ||
                 (Shape == SS_SHAPE_ROW_UNIFORM && (State & SS_STATE_ROWS));
  if (Uniform && PassSpace != SS_SPACE_LOCAL) {
    uint32_t Span = Width - 1;
    if (!runCountable(PassSpace, Addr, Span)) {
      if (!(Global && Lanes == ~0u && cfg().part_sector_buckets))
        return false;
      countBucketRun(State, Site, Twin, Addr, 0, Width);
      __syncwarp();
      return true;
    }
    uint32_t Sectors = runSectors(Addr, Span);
    if (Lanes == ~0u) {
      countFullRun(State, Site, PassSpace, Addr, Span, Sectors, Lane, Twin,
                   Sum);
      __syncwarp();
    } else {
      countRun(State, Site, PassSpace, Addr, Span, Sectors, /*Full=*/false,
               __popc(Lanes & lanesBelow()), __popc(Lanes), Twin);
      __syncwarp(Lanes);
    }
    return true;
  }
  if (Lanes != ~0u) {
    if (Global || Shape != SS_SHAPE_GATHER)
      return false;
    countOffsetRequest(State, Site, Twin, PassSpace, Addr, Lanes);
    return true;
  }
  if (Shape == SS_SHAPE_GATHER) {
    // Global gathers go the long way: inline, their match and votes
    // measured no faster than the call (spmv_csr_scalar 12.2x and 12.3x on
    // an H100).
    if (Global)
      return false;
    countOffsetRequest(State, Site, Twin, PassSpace, Addr, ~0u);
    return true;
  }
  uint64_t First;
  int32_t Stride;
  if (Shape == SS_SHAPE_LANE_STRIDE && (State & SS_STATE_ROWS) &&
      PassSpace != SS_SPACE_LOCAL) {
    // The pass proved the stride of a warp that is one row's lanes in
    // order: lane 0's address without a shuffle.
    Stride = int8_t(OpSpace >> SS_STRIDE_SHIFT);
    First = Addr - int64_t(Lane) * Stride;
  } else {
    // Lane 0's address and lane 1's distance from it, from shuffles that
    // do not wait for each other: in a loop of few warps each request's
    // chain of latencies is the kernel's.
    First = __shfl_sync(~0u, (unsigned long long)Addr, 0);
    Stride = int32_t(__shfl_sync(~0u, uint32_t(Addr), 1) - uint32_t(First));
    if (!__all_sync(~0u, Addr == First + int64_t(int32_t(Lane)) * Stride)) {
      if (Global)
        return false;
      countOffsetRequest(State, Site, Twin, PassSpace, Addr, ~0u);
      return true;
    }
  }
  uint32_t Distance = Stride < 0 ? 0u - uint32_t(Stride) : uint32_t(Stride);
  // Lanes further apart than this go the long way; closer, every offset
  // below is 32-bit.
  if (Distance >= (1u << 26))
    return false;
  // The lowest byte is lane 0's start, or lane 31's for a negative stride;
  // accesses are aligned to their width, so none straddles a sector.
  uint64_t Lo = First - (Stride < 0 ? 31 * Distance : 0);
  uint32_t Span = 31 * Distance + Width - 1;
  // Lanes at most 32 bytes apart leave no sector out; further apart, each
  // lane has one of its own.
  uint32_t Sectors = Distance <= 32 ? runSectors(Lo, Span) : 32;
  if (runCountable(PassSpace, Lo, Span))
    countFullRun(State, Site, PassSpace, Lo, Span, Sectors, Lane, Twin, Sum);
  else if (Global && cfg().part_sector_buckets)
    countBucketRun(State, Site, Twin, Addr, Stride, Width);
  else if (Distance >= 32 && cfg().part_run_offsets)
    countPartitionPair(
        State, Site, Twin, Lane, 32,
        __popc(__ballot_sync(~0u, maskedParity(Addr, cfg().part_masks[0]))), Lo,
        Lo + Span);
  else
    return false;
  // The counting lanes' updates and lane 0's range branch per lane; the
  // program's next request must see the warp whole whatever ptxas does with
  // them.
  __syncwarp();
  return true;
}

/// One request, `Mask` its lanes; `Full` (a constant) when they are all 32:
/// inlined twice, so that the full warp's copy uses the constant full mask,
/// which ptxas does not check at run time before each shuffle and vote.
SS_DEV void countGridRequest(ss_launch_header *H, uint32_t Site, uint32_t Width,
                             uint32_t PassSpace, uint32_t Space, uint64_t Addr,
                             bool Full, unsigned Mask, unsigned Lane,
                             uint32_t State) {
  if (Full)
    Mask = ~0u;
  bool MaybeGlobal =
      PassSpace == SS_SPACE_GLOBAL || PassSpace == SS_SPACE_GENERIC;
  uint64_t Key = sectorKey(Space, Addr);
  unsigned Low = Mask & (0u - Mask);
  SectorScan S;
  // A partial warp's lanes in one range (the first lanes of a loop's tail,
  // a tree reduction's last levels) at a site of known space (a generic run
  // could change spaces): the previous lane's address tells whether they
  // access one run of bytes in lane order, and otherwise its sector key. A
  // full warp's stride was checked inline (countShortPath).
  if (!Full && PassSpace != SS_SPACE_GENERIC && Width &&
      ((Mask + Low) & Mask) == 0) {
    unsigned Rel = __popc(Mask & lanesBelow());
    unsigned Lanes = __popc(Mask);
    // The first lane's previous address is another lane's (undefined): it
    // is not read.
    uint64_t Prev = __shfl_up_sync(Mask, (unsigned long long)Addr, 1);
    if (__all_sync(Mask, Rel == 0 || Addr - Prev == Width)) {
      uint64_t First = Addr - Rel * Width;
      uint32_t Span = Lanes * Width - 1;
      bool Counted = Site < cfg().num_sites;
      if (Counted && runCountable(PassSpace, First, Span))
        countRun(State, Site, PassSpace, First, Span, runSectors(First, Span),
                 /*Full=*/false, Rel, Lanes);
      else if (Counted && PassSpace == SS_SPACE_GLOBAL &&
               cfg().part_sector_buckets)
        countBucketLanes(State, Site, NoTwin, Addr, int32_t(Width), Width, Rel,
                         Lanes);
      else
        Counted = false;
      if (Counted) {
        // The first lane's updates branch per lane; ptxas closes such
        // regions with a convergence barrier, but the program's next
        // request must see the warp whole whatever ptxas does.
        __syncwarp(Mask);
        return;
      }
    }
    S = leadersByKey(Mask, Key, Rel == 0 ? Key : sectorKey(Space, Prev),
                     MaybeGlobal);
  } else if (Full) {
    S = leadersByKey(~0u, Key, __shfl_up_sync(~0u, (unsigned long long)Key, 1),
                     MaybeGlobal);
  } else {
    S = scanPartWarp(Mask, Key, Lane, MaybeGlobal);
  }
  // The first active lane leads; from the lane mask, not with a
  // find-first-set, a slower instruction.
  bool IsLeader = Full ? Lane == 0 : (Mask & lanesBelow()) == 0;
  countRequest(H, State, Site, Width, MaybeGlobal, Space, Addr, Mask, Lane,
               IsLeader, S);
  // As in Access.cu: the lanes that came in together leave together.
  __syncwarp(Mask);
}

/// Every request countShortPath does not take: partial warps (but for one
/// address in every lane and shared or local gathers), generic sites,
/// global gathers, strides of 2^26 bytes or more, runs across partition
/// granules. Out of line, so that the code at each site stays small.
extern "C" __device__ __attribute__((noinline)) void
__sectorscope_access_grid_rest(uint32_t Site, const void *Ptr, uint32_t Width,
                               uint32_t OpSpace, uint32_t Lanes,
                               uint32_t State) {
  ss_launch_header *H = header();
  uint32_t PassSpace = passSpace(OpSpace);
  auto [Lane, Space, Addr, Active, Leader, Key] =
      request(Ptr, PassSpace, Lanes);
  // A generic site counts the lanes that reach global memory: its shared
  // and local lanes are not memory traffic (`cond ? global : shared`
  // pointers in hand-tuned stencils). All the lanes that came in leave
  // together, as countGridRequest's do.
  if (PassSpace == SS_SPACE_GENERIC) {
    unsigned Global = __ballot_sync(Active, Space == SS_SPACE_GLOBAL);
    if (Space == SS_SPACE_GLOBAL)
      countGridRequest(H, Site, Width, PassSpace, Space, Addr, /*Full=*/false,
                       Global, Lane, State);
    __syncwarp(Active);
    return;
  }
  if (Active == ~0u)
    countGridRequest(H, Site, Width, PassSpace, Space, Addr, /*Full=*/true,
                     Active, Lane, State);
  else
    countGridRequest(H, Site, Width, PassSpace, Space, Addr, /*Full=*/false,
                     Active, Lane, State);
}

/// Whether this block counts a site of the pass's space: a grid-mode
/// launch is set (a zero state: none was at entry; the grid variant has no
/// original body to run then, the pass keeps only the instrumented one, so
/// its accesses do nothing), and a shared-memory site counts in one block
/// in shared_block_stride (abi.h). Matching a shared gather's lanes costs
/// tens of cycles a request, where the access itself costs a few; the
/// ratios the report draws from it (sectors per request, bank conflicts)
/// are a block's, not the grid's.
SS_DEV bool countsHere(uint32_t OpSpace, uint32_t State) {
  return header() && State &&
         (passSpace(OpSpace) != SS_SPACE_SHARED || (State & SS_STATE_SHARED));
}

/// One request of `Site` and of its `Twin` (NoTwin: none), whose request
/// is the same: the short path counts both with one look at the warp, the
/// rest each.
SS_DEV void countSites(uint32_t Site, const void *Ptr, uint32_t Width,
                       uint32_t OpSpace, uint32_t Lanes, uint32_t State,
                       uint32_t Twin, uint32_t TwinOpSpace) {
  if (countShortPath(Site, Width, OpSpace, Ptr, Lanes, State, Twin))
    return;
  __sectorscope_access_grid_rest(Site, Ptr, Width, OpSpace, Lanes, State);
  if (Twin != NoTwin)
    __sectorscope_access_grid_rest(Twin, Ptr, Width, TwinOpSpace, Lanes, State);
}

/// One access of grid mode, its full-warp runs added to a loop's `Sum`
/// when there is one.
SS_DEV void countAccess(uint32_t Site, const void *Ptr, uint32_t Width,
                        uint32_t OpSpace, uint32_t Lanes, uint32_t State,
                        uint64_t *Sum) {
  if (!countsHere(OpSpace, State))
    return;
  if (!countShortPath(Site, Width, OpSpace, Ptr, Lanes, State, NoTwin, Sum))
    __sectorscope_access_grid_rest(Site, Ptr, Width, OpSpace, Lanes, State);
}

extern "C" __device__ void
__sectorscope_access_grid(uint32_t Site, const void *Ptr, uint32_t Width,
                          uint32_t OpSpace, uint32_t Lanes, uint32_t State) {
  countAccess(Site, Ptr, Width, OpSpace, Lanes, State, nullptr);
}

/// Two accesses of one address by the same lanes, one after the other (a
/// read-modify-write: `a[i] += x`, a histogram's bin): the second site's
/// request is the first's, so the short path counts it with the same
/// shuffles and votes, and only the rest counts it again.
extern "C" __device__ void
__sectorscope_access_grid_pair(uint32_t Site, const void *Ptr, uint32_t Width,
                               uint32_t OpSpace, uint32_t Lanes, uint32_t State,
                               uint32_t TwinSite, uint32_t TwinOpSpace) {
  if (countsHere(OpSpace, State))
    countSites(Site, Ptr, Width, OpSpace, Lanes, State, TwinSite, TwinOpSpace);
}

/// A shared-memory site outside every loop of its function (the pass's
/// choice), and its pair's second site if `Twin` is not NoTwin: the blocks
/// that do not count shared memory pass it with the test, inlined; a
/// counting block calls the count, out of line. Such a site runs once a
/// thread, so the call costs a counting block little, where an inlined
/// short path (a hundred-odd PTX instructions) at each of an unrolled
/// reduction's dozens of sites made most of the kernel's code: a bitpacking
/// kernel's grid variant had 7,300 PTX lines for a 330-line kernel. Sites
/// in loops keep the short path inlined: called, a small kernel whose loop
/// reads shared memory ran slower (docs/design.md).
extern "C" __device__ __attribute__((noinline)) void
__sectorscope_access_grid_shared_count(uint32_t Site, const void *Ptr,
                                       uint32_t Width, uint32_t OpSpace,
                                       uint32_t Lanes, uint32_t State,
                                       uint32_t Twin, uint32_t TwinOpSpace) {
  countSites(Site, Ptr, Width, OpSpace, Lanes, State, Twin, TwinOpSpace);
}

extern "C" __device__ void __sectorscope_access_grid_shared_once(
    uint32_t Site, const void *Ptr, uint32_t Width, uint32_t OpSpace,
    uint32_t Lanes, uint32_t State, uint32_t Twin, uint32_t TwinOpSpace) {
  if (countsHere(OpSpace, State))
    __sectorscope_access_grid_shared_count(Site, Ptr, Width, OpSpace, Lanes,
                                           State, Twin, TwinOpSpace);
}

/// A site in a loop whose full-warp runs the loop sums in `Sum` (a
/// register of the caller once inlined; see tallyRun); every other request
/// is counted as __sectorscope_access_grid counts it.
extern "C" __device__ void
__sectorscope_access_grid_tally(uint32_t Site, const void *Ptr, uint32_t Width,
                                uint32_t OpSpace, uint32_t Lanes,
                                uint32_t State, uint64_t *Sum) {
  countAccess(Site, Ptr, Width, OpSpace, Lanes, State, Sum);
}

/// At each exit of the loop: the site's sum goes to its counters.
extern "C" __device__ void __sectorscope_grid_tally_flush(uint32_t Site,
                                                          uint32_t OpSpace,
                                                          uint32_t State,
                                                          uint64_t *Sum) {
  flushTally(State, Site, passSpace(OpSpace) == SS_SPACE_GLOBAL, Sum);
}
