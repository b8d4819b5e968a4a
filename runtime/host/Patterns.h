//===- Patterns.h - cuThermo's patterns, detected with evidence -----------===//
//
// cuThermo shows a heat map and leaves the reading to the programmer; here
// the same readings are made automatically, per site and per allocation, and
// each verdict carries the numbers it was made from.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_PATTERNS_H
#define SECTORSCOPE_RT_PATTERNS_H

#include "Buffers.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace sectorscope::rt {

struct PatternHit {
  std::string Name;
  nlohmann::json Evidence;
};

/// Statistics of a set of heat-map sectors (one site's range, or one
/// allocation) in the sampled block.
struct HeatStats {
  uint64_t Sectors = 0;
  uint64_t Words = 0;                // touched words
  uint64_t FirstAddr = ~uint64_t(0); // lowest and highest touched sector
  uint64_t LastAddr = 0;
  uint64_t PrivateWords = 0;     // touched by exactly one warp
  uint64_t WrittenSectors = 0;   // stored or atomically updated
  uint64_t FalseShared = 0;      // written, >1 warp, every word <= 1 warp
  uint64_t ReadSectors = 0;      // loaded and neither stored nor atomic
  uint64_t FalseSharedReads = 0; // of those: >= FalseSharingLoadMinWarps
                                 // warps, every word <= 1 warp
  uint64_t SharedSectors = 0;    // some word touched by >= 2 warps
  uint64_t HotSectors = 0;       // some word touched by >= the hot threshold
  uint32_t HotThreshold = 0;
  uint32_t MaxWordWarps = 0, MaxSectorWarps = 0;
  uint32_t MinSharedWarps = 0; // among shared sectors: their max word warps
  double SharedVariation = 0;  // coefficient of variation of the same
  uint64_t CommonGap = 0;      // most frequent gap between touched sectors
  double CommonGapShare = 0;   // its share of all gaps
  // Touched-word masks of consecutive sectors repeat with this period (1..8)
  // for this share of the sectors: a stride leaves the same holes again and
  // again, a gather does not.
  uint32_t MaskPeriod = 0;
  double MaskPeriodShare = 0;
  /// Bytes from the first touched sector to the end of the last one: how
  /// much of an allocation the sampled block ranges over.
  uint64_t SpanBytes() const { return Sectors ? LastAddr - FirstAddr + 32 : 0; }
  double WordFill() const {
    return Sectors ? double(Words) / (8.0 * Sectors) : 0;
  }
};

/// Heat is sorted by (space, address); takes the sectors of Space in
/// [Lo, Hi] (Space ~0u: any space).
HeatStats heatStats(const std::vector<HeatSector> &Heat, uint32_t Space,
                    uint64_t Lo, uint64_t Hi, uint32_t BlockWarps);

/// ceil(active lanes per request * width / 32), at least 1.
double idealSectorsPerRequest(const ss_site_counters &C, uint32_t Width);

/// Coalescing verdicts from a site's counters, refined by the heat of its
/// range when there is one: coalesced, misaligned, strided, uncoalesced.
std::vector<PatternHit> coalescingPatterns(const ss_site_counters &C,
                                           uint32_t Width,
                                           const HeatStats *Heat);

/// Heat-map verdicts: false_sharing (global memory), hot_spot, random_hot,
/// smem_abuse (shared memory). Op is the site's ss_op, so that a load is
/// judged by the sectors that are only read and a store or atomic by the
/// written ones; AnyOp (an allocation) takes the written ones first.
constexpr uint32_t AnyOp = ~0u;
std::vector<PatternHit> heatPatterns(const HeatStats &H, uint32_t Space,
                                     uint32_t Op = AnyOp);

/// Partition camping over one vector of per-partition sector counts.
struct CampVerdict {
  bool Camped = false;
  uint64_t Total = 0, Max = 0;
  uint32_t MaxPartition = 0, Used = 0, Count = 0;
  double Skew = 0;  // max / mean (over used buckets for sector buckets)
  double Share = 0; // max / total
  std::string Reason;
  /// Skewed, but by loads of at most a granule, which L1 serves: not
  /// camped, and what the launch's skew comes from.
  bool CachedReads = false;
};
CampVerdict campVerdict(const uint64_t *Counts, uint32_t N, bool SectorBuckets);

} // namespace sectorscope::rt

#endif
