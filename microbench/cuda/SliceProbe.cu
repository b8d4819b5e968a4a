//===- SliceProbe.cu - Which L2 partition and slice serve an address ------===//
//
// Meant to run under Nsight Compute. ncu gives L2 counters only as roll-ups
// over the slices (.sum, .max, .avg), not per slice, so the probe encodes
// what it wants to know into those roll-ups:
//
//  * Each launch issues reductions (red.global.add, lane 0 of each warp) from
//    one chosen SM: address i receives Base << i of them. Reductions are
//    counted exactly once at the owning slice, plus once more at a slice of
//    the SM's own partition when the owner is in the other one (they cross
//    the partition fabric). So lts__t_sectors_op_red.sum / Base minus
//    (2^K - 1) is a K-bit number whose set bits are the far addresses:
//    the partition hash ("weighted" launches).
//  * With every address in the near partition, the busiest slice is the
//    heaviest address's (its weight exceeds all others together), and
//    lts__t_sectors_op_red.max / Base minus 2^(K-1) has the bits of the
//    candidates that share its slice ("pair" launches).
//
// Pages are 2 MiB-aligned parts of one large allocation, so virtual and
// physical addresses agree in bits 0..20: hashes fitted on page offsets are
// hashes of physical address bits, up to a constant per page.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

#include <algorithm>
#include <fstream>
#include <random>
#include <set>

namespace sectorscope::mb {

namespace {

constexpr int MaxK = 20;
constexpr size_t PageBytes = size_t(2) << 20;
constexpr int ProbeThreads = 1024;

struct ProbeArgs {
  unsigned Off[MaxK]; // Byte offsets in the page, 32-byte aligned.
  int K;
  int Base;
  int TargetSm;
  int Launch;
};

__device__ __forceinline__ unsigned smId() {
  unsigned Id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(Id));
  return Id;
}

__global__ void __launch_bounds__(ProbeThreads)
    sliceProbe(char *Page, ProbeArgs A, int *Ran) {
  extern __shared__ char OneBlockPerSm[];
  if (smId() != unsigned(A.TargetSm))
    return;
  const int Warp = threadIdx.x / 32, Lane = threadIdx.x % 32;
  const int Warps = blockDim.x / 32;
  if (threadIdx.x == 0)
    Ran[A.Launch] = 1;
  if (Lane != 0)
    return;
  for (int I = 0; I < A.K; ++I) {
    unsigned *Addr = reinterpret_cast<unsigned *>(Page + A.Off[I]);
    const int Total = A.Base << I;
    // One reduction per instruction; nothing merges them before L2.
    for (int J = Warp; J < Total; J += Warps)
      asm volatile("red.global.add.u32 [%0], 1;" ::"l"(Addr) : "memory");
  }
}

struct Planned {
  const char *Mode; // baseline, weights, enum, uenum, inv or pairs.
  int Page, Sm;
  std::vector<unsigned> Offs; // Pairs: candidates, then the reference.
};

int parityOf(uint64_t V) { return __builtin_parityll(V); }

/// Launches that find the far addresses of random sets (partition hash).
void planWeighted(const Options &O, const DeviceInfo &D,
                  const std::vector<ProbeSet> &Sets, std::mt19937_64 &Rng,
                  std::vector<Planned> &Plan) {
  const int K = O.ProbeAddrsPerLaunch;
  for (const ProbeSet &S : Sets) {
    const int Sm = S.Sm >= 0 ? S.Sm : D.Sms + S.Sm;
    // Distinct 32-byte-aligned offsets, so no two addresses share a sector.
    std::set<unsigned> Seen;
    std::vector<unsigned> All;
    std::uniform_int_distribution<unsigned> Dist(0, PageBytes / 32 - 1);
    while (int(All.size()) < S.Count) {
      unsigned Off = Dist(Rng) * 32;
      if (Seen.insert(Off).second)
        All.push_back(Off);
    }
    for (size_t I = 0; I < All.size(); I += K)
      Plan.push_back(
          {"weights", S.Page, Sm,
           std::vector<unsigned>(All.begin() + I,
                                 All.begin() + std::min(All.size(), I + K))});
  }
}

/// Launches that test candidates against a reference. All addresses of a
/// launch are in one partition (by the partition mask), and the launch is
/// repeated from each SM of ProbePairSms so that for one of them that
/// partition is its own: only then is the busiest slice the reference's.
void planPairs(const Options &O, std::mt19937_64 &Rng,
               std::vector<Planned> &Plan) {
  std::vector<int> Sms;
  std::string Err;
  parseSmList(O.ProbePairSms, Sms, Err); // Validated by parseArgs.
  const int C = O.ProbePairK - 1;
  auto Class = [&](unsigned Off) { return parityOf(Off & O.ProbeFarMask); };
  std::uniform_int_distribution<unsigned> Sector(0, PageBytes / 32 - 1);
  auto RandomIn = [&](int Want) {
    unsigned Off;
    do
      Off = Sector(Rng) * 32;
    while (Class(Off) != Want);
    return Off;
  };
  auto Emit = [&](const std::vector<unsigned> &Cands, unsigned Ref,
                  const char *Mode) {
    for (size_t I = 0; I < Cands.size(); I += C) {
      std::vector<unsigned> Offs(Cands.begin() + I,
                                 Cands.begin() +
                                     std::min(Cands.size(), I + size_t(C)));
      Offs.push_back(Ref);
      for (int Sm : Sms)
        Plan.push_back({Mode, 0, Sm, Offs});
    }
  };
  // Enumeration: a reference line against the other sectors of its line and
  // every other line of its partition class: the reference's whole slice.
  for (int R = 0; R < O.ProbeEnumRefs; ++R) {
    unsigned Ref = RandomIn(int(R % 2)) & ~127u;
    std::vector<unsigned> Cands = {Ref + 32, Ref + 64, Ref + 96};
    for (unsigned L = 0; L < PageBytes; L += 128)
      if (L != Ref && Class(L) == Class(Ref))
        Cands.push_back(L);
    Emit(Cands, Ref, "enum");
  }
  // With a basis of differences believed to keep the slice: "inv" launches
  // put ref ^ d (d a random non-zero element of its span) against controls
  // ref ^ d' (d' outside the span, same partition), and unit enumerations
  // test one address per coset of the span against a reference.
  std::vector<uint64_t> Basis;
  parseMaskList(O.ProbeUnitBasis, Basis, Err);
  std::vector<unsigned> Span = {0};
  for (uint64_t B : Basis) {
    size_t N = Span.size();
    for (size_t I = 0; I < N; ++I)
      Span.push_back(Span[I] ^ unsigned(B));
  }
  std::sort(Span.begin(), Span.end());
  Span.erase(std::unique(Span.begin(), Span.end()), Span.end());
  auto InSpan = [&](unsigned D) {
    return std::binary_search(Span.begin(), Span.end(), D);
  };
  if (Span.size() > 1) {
    std::uniform_int_distribution<size_t> Pick(1, Span.size() - 1);
    for (int L = 0; L < O.ProbeInvLaunches; ++L) {
      const int Want = L % 2;
      unsigned Ref = RandomIn(Want);
      std::vector<unsigned> Cands;
      while (int(Cands.size()) < C) {
        unsigned Off;
        if (Cands.size() % 2 == 0) {
          Off = Ref ^ Span[Pick(Rng)];
        } else {
          Off = RandomIn(Want);
          if (InSpan(Off ^ Ref))
            continue;
        }
        if (Class(Off) == Want && Off != Ref)
          Cands.push_back(Off);
      }
      Emit(Cands, Ref, "inv");
    }
    // Coset representatives (the smallest member) of the span.
    std::vector<unsigned> Units[2];
    for (unsigned Off = 0; Off < PageBytes; Off += 32) {
      bool Min = true;
      for (unsigned S : Span)
        Min = Min && (Off ^ S) >= Off;
      if (Min)
        Units[Class(Off)].push_back(Off);
    }
    for (int R = 0; R < O.ProbeUnitEnumRefs; ++R) {
      const auto &U = Units[R % 2];
      unsigned Ref =
          U[std::uniform_int_distribution<size_t>(0, U.size() - 1)(Rng)];
      std::vector<unsigned> Cands;
      for (unsigned Off : U)
        if (Off != Ref)
          Cands.push_back(Off);
      Emit(Cands, Ref, "uenum");
    }
  }
  // Random pairs: a new reference every launch (tests that the relation
  // depends only on the address difference).
  for (int L = 0; L < O.ProbePairLaunches; ++L) {
    const int Want = L % 2;
    unsigned Ref = RandomIn(Want);
    std::vector<unsigned> Cands;
    while (int(Cands.size()) < C) {
      unsigned Off = RandomIn(Want);
      if (Off != Ref)
        Cands.push_back(Off);
    }
    Emit(Cands, Ref, "pairs");
  }
}

} // namespace

int runSliceProbe(const Options &O, const DeviceInfo &D) {
  std::vector<ProbeSet> Sets;
  std::string Err;
  if (!parseProbeSets(O.ProbeSets, Sets, Err)) {
    std::fprintf(stderr, "sectorscope-microbench: %s\n", Err.c_str());
    return 1;
  }
  int Pages = 1;
  for (const ProbeSet &S : Sets)
    Pages = std::max(Pages, S.Page + 1);
  char *Raw = nullptr;
  CK(cudaMalloc(&Raw, (Pages + 1) * PageBytes));
  CK(cudaMemset(Raw, 0, (Pages + 1) * PageBytes));
  char *Page0 = reinterpret_cast<char *>(
      (reinterpret_cast<uintptr_t>(Raw) + PageBytes - 1) & ~(PageBytes - 1));

  int Optin = 0;
  CK(cudaDeviceGetAttribute(&Optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                            0));
  CK(cudaFuncSetAttribute(sliceProbe,
                          cudaFuncAttributeMaxDynamicSharedMemorySize, Optin));
  // All shared memory per block: one block per SM, so exactly one block runs
  // on the target SM and the others return at once.
  int Occ = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Occ, sliceProbe,
                                                   ProbeThreads, Optin));
  if (Occ != 1) {
    std::fprintf(stderr, "sectorscope-microbench: probe occupancy %d, not 1\n",
                 Occ);
    return 1;
  }

  // Plan every launch first and write the manifest before profiling, so a
  // capture cut short by a time limit can still be decoded.
  std::vector<Planned> Plan;
  for (int B = 0; B < O.ProbeBaselines; ++B)
    Plan.push_back({"baseline", 0, 0, {}});
  std::mt19937_64 Rng(O.ProbeSeed);
  planWeighted(O, D, Sets, Rng, Plan);
  planPairs(O, Rng, Plan);
  for (int B = 0; B < O.ProbeBaselines; ++B)
    Plan.push_back({"baseline", 0, 0, {}});

  nlohmann::json M;
  M["schema"] = "sectorscope-slice-probe/2";
  M["gpu"] = toJson(D);
  M["page_bytes"] = PageBytes;
  M["base"] = O.ProbeBase;
  M["far_mask"] = O.ProbeFarMask;
  M["pair_sms"] = O.ProbePairSms;
  M["unit_basis"] = O.ProbeUnitBasis;
  M["date_utc"] = utcNow();
  M["pages"] = nlohmann::json::array();
  for (int P = 0; P < Pages; ++P)
    M["pages"].push_back(reinterpret_cast<uintptr_t>(Page0 + P * PageBytes));
  M["launches"] = nlohmann::json::array();
  for (size_t L = 0; L < Plan.size(); ++L)
    M["launches"].push_back({{"launch", L},
                             {"mode", Plan[L].Mode},
                             {"page", Plan[L].Page},
                             {"sm", Plan[L].Sm},
                             {"offsets", Plan[L].Offs}});
  auto WriteManifest = [&]() {
    std::ofstream OS(O.SliceProbe);
    OS << M.dump(1) << '\n';
    return bool(OS);
  };
  if (!WriteManifest()) {
    std::fprintf(stderr, "sectorscope-microbench: cannot write %s\n",
                 O.SliceProbe.c_str());
    return 1;
  }

  int *Ran = nullptr;
  CK(cudaMalloc(&Ran, Plan.size() * sizeof(int)));
  CK(cudaMemset(Ran, 0, Plan.size() * sizeof(int)));
  for (size_t L = 0; L < Plan.size(); ++L) {
    const Planned &P = Plan[L];
    ProbeArgs A{};
    A.K = int(P.Offs.size());
    A.Base = O.ProbeBase;
    A.TargetSm = P.Sm;
    A.Launch = int(L);
    for (size_t I = 0; I < P.Offs.size(); ++I)
      A.Off[I] = P.Offs[I];
    sliceProbe<<<D.Sms, ProbeThreads, Optin>>>(Page0 + P.Page * PageBytes, A,
                                               Ran);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    if ((L + 1) % 100 == 0)
      std::fprintf(stderr, "slice probe: %zu/%zu launches\n", L + 1,
                   Plan.size());
  }
  std::vector<int> RanHost(Plan.size());
  CK(cudaMemcpy(RanHost.data(), Ran, Plan.size() * sizeof(int),
                cudaMemcpyDeviceToHost));
  for (size_t L = 0; L < Plan.size(); ++L)
    M["launches"][L]["ran"] = RanHost[L] != 0;
  if (!WriteManifest()) {
    std::fprintf(stderr, "sectorscope-microbench: cannot write %s\n",
                 O.SliceProbe.c_str());
    return 1;
  }
  std::fprintf(stderr, "slice probe: %zu launches, manifest %s\n", Plan.size(),
               O.SliceProbe.c_str());
  cudaFree(Raw);
  cudaFree(Ran);
  return 0;
}

} // namespace sectorscope::mb
