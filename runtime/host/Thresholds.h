//===- Thresholds.h - Every pattern threshold, in one place ---------------===//
//
// Documented in runtime/README.md ("Patterns"); change both together.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_THRESHOLDS_H
#define SECTORSCOPE_RT_THRESHOLDS_H

#include <cstdint>

namespace sectorscope::rt::thresholds {

// Per-site counters: sectors per request (spr) against the ideal.
constexpr double CoalescedSlack = 1.1;      // coalesced: spr <= ideal * 1.1
constexpr double StridedFactor = 2.0;       // strided: spr >= ideal * 2
constexpr double MisalignedTolerance = 0.5; // misaligned: |spr-(ideal+1)| <= .5
// With ideal 1, one extra sector doubles spr: call it misaligned only when
// the touched sectors are densely used (else it is a stride).
constexpr double MisalignedMinWordFill = 0.75;
// Strided needs regular addresses: the most common gap between consecutive
// touched sectors of the site's range covers this fraction of the gaps.
constexpr double RegularGapFraction = 0.6;
// ... and the touched-word masks of sectors repeat with a period of 1..8
// sectors for this fraction of them.
constexpr double RegularMaskFraction = 0.6;

// Heat map (sampled block), per site range and per allocation.
constexpr double FalseSharingFraction = 0.25; // of written (read) sectors
constexpr uint64_t FalseSharingMinSectors = 2;
// Loads: a sector read on disjoint words by at least this many warps. Not 2:
// a misaligned or odd-sized per-warp range shares its end sectors with the
// next warp's, and that is misalignment, not false sharing.
constexpr uint32_t FalseSharingLoadMinWarps = 3;
constexpr double HotWarpFraction = 0.5; // a word read by >= half the warps
constexpr uint32_t HotMinWarps = 4;     // not 2: stencil halos are shared by 2
constexpr uint64_t HotFewSectors = 8;   // "few": <= 8 sectors, or
constexpr double HotFewFraction = 0.10; // <= 10% of the sectors, or
constexpr double HotAllFraction = 0.90; // nearly all (broadcast data)
constexpr double RandomSharedFraction = 0.25; // sectors with a shared word
constexpr uint64_t RandomMinSectors = 8;
constexpr double RandomMinVariation = 0.25;  // coeff. of variation of warps
constexpr double SmemPrivateFraction = 0.95; // words touched by one warp
constexpr uint64_t SmemMinWords = 8;

// Grid mode: partition camping.
constexpr double CampSkew = 2.0;             // max / mean
constexpr uint64_t CampMinPerPartition = 16; // sectors per partition needed
constexpr double CampFewPartitions = 0.25;   // all traffic on <= 1/4
constexpr double CampSameSectorShare = 0.10; // uniform: one sector's share
constexpr uint64_t CampSameSectorMin = 32;   // uniform: its requests needed

} // namespace sectorscope::rt::thresholds

#endif
