//===- Analysis.cpp - From a launch buffer to sites, objects, findings ----===//
#include "Demangle.h"
#include "Report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <unistd.h>

namespace sectorscope::rt {

void appendHex(std::string &Out, uint64_t V, int MinDigits) {
  static const char Digits[] = "0123456789abcdef";
  char Buf[16];
  int N = 0;
  do {
    Buf[sizeof(Buf) - 1 - N++] = Digits[V & 15];
    V >>= 4;
  } while (V || N < MinDigits);
  Out += "0x";
  Out.append(Buf + sizeof(Buf) - N, N);
}

std::string hexAddr(uint64_t V) {
  std::string Out;
  appendHex(Out, V);
  return Out;
}

std::string ObjectResult::describe() const {
  if (Kind == "cudaMalloc" || Kind == "cudaMallocManaged")
    return A.describe();
  if (Kind == "shared")
    return "shared memory";
  if (Kind == "local")
    return "local memory";
  return "unregistered global memory";
}

namespace {

/// Groups addresses into report objects: registered allocations, and one
/// pseudo-object each for shared, local and unregistered global memory.
class ObjectIndex {
public:
  ObjectIndex(const AllocationSnapshot &Allocs,
              std::vector<ObjectResult> &Objects)
      : Allocs(Allocs), Objects(Objects) {}

  int objectOf(uint32_t Space, uint64_t Addr) {
    if (Space == SS_SPACE_SHARED)
      return pseudo("shared", Shared);
    if (Space == SS_SPACE_LOCAL)
      return pseudo("local", Local);
    const Allocation *A = Allocs.find(Addr);
    if (!A)
      return pseudo("unregistered", Unregistered);
    auto It = ByBase.find(A->Base);
    if (It != ByBase.end())
      return It->second;
    ObjectResult O;
    O.Kind = A->Managed ? "cudaMallocManaged" : "cudaMalloc";
    O.A = *A;
    O.Lo = A->Base;
    O.Hi = A->Base + A->Size - 1;
    Objects.push_back(O);
    return ByBase[A->Base] = int(Objects.size() - 1);
  }

private:
  int pseudo(const char *Kind, int &Slot) {
    if (Slot < 0) {
      ObjectResult O;
      O.Kind = Kind;
      O.Lo = ~uint64_t(0);
      Objects.push_back(O);
      Slot = int(Objects.size() - 1);
    }
    return Slot;
  }

  const AllocationSnapshot &Allocs;
  std::vector<ObjectResult> &Objects;
  std::map<uint64_t, int> ByBase;
  int Shared = -1, Local = -1, Unregistered = -1;
};

std::string relativeToCwd(const std::string &File) {
  char Buf[4096];
  if (!getcwd(Buf, sizeof(Buf)))
    return File;
  std::string Cwd = Buf;
  if (Cwd != "/" && File.size() > Cwd.size() + 1 &&
      File.compare(0, Cwd.size(), Cwd) == 0 && File[Cwd.size()] == '/')
    return File.substr(Cwd.size() + 1);
  return File;
}

std::string fmt1(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.1f", V);
  return Buf;
}

std::string findingMessage(const SiteResult &SR, const PatternHit &P,
                           const std::string &Object, const LaunchReport &R) {
  std::string Op = opName(SR.S.Op);
  std::string Fn =
      shortKernelName(SR.S.Function.empty() ? R.Info.Kernel : SR.S.Function);
  const auto &E = P.Evidence;
  std::string On = Object.empty() ? "" : " on " + Object;
  auto U = [&](const char *K) {
    return std::to_string(E.value(K, uint64_t(0)));
  };
  std::string Ratio =
      fmt1(SR.Spr) + " sectors/request (ideal " + fmt1(SR.Ideal) + ")";
  if (P.Name == "strided" || P.Name == "misaligned")
    return P.Name + " " + Op + " in " + Fn + ": " + Ratio + On;
  if (P.Name == "uncoalesced")
    return "uncoalesced " + Op + " in " + Fn + ": " + Ratio +
           (E.contains("regular") && E["regular"].is_null()
                ? " (grid mode: stride or gather unknown),"
                : ", irregular addresses,") +
           On;
  if (P.Name == "false_sharing") {
    bool Reads = E.contains("read_sectors");
    return "false sharing at " + Op + " in " + Fn + ": " +
           U("false_shared_sectors") + " of " +
           (Reads ? U("read_sectors") + " read"
                  : U("written_sectors") + " written") +
           " sectors shared by several warps, each word by one," + On;
  }
  if (P.Name == "hot_spot")
    return "hot spot at " + Op + " in " + Fn + ": " + U("hot_sectors") +
           " of " + U("sectors") + " sectors touched by up to " +
           U("max_word_warps") + " warps of the sampled block" + On;
  if (P.Name == "random_hot")
    return "random hot " + Op + " in " + Fn + ": " + U("shared_sectors") +
           " of " + U("sectors") + " sectors shared by " + U("min_word_warps") +
           "-" + U("max_word_warps") + " warps, irregularly," + On;
  if (P.Name == "smem_abuse")
    return "shared memory abuse at " + Op + " in " + Fn + ": " +
           U("private_words") + " of " + U("words") +
           " shared words touched by a single warp (thread-private data)";
  if (P.Name == "camped" && E.value("reason", std::string()) == "same_sector")
    return "same-sector camping at " + Op + " in " + Fn + ": " +
           U("max_sectors") + " of " + U("sectors") +
           " sector requests of all blocks on one sector (model " +
           R.Info.PartitionModelName + ")" + On;
  if (P.Name == "camped")
    return "partition camping at " + Op + " in " + Fn + ": skew " +
           fmt1(E.value("skew", 0.0)) + " (max/mean over " + U("partitions") +
           " partitions, model " + R.Info.PartitionModelName + ")" + On;
  return P.Name + " " + Op + " in " + Fn + On;
}

/// What the steps of one launch's analysis share.
struct LaunchAnalysis {
  LaunchAnalysis(LaunchReport &R, const AllocationSnapshot &Allocs)
      : R(R), Index(Allocs, R.Objects), Grid(R.Info.TheMode == Mode::Grid) {
    uint64_t Threads =
        uint64_t(R.Info.Block[0]) * R.Info.Block[1] * R.Info.Block[2];
    BlockWarps = uint32_t((Threads + 31) / 32);
  }

  LaunchReport &R;
  ObjectIndex Index;
  std::vector<std::vector<HeatSector>> ObjectHeat; // per object
  bool Grid;
  uint32_t BlockWarps = 0;
};

/// Assigns every heat-map sector to its object; pseudo-objects (shared,
/// local, unregistered memory) grow to the sectors they hold.
void assignHeatToObjects(LaunchAnalysis &A) {
  LaunchReport &R = A.R;
  const std::vector<HeatSector> &Heat = R.Data.Heat;
  R.HeatObject.resize(Heat.size());
  for (size_t I = 0; I < Heat.size(); ++I) {
    int O = A.Index.objectOf(Heat[I].Space, Heat[I].Addr);
    R.HeatObject[I] = O;
    A.ObjectHeat.resize(R.Objects.size());
    A.ObjectHeat[O].push_back(Heat[I]);
    ObjectResult &Obj = R.Objects[O];
    if (Obj.Kind != "cudaMalloc" && Obj.Kind != "cudaMallocManaged") {
      Obj.Lo = std::min(Obj.Lo, Heat[I].Addr);
      Obj.Hi = std::max(Obj.Hi, Heat[I].Addr + 31);
    }
  }
}

/// The object whose heat sectors fill most of [Lo, Hi] in SpaceFilter (~0u:
/// any space); -1 when none does.
int objectMostTouched(const LaunchReport &R, uint32_t SpaceFilter, uint64_t Lo,
                      uint64_t Hi) {
  const std::vector<HeatSector> &Heat = R.Data.Heat;
  std::map<int, uint64_t> Tally;
  // Heat is sorted by (space, address): start at the range.
  size_t First = 0;
  if (SpaceFilter != ~0u)
    First = size_t(
        std::lower_bound(
            Heat.begin(), Heat.end(),
            std::make_pair(SpaceFilter, Lo & ~uint64_t(31)),
            [](const HeatSector &X, std::pair<uint32_t, uint64_t> K) {
              return X.Space != K.first ? X.Space < K.first : X.Addr < K.second;
            }) -
        Heat.begin());
  for (size_t I = First; I < Heat.size(); ++I) {
    const HeatSector &H = Heat[I];
    if (SpaceFilter != ~0u && (H.Space != SpaceFilter || H.Addr > Hi))
      break;
    if ((SpaceFilter == ~0u || H.Space == SpaceFilter) && H.Addr + 31 >= Lo &&
        H.Addr <= Hi)
      ++Tally[R.HeatObject[I]];
  }
  int Object = -1;
  uint64_t Best = 0;
  for (const auto &[O, N] : Tally)
    if (N > Best) {
      Best = N;
      Object = O;
    }
  return Object;
}

/// The site's heat statistics and the object it touched.
void siteHeatAndObject(LaunchAnalysis &A, SiteResult &SR) {
  const ss_site_counters &C = SR.C;
  // ~0 is what the host primed addr_min with and no access ends at: a
  // range holding it was not written properly, so it is not used.
  bool HasRange =
      C.requests && C.addr_min <= C.addr_max && C.addr_max != ~uint64_t(0);
  uint32_t SpaceFilter = SR.S.Space == SS_SPACE_GENERIC ? ~0u : SR.S.Space;
  uint64_t Hi = C.addr_max; // the last byte (abi.h)
  if (HasRange && !A.Grid) {
    SR.Heat =
        heatStats(A.R.Data.Heat, SpaceFilter, C.addr_min, Hi, A.BlockWarps);
    SR.Object = objectMostTouched(A.R, SpaceFilter, C.addr_min, Hi);
  }
  // A block's shared memory is small and all one object: without a range
  // a shared site still gets the heat of the block's shared memory.
  if (!HasRange && C.requests && !A.Grid && SR.S.Space == SS_SPACE_SHARED) {
    SR.Heat = heatStats(A.R.Data.Heat, SS_SPACE_SHARED, 0, ~uint64_t(0) >> 2,
                        A.BlockWarps);
    SR.Object = A.Index.objectOf(SS_SPACE_SHARED, 0);
  }
  if (HasRange && SR.Object < 0)
    SR.Object = A.Index.objectOf(
        SR.S.Space == SS_SPACE_GENERIC ? uint32_t(SS_SPACE_GLOBAL) : SR.S.Space,
        C.addr_min);
  A.ObjectHeat.resize(A.R.Objects.size());
}

/// The site's coalescing verdicts (from its counters) and heat verdicts.
void sitePatterns(LaunchAnalysis &A, SiteResult &SR, bool InTable) {
  if (InTable && SR.S.Space != SS_SPACE_SHARED && SR.S.Space != SS_SPACE_LOCAL)
    SR.Patterns =
        coalescingPatterns(SR.C, SR.S.Width, SR.Heat ? &*SR.Heat : nullptr);
  if (!SR.Heat)
    return;
  uint32_t Space = SR.S.Space;
  if (Space == SS_SPACE_GENERIC && SR.Object >= 0)
    Space = A.R.Objects[SR.Object].Kind == "shared" ? SS_SPACE_SHARED
                                                    : SS_SPACE_GLOBAL;
  for (auto &P : heatPatterns(*SR.Heat, Space, SR.S.Op))
    SR.Patterns.push_back(std::move(P));
}

/// Whether SR is a load whose bytes span no more than a partition granule
/// (a table of weights, a scalar every thread reads). Such bytes are in one
/// or two partitions by construction, and each SM's L1 serves them after
/// the first touch: nothing queues at a partition, and no block order or
/// pitch could spread them. As in the analyzer's rule, the same bytes camp
/// only when stored to or updated. The uniform model's one partition is all
/// of memory: there no load camps (a sector every block reads is a hot spot).
bool loadWithinAGranule(const SiteResult &SR, uint32_t GranuleLog2) {
  const ss_site_counters &C = SR.C;
  if (SR.S.Op != SS_OP_LOAD || !C.requests || C.addr_min > C.addr_max ||
      GranuleLog2 >= 64)
    return false;
  // addr_max is the last byte accessed (abi.h).
  return C.addr_max - C.addr_min < (uint64_t(1) << GranuleLog2);
}

/// Grid mode: the site's sectors per partition and its camping verdict.
void siteCamping(const LaunchAnalysis &A, SiteResult &SR) {
  const LaunchData &D = A.R.Data;
  uint32_t PartCount = D.Header.part_count;
  uint64_t Index = uint64_t(SR.S.Id) - D.FirstSite;
  if (!A.Grid || !PartCount || SR.S.Id < D.FirstSite ||
      Index >= D.Sites.size() || D.PartSite.size() < (Index + 1) * PartCount)
    return;
  const uint64_t *Row = D.PartSite.data() + Index * PartCount;
  SR.PartCounts.assign(Row, Row + PartCount);
  if (SR.S.Space != SS_SPACE_GLOBAL && SR.S.Space != SS_SPACE_GENERIC)
    return;
  SR.Camp = campVerdict(Row, PartCount, A.R.Info.SectorBuckets);
  if (SR.Camp->Camped && loadWithinAGranule(SR, D.Header.part_granule_log2)) {
    SR.Camp->Camped = false;
    SR.Camp->Reason.clear();
    SR.Camp->CachedReads = true;
  }
  if (SR.Camp->Camped)
    SR.Patterns.push_back({"camped",
                           {{"skew", SR.Camp->Skew},
                            {"partitions", SR.Camp->Count},
                            {"used_partitions", SR.Camp->Used},
                            {"share", SR.Camp->Share},
                            {"sectors", SR.Camp->Total},
                            {"max_sectors", SR.Camp->Max},
                            {"hottest", SR.Camp->MaxPartition},
                            {"reason", SR.Camp->Reason}}});
}

/// Sites of this kernel, and any other site that counted (a non-inlined
/// device function the table attributes to another kernel).
void analyzeSites(LaunchAnalysis &A, const SiteTable *Sites) {
  LaunchReport &R = A.R;
  for (uint32_t Index = 0; Index < R.Data.Sites.size(); ++Index) {
    uint32_t Id = R.Data.FirstSite + Index;
    const Site *S = Sites ? Sites->find(Id) : nullptr;
    const ss_site_counters &C = R.Data.Sites[Index];
    if (!(S && S->Kernel == R.Info.Mangled) && C.requests == 0)
      continue;
    if (S && S->Op == SS_OP_TRIP) {
      SiteResult Trip;
      Trip.S = *S;
      Trip.C = C;
      R.Loops.push_back(std::move(Trip));
      continue;
    }
    SiteResult SR;
    if (S)
      SR.S = *S;
    else
      SR.S.Id = Id;
    SR.C = C;
    // Grid mode counts lanes, not bytes (abi.h); the width is per site.
    if (!SR.C.bytes)
      SR.C.bytes = SR.C.threads * SR.S.Width;
    if (Index < R.Data.SiteLog.size())
      SR.Log = R.Data.SiteLog[Index];
    if (C.requests) {
      SR.Spr = double(C.sectors) / double(C.requests);
      SR.Ideal = idealSectorsPerRequest(C, SR.S.Width);
    }
    siteHeatAndObject(A, SR);
    sitePatterns(A, SR, S != nullptr);
    siteCamping(A, SR);
    if (SR.Object >= 0)
      R.Objects[SR.Object].Sites.push_back(Id);
    R.Sites.push_back(std::move(SR));
  }
}

/// Heat verdicts describe memory, not code: every site whose range covers
/// a hot sector would inherit it. Keeps a verdict on the site with the
/// narrowest range and drops it from sites whose range strictly contains it.
void keepHeatVerdictsOnNarrowestSites(std::vector<SiteResult> &Sites) {
  for (const char *Name :
       {"hot_spot", "random_hot", "false_sharing", "smem_abuse"}) {
    auto Has = [&](const SiteResult &X) {
      return std::any_of(X.Patterns.begin(), X.Patterns.end(),
                         [&](const PatternHit &P) { return P.Name == Name; });
    };
    auto Lo = [](const SiteResult &X) { return X.C.addr_min >> 5; };
    auto Hi = [](const SiteResult &X) { return X.C.addr_max >> 5; };
    std::vector<bool> Drop(Sites.size());
    for (size_t A = 0; A < Sites.size(); ++A)
      for (size_t B = 0; B < Sites.size() && !Drop[A]; ++B) {
        const SiteResult &X = Sites[A], &Y = Sites[B];
        if (A == B || !Has(X) || !Has(Y) || X.S.Space != Y.S.Space)
          continue;
        bool Inside = Lo(X) <= Lo(Y) && Hi(Y) <= Hi(X);
        bool Strict = Lo(X) < Lo(Y) || Hi(Y) < Hi(X);
        Drop[A] = Inside && Strict;
      }
    for (size_t A = 0; A < Sites.size(); ++A)
      if (Drop[A]) {
        auto &Ps = Sites[A].Patterns;
        Ps.erase(
            std::remove_if(Ps.begin(), Ps.end(),
                           [&](const PatternHit &P) { return P.Name == Name; }),
            Ps.end());
      }
  }
}

/// Per-object heat verdicts, plus the coalescing verdicts of its sites.
void objectPatterns(LaunchAnalysis &A) {
  LaunchReport &R = A.R;
  A.ObjectHeat.resize(R.Objects.size());
  for (size_t O = 0; O < R.Objects.size(); ++O) {
    ObjectResult &Obj = R.Objects[O];
    Obj.Heat = heatStats(A.ObjectHeat[O], ~0u, 0, ~uint64_t(0), A.BlockWarps);
    uint32_t Space = Obj.Kind == "shared"  ? SS_SPACE_SHARED
                     : Obj.Kind == "local" ? SS_SPACE_LOCAL
                                           : SS_SPACE_GLOBAL;
    Obj.Patterns = heatPatterns(Obj.Heat, Space);
    std::map<std::string, std::vector<uint32_t>> FromSites;
    for (const SiteResult &SR : R.Sites)
      if (SR.Object == int(O))
        for (const PatternHit &P : SR.Patterns)
          if (P.Name != "coalesced" &&
              std::none_of(
                  Obj.Patterns.begin(), Obj.Patterns.end(),
                  [&](const PatternHit &X) { return X.Name == P.Name; }))
            FromSites[P.Name].push_back(SR.S.Id);
    for (auto &[Name, Ids] : FromSites)
      Obj.Patterns.push_back({Name, {{"sites", Ids}}});
  }
}

/// Grid mode's time windows (waves of blocks): the worst one speaks for the
/// launch.
void windowCamping(LaunchReport &R) {
  const LaunchData &D = R.Data;
  uint32_t PartCount = D.Header.part_count;
  if (R.Info.TheMode != Mode::Grid || !PartCount)
    return;
  for (uint32_t W = 0; W < D.Header.num_windows; ++W) {
    const uint64_t *Row = D.PartWindow.data() + uint64_t(W) * PartCount;
    WindowResult WR;
    WR.Window = W;
    WR.Counts.assign(Row, Row + PartCount);
    WR.Camp = campVerdict(Row, PartCount, R.Info.SectorBuckets);
    if (WR.Camp.Total == 0)
      continue;
    if (!R.LaunchCamp || (WR.Camp.Camped && !R.LaunchCamp->Camped) ||
        (WR.Camp.Camped == R.LaunchCamp->Camped &&
         WR.Camp.Skew > R.LaunchCamp->Skew))
      R.LaunchCamp = WR.Camp;
    R.Windows.push_back(std::move(WR));
  }
}

/// Findings for the exit summary: each site's verdicts, and the launch's
/// camping when no site accounts for it.
void addFindings(LaunchReport &R) {
  const LaunchInfo &Info = R.Info;
  bool SiteCamped = false, CachedReads = false;
  for (const SiteResult &SR : R.Sites) {
    CachedReads |= SR.Camp && SR.Camp->CachedReads;
    std::string Loc =
        relativeToCwd(SR.S.File.empty() ? "<unknown>" : SR.S.File) + ":" +
        std::to_string(SR.S.Line) + ":" + std::to_string(SR.S.Column);
    std::string Obj = SR.Object >= 0 ? R.Objects[SR.Object].describe() : "";
    for (const PatternHit &P : SR.Patterns) {
      if (P.Name == "coalesced")
        continue;
      SiteCamped |= P.Name == "camped";
      R.Findings.push_back({Info.Mangled + "|" + Loc + "|" + P.Name, Loc,
                            findingMessage(SR, P, Obj, R)});
    }
  }
  // A launch skewed by cached reads alone is not camped either.
  if (R.LaunchCamp && R.LaunchCamp->Camped && !SiteCamped && !CachedReads)
    R.Findings.push_back(
        {Info.Mangled + "||camped", shortKernelName(Info.Kernel),
         "partition camping in " + shortKernelName(Info.Kernel) + ": skew " +
             fmt1(R.LaunchCamp->Skew) + " (max/mean over " +
             std::to_string(R.LaunchCamp->Count) + " partitions, model " +
             Info.PartitionModelName + ")"});
}

} // namespace

std::optional<uint64_t> sharedCountingBlocks(const LaunchReport &R) {
  uint32_t Stride = R.Data.Header.shared_block_stride;
  if (!R.HaveData || R.Info.TheMode != Mode::Grid || Stride <= 1)
    return std::nullopt;
  uint64_t Blocks =
      uint64_t(R.Info.Grid[0]) * R.Info.Grid[1] * uint64_t(R.Info.Grid[2]);
  return (Blocks + Stride - 1) / Stride;
}

LaunchReport analyzeLaunch(const LaunchInfo &Info, const SiteTable *Sites,
                           LaunchData *Data, const AllocationSnapshot &Allocs) {
  LaunchReport R;
  R.Info = Info;
  if (Sites) {
    auto It = Sites->NotInstrumented.find(Info.Mangled);
    if (It != Sites->NotInstrumented.end())
      R.NotInstrumented = It->second;
  }
  if (!Data)
    return R;
  R.HaveData = true;
  R.Data = std::move(*Data);
  LaunchAnalysis A(R, Allocs);
  assignHeatToObjects(A);
  analyzeSites(A, Sites);
  keepHeatVerdictsOnNarrowestSites(R.Sites);
  objectPatterns(A);
  windowCamping(R);
  addFindings(R);
  return R;
}

} // namespace sectorscope::rt
