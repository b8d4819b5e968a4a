//===- SampleLog.cuh - The sampled block's request log ---------*- CUDA -*-===//
//
// The sampled block's requests go to a log in the launch buffer (abi.h),
// written with plain stores at positions a per-warp cursor in shared memory
// hands out. A shared hash table in L2 cost one atomic round trip per
// request, and the sampled block, slowed by that on every access, became the
// critical path of loop-heavy kernels. Here a request costs a shared-memory
// compare-and-swap; the only global atomic is taking a chunk, once per ~500
// records. The host folds the records into the heat map and the site
// counters.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RUNTIME_DEVICE_SAMPLELOG_CUH
#define SECTORSCOPE_RUNTIME_DEVICE_SAMPLELOG_CUH

#include "SectorGroups.cuh"

namespace sectorscope_rt {

/// Bit i: the access covers 4-byte word i of its sector.
SS_DEV uint32_t wordMask(uint64_t Addr, uint32_t Width) {
  uint32_t First = uint32_t(Addr & 31) >> 2;
  uint32_t LastByte = uint32_t(Addr & 31) + (Width ? Width - 1 : 0);
  uint32_t Last = (LastByte > 31 ? 31 : LastByte) >> 2;
  return ((2u << Last) - 1) & ~((1u << First) - 1);
}

/// The words of its sector that this lane's group (`Peers`) covers: one
/// vote per word over the whole request. A reduction over each group's own
/// mask would be one instruction, but with a mask that differs between
/// lanes ptxas runs it once per group, one after the other: 32 times for a
/// strided request, which made it most of the request's time.
SS_DEV uint32_t groupWords(unsigned Active, unsigned Peers, uint32_t Mine) {
  uint32_t Words = 0;
#pragma unroll
  for (unsigned W = 0; W < 8; ++W)
    Words |= ((__ballot_sync(Active, (Mine >> W) & 1) & Peers) != 0) << W;
  return Words;
}

/// The warps' log cursors (abi.h), per block; only the sampled block
/// uses them. Shared memory, not registers: a warp's divergent groups each
/// have their own leader and must not be handed the same records. A cursor
/// is the warp's chunk (SS_LOG_CURSOR_CHUNK_SHIFT up) and the records used
/// in it, header included: one atomicAdd reserves a request's records, with
/// no read before it. A reservation that runs past the chunk's end is not
/// written; its leader takes a new chunk and sets the cursor to it.
static __shared__ uint32_t LogCursor[SS_MAX_WARPS];

/// At the sampled block's entry, before any access: no chunk yet (a full
/// one, so that the first reservation takes a chunk).
SS_DEV void resetLogCursor() {
  LogCursor[linearTid() / 32] = SS_LOG_CHUNK_RECORDS;
  __syncwarp();
}

/// The first of `Need` consecutive records in this warp's chunk, plus one,
/// taking a new chunk when the current one has no room; 0 when the log is
/// full. Called by one lane per request.
SS_DEV uint32_t reserveRecords(ss_launch_header *H, unsigned Lane,
                               uint32_t Need) {
  constexpr uint32_t R = SS_LOG_CHUNK_RECORDS;
  constexpr uint32_t Shift = SS_LOG_CURSOR_CHUNK_SHIFT;
  constexpr uint32_t Full = SS_LOG_CURSOR_FULL;
  uint32_t *Cursor = &LogCursor[linearTid() / 32];
  uint32_t Old = atomicAdd(Cursor, Need);
  uint32_t Chunk = Old >> Shift, Used = Old & ((1u << Shift) - 1);
  // Reservations past the end pile up only until a leader that ran past
  // sets the cursor again: at most 32 groups of at most 33 records, within
  // the used field (abi.h). The full cursor is set again for the same reason.
  if (Chunk == (Full >> Shift)) {
    atomicExch(Cursor, Full);
    return 0;
  }
  if (Used + Need <= R)
    return Chunk * R + Used + 1;
  uint64_t Taken = atomAdd(&H->log_chunks_taken, 1);
  if (Taken >= cfg().log_chunks || Taken >= (Full >> Shift)) {
    atomicExch(Cursor, Full);
    return 0;
  }
  uint32_t First = uint32_t(Taken) * R;
  stGlobal(table<uint64_t>(H, cfg().off_log) + First, SS_LOG_CHUNK_TAG | Lane);
  // Another group of this warp may have run past the end as well and set
  // its own chunk: the one set last is used, the other keeps the records
  // already in it (abi.h: a chunk's records end at the first zero).
  atomicExch(Cursor, (uint32_t(Taken) << Shift) | (1 + Need));
  return First + 2;
}

/// One request of the sampled block: every lane of `Active` calls this with
/// its sector group (`Peers`, lanes with its sector key). The request's
/// leader reserves 1 + (distinct sectors) records in its warp's chunk; each
/// sector's first lane writes that sector's record.
SS_DEV void logRequest(ss_launch_header *H, uint32_t Site, uint32_t Op,
                       uint32_t Width, uint32_t Space, uint64_t Addr,
                       unsigned Active, unsigned Peers, unsigned Lane,
                       unsigned Leader, bool SectorLeader,
                       unsigned SectorLeaders) {
  uint32_t Words = groupWords(Active, Peers, wordMask(Addr, Width));
  uint32_t Base = 0; // first record of this request, plus one
  if (Lane == Leader) {
    Base = reserveRecords(H, Lane, 1 + __popc(SectorLeaders));
    if (!Base)
      redAdd(&H->log_dropped, 1);
  }
  Base = __shfl_sync(Active, Base, Leader);
  if (!Base)
    return;
  uint64_t *Rec = table<uint64_t>(H, cfg().off_log) + (Base - 1);
  if (Lane == Leader)
    stGlobal(Rec, SS_LOG_REQUEST_TAG | (uint64_t(linearTid() / 32) << 56) |
                      (uint64_t(__popc(Active)) << 50) |
                      (uint64_t(Op & 3) << 48) |
                      (uint64_t(Width > 0xffff ? 0xffff : Width) << 32) | Site);
  if (SectorLeader) {
    uint64_t Sector = Addr >> 5;
    bool Fits = Sector < (1ull << SS_LOG_SECTOR_BITS);
    unsigned Rank = __popc(SectorLeaders & ((1u << Lane) - 1));
    stGlobal(Rec + 1 + Rank,
             (uint64_t(Space + 1) << 62) | (Fits ? 0 : SS_LOG_WIDE) |
                 (uint64_t(Words & 0xff) << SS_LOG_SECTOR_BITS) |
                 (Fits ? Sector : 0));
  }
}

} // namespace sectorscope_rt

#endif
