//===- Patterns.cpp - cuThermo's patterns, detected with evidence ---------===//
#include "Patterns.h"
#include "Thresholds.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sectorscope::rt {

namespace T = thresholds;

static double round3(double V) { return std::round(V * 1000.0) / 1000.0; }

HeatStats heatStats(const std::vector<HeatSector> &Heat, uint32_t Space,
                    uint64_t Lo, uint64_t Hi, uint32_t BlockWarps) {
  HeatStats H;
  H.HotThreshold = std::max<uint32_t>(
      T::HotMinWarps, uint32_t(std::ceil(BlockWarps * T::HotWarpFraction)));
  auto Begin = Heat.begin(), End = Heat.end();
  if (Space != ~0u) {
    auto Less = [](const HeatSector &S, std::pair<uint32_t, uint64_t> K) {
      return S.Space != K.first ? S.Space < K.first : S.Addr < K.second;
    };
    Begin = std::lower_bound(Heat.begin(), Heat.end(),
                             std::make_pair(Space, Lo & ~uint64_t(31)), Less);
    End = Begin;
    while (End != Heat.end() && End->Space == Space && End->Addr <= Hi)
      ++End;
  }
  std::vector<uint32_t> SharedLevels;
  std::vector<uint8_t> Masks;
  std::map<uint64_t, uint64_t> Gaps;
  const HeatSector *Prev = nullptr;
  for (auto It = Begin; It != End; ++It) {
    const HeatSector &S = *It;
    if (Space == ~0u && (S.Addr + 31 < Lo || S.Addr > Hi))
      continue;
    ++H.Sectors;
    H.FirstAddr = std::min(H.FirstAddr, S.Addr);
    H.LastAddr = std::max(H.LastAddr, S.Addr);
    uint32_t MaxWord = 0;
    uint8_t Mask = 0;
    for (uint32_t I = 0; I < SS_WORDS_PER_SECTOR; ++I)
      Mask |= uint8_t(S.WordWarps[I] ? 1u << I : 0);
    Masks.push_back(Mask);
    for (uint32_t W : S.WordWarps) {
      uint32_t N = __builtin_popcount(W);
      if (N)
        ++H.Words;
      if (N == 1)
        ++H.PrivateWords;
      MaxWord = std::max(MaxWord, N);
    }
    uint32_t SectorN = __builtin_popcount(S.SectorWarps);
    H.MaxWordWarps = std::max(H.MaxWordWarps, MaxWord);
    H.MaxSectorWarps = std::max(H.MaxSectorWarps, SectorN);
    if (S.Ops & 6u) {
      ++H.WrittenSectors;
      if (SectorN > 1 && MaxWord <= 1)
        ++H.FalseShared;
    } else {
      ++H.ReadSectors;
      if (SectorN >= T::FalseSharingLoadMinWarps && MaxWord <= 1)
        ++H.FalseSharedReads;
    }
    if (MaxWord >= 2)
      SharedLevels.push_back(MaxWord);
    if (MaxWord >= H.HotThreshold)
      ++H.HotSectors;
    if (Prev && Prev->Space == S.Space)
      ++Gaps[S.Addr - Prev->Addr];
    Prev = &S;
  }
  H.SharedSectors = SharedLevels.size();
  if (!SharedLevels.empty()) {
    double Mean = 0, Var = 0;
    H.MinSharedWarps =
        *std::min_element(SharedLevels.begin(), SharedLevels.end());
    for (uint32_t L : SharedLevels)
      Mean += L;
    Mean /= SharedLevels.size();
    for (uint32_t L : SharedLevels)
      Var += (L - Mean) * (L - Mean);
    Var /= SharedLevels.size();
    H.SharedVariation = Mean > 0 ? std::sqrt(Var) / Mean : 0;
  }
  uint64_t AllGaps = 0, Best = 0;
  for (const auto &[Gap, N] : Gaps) {
    AllGaps += N;
    if (N > Best) {
      Best = N;
      H.CommonGap = Gap;
    }
  }
  H.CommonGapShare = AllGaps ? double(Best) / AllGaps : 0;
  for (uint32_t P = 1; P <= 8 && P < Masks.size(); ++P) {
    uint64_t Same = 0;
    for (size_t I = P; I < Masks.size(); ++I)
      Same += Masks[I] == Masks[I - P];
    double Share = double(Same) / double(Masks.size() - P);
    if (Share > H.MaskPeriodShare + 1e-9) {
      H.MaskPeriodShare = Share;
      H.MaskPeriod = P;
    }
  }
  return H;
}

double idealSectorsPerRequest(const ss_site_counters &C, uint32_t Width) {
  if (C.requests == 0)
    return 0;
  double Lanes = double(C.threads) / double(C.requests);
  return std::max(1.0, std::ceil(Lanes * Width / SS_SECTOR_BYTES - 1e-9));
}

std::vector<PatternHit> coalescingPatterns(const ss_site_counters &C,
                                           uint32_t Width,
                                           const HeatStats *Heat) {
  std::vector<PatternHit> Out;
  if (C.requests == 0)
    return Out;
  double Spr = double(C.sectors) / double(C.requests);
  double Ideal = idealSectorsPerRequest(C, Width);
  nlohmann::json Base = {{"sectors_per_request", round3(Spr)},
                         {"ideal_sectors_per_request", Ideal},
                         {"ratio", round3(Spr / Ideal)}};
  bool HaveHeat = Heat && Heat->Sectors >= 2;
  if (Spr <= Ideal * T::CoalescedSlack) {
    Out.push_back({"coalesced", Base});
    return Out;
  }
  if (std::fabs(Spr - (Ideal + 1)) <= T::MisalignedTolerance &&
      (Ideal >= 2 ||
       (HaveHeat && Heat->WordFill() >= T::MisalignedMinWordFill))) {
    nlohmann::json E = Base;
    E["extra_sectors_per_request"] = round3(Spr - Ideal);
    Out.push_back({"misaligned", E});
    return Out;
  }
  if (Spr >= Ideal * T::StridedFactor) {
    nlohmann::json E = Base;
    if (!HaveHeat) {
      // Grid mode keeps no heat map: too many sectors, but whether by a
      // stride or a gather cannot be told.
      E["regular"] = nullptr;
      Out.push_back({"uncoalesced", E});
      return Out;
    }
    E["word_fill"] = round3(Heat->WordFill());
    E["common_sector_gap_bytes"] = Heat->CommonGap;
    E["common_gap_share"] = round3(Heat->CommonGapShare);
    E["word_mask_period"] = Heat->MaskPeriod;
    E["word_mask_period_share"] = round3(Heat->MaskPeriodShare);
    // Data-dependent reuse (random_hot) over a densely touched range can
    // look regular by gaps and masks; its uneven warp sharing gives it away.
    bool RandomReuse =
        Heat->SharedSectors >= T::RandomMinSectors &&
        Heat->SharedSectors >= T::RandomSharedFraction * Heat->Sectors &&
        Heat->SharedVariation >= T::RandomMinVariation;
    bool Regular = Heat->CommonGapShare >= T::RegularGapFraction &&
                   Heat->MaskPeriodShare >= T::RegularMaskFraction &&
                   !RandomReuse;
    E["regular"] = Regular;
    Out.push_back({Regular ? "strided" : "uncoalesced", E});
  }
  return Out;
}

static bool falselyShared(uint64_t FalseShared, uint64_t Sectors) {
  return FalseShared >= T::FalseSharingMinSectors &&
         FalseShared >= T::FalseSharingFraction * Sectors;
}

std::vector<PatternHit> heatPatterns(const HeatStats &H, uint32_t Space,
                                     uint32_t Op) {
  std::vector<PatternHit> Out;
  if (H.Sectors == 0)
    return Out;
  // cuThermo's false sharing: warps on different words of one sector cannot
  // be coalesced into one request, so each pays for the whole sector. A
  // store writes it back once per warp; a load reads it once per warp (each
  // warp of gemm_v00 reads its own column of B).
  bool Global = Space == SS_SPACE_GLOBAL || Space == SS_SPACE_GENERIC;
  bool Writes =
      Op != SS_OP_LOAD && falselyShared(H.FalseShared, H.WrittenSectors);
  bool Reads = !Writes && (Op == SS_OP_LOAD || Op == AnyOp) &&
               falselyShared(H.FalseSharedReads, H.ReadSectors);
  if (Global && Writes)
    Out.push_back({"false_sharing",
                   {{"false_shared_sectors", H.FalseShared},
                    {"written_sectors", H.WrittenSectors},
                    {"max_sector_warps", H.MaxSectorWarps}}});
  else if (Global && Reads)
    Out.push_back({"false_sharing",
                   {{"false_shared_sectors", H.FalseSharedReads},
                    {"read_sectors", H.ReadSectors},
                    {"max_sector_warps", H.MaxSectorWarps}}});
  bool Hot = false;
  if (H.HotSectors > 0 && (H.HotSectors <= T::HotFewSectors ||
                           H.HotSectors <= T::HotFewFraction * H.Sectors ||
                           H.HotSectors >= T::HotAllFraction * H.Sectors)) {
    Hot = true;
    Out.push_back({"hot_spot",
                   {{"hot_sectors", H.HotSectors},
                    {"sectors", H.Sectors},
                    {"max_word_warps", H.MaxWordWarps},
                    {"hot_threshold_warps", H.HotThreshold}}});
  }
  if (!(Hot && H.HotSectors >= T::HotAllFraction * H.Sectors) &&
      H.SharedSectors >= T::RandomMinSectors &&
      H.SharedSectors >= T::RandomSharedFraction * H.Sectors &&
      H.SharedVariation >= T::RandomMinVariation)
    Out.push_back({"random_hot",
                   {{"shared_sectors", H.SharedSectors},
                    {"sectors", H.Sectors},
                    {"min_word_warps", H.MinSharedWarps},
                    {"max_word_warps", H.MaxWordWarps},
                    {"variation", round3(H.SharedVariation)}}});
  if (Space == SS_SPACE_SHARED && H.Words >= T::SmemMinWords &&
      H.PrivateWords >= T::SmemPrivateFraction * H.Words)
    Out.push_back({"smem_abuse",
                   {{"words", H.Words},
                    {"private_words", H.PrivateWords},
                    {"sectors", H.Sectors}}});
  return Out;
}

CampVerdict campVerdict(const uint64_t *Counts, uint32_t N,
                        bool SectorBuckets) {
  CampVerdict V;
  V.Count = N;
  for (uint32_t I = 0; I < N; ++I) {
    V.Total += Counts[I];
    if (Counts[I])
      ++V.Used;
    if (Counts[I] > V.Max) {
      V.Max = Counts[I];
      V.MaxPartition = I;
    }
  }
  if (V.Total == 0 || N == 0)
    return V;
  // Sector buckets: 4096 of them, mostly empty for a small kernel, so the
  // mean is taken over the used ones (1.0 when no sector is shared).
  double Mean = double(V.Total) / (SectorBuckets ? V.Used : N);
  V.Skew = round3(V.Max / Mean);
  V.Share = round3(double(V.Max) / V.Total);
  if (SectorBuckets) {
    if (V.Max >= T::CampSameSectorMin &&
        V.Max >= T::CampSameSectorShare * V.Total) {
      V.Camped = true;
      V.Reason = "same_sector";
    }
    return V;
  }
  if (N < 2 || V.Total < T::CampMinPerPartition * N)
    return V;
  if (V.Skew >= T::CampSkew) {
    V.Camped = true;
    V.Reason = "skew";
  } else if (V.Used <= T::CampFewPartitions * N) {
    V.Camped = true;
    V.Reason = "few_partitions";
  }
  return V;
}

} // namespace sectorscope::rt
