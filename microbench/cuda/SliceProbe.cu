//===- SliceProbe.cu - Which L2 slice serves an address -------------------===//
//
// Meant to run under Nsight Compute with per-instance L2 counters
// (lts__t_sectors_* with --print-metric-instances values): each launch
// touches K addresses of one 2 MiB page from one chosen SM, address i with
// Base << i one-sector requests (loads that bypass L1, and as many
// reductions). A slice's count divided by Base is then a K-bit number whose
// set bits say which of the K addresses it served, so one profiled launch
// places K addresses. Baseline launches (K = 0) measure the background the
// launch itself causes (instruction and parameter fetches).
//
// The page is a 2 MiB-aligned part of one large allocation, so its virtual
// and physical addresses agree in bits 0..20: a hash fitted on the offsets
// is a hash of physical address bits, up to a constant per page.
//
//===----------------------------------------------------------------------===//
#include "Common.cuh"

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
    sliceProbe(char *Page, ProbeArgs A, int *Ran, unsigned *Sink) {
  extern __shared__ char OneBlockPerSm[];
  if (smId() != unsigned(A.TargetSm))
    return;
  const int Warp = threadIdx.x / 32, Lane = threadIdx.x % 32;
  const int Warps = blockDim.x / 32;
  if (threadIdx.x == 0)
    Ran[A.Launch] = 1;
  unsigned Acc = 0;
  for (int I = 0; I < A.K; ++I) {
    unsigned *Addr = reinterpret_cast<unsigned *>(Page + A.Off[I]);
    const int Total = A.Base << I;
    // All lanes load one address: one request, one sector, per instruction.
    // volatile keeps the compiler from merging the repeated loads.
    // Four loads in flight before their values are used, or each warp
    // would wait out a full L2 round trip per request.
    int J = Warp;
    for (; J + 3 * Warps < Total; J += 4 * Warps) {
      unsigned V0, V1, V2, V3;
      asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(V0) : "l"(Addr));
      asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(V1) : "l"(Addr));
      asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(V2) : "l"(Addr));
      asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(V3) : "l"(Addr));
      if (Lane == 0)
        for (int R = 0; R < 4; ++R)
          asm volatile("red.global.add.u32 [%0], 1;" ::"l"(Addr) : "memory");
      Acc ^= V0 ^ V1 ^ V2 ^ V3;
    }
    for (; J < Total; J += Warps) {
      unsigned V;
      asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(V) : "l"(Addr));
      if (Lane == 0)
        asm volatile("red.global.add.u32 [%0], 1;" ::"l"(Addr) : "memory");
      Acc ^= V;
    }
  }
  if (Acc == SinkMagic)
    *Sink = Acc;
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
  int *Ran = nullptr;
  unsigned *Sink = nullptr;
  const int MaxLaunches = 1 << 16;
  CK(cudaMalloc(&Ran, MaxLaunches * sizeof(int)));
  CK(cudaMemset(Ran, 0, MaxLaunches * sizeof(int)));
  CK(cudaMalloc(&Sink, 64));

  int Optin = 0;
  CK(cudaDeviceGetAttribute(&Optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                            0));
  CK(cudaFuncSetAttribute(sliceProbe,
                          cudaFuncAttributeMaxDynamicSharedMemorySize, Optin));
  int Occ = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Occ, sliceProbe,
                                                   ProbeThreads, Optin));
  if (Occ != 1) {
    std::fprintf(stderr, "sectorscope-microbench: probe occupancy %d, not 1\n",
                 Occ);
    return 1;
  }

  nlohmann::json M;
  M["schema"] = "sectorscope-slice-probe/1";
  M["gpu"] = toJson(D);
  M["page_bytes"] = PageBytes;
  M["base"] = O.ProbeBase;
  M["k"] = O.ProbeAddrsPerLaunch;
  M["date_utc"] = utcNow();
  M["pages"] = nlohmann::json::array();
  for (int P = 0; P < Pages; ++P)
    M["pages"].push_back(reinterpret_cast<uintptr_t>(Page0 + P * PageBytes));
  M["launches"] = nlohmann::json::array();

  // Plan every launch first and write the manifest before profiling, so a
  // capture cut short by a time limit can still be decoded.
  struct Planned {
    int Page, Sm;
    std::vector<unsigned> Offs;
  };
  std::vector<Planned> Plan;
  for (int B = 0; B < O.ProbeBaselines; ++B)
    Plan.push_back({0, 0, {}});
  std::mt19937_64 Rng(O.ProbeSeed);
  const int K = O.ProbeAddrsPerLaunch;
  for (const ProbeSet &S : Sets) {
    const int Sm = S.Sm >= 0 ? S.Sm : D.Sms + S.Sm;
    // Distinct 32-byte-aligned offsets in the page, so no two addresses of
    // one set share a sector.
    std::set<unsigned> Seen;
    std::vector<unsigned> All;
    std::uniform_int_distribution<unsigned> Dist(0, PageBytes / 32 - 1);
    while (int(All.size()) < S.Count) {
      unsigned Off = Dist(Rng) * 32;
      if (Seen.insert(Off).second)
        All.push_back(Off);
    }
    for (size_t I = 0; I < All.size(); I += K)
      Plan.push_back({S.Page, Sm,
                      std::vector<unsigned>(All.begin() + I,
                                            All.begin() +
                                                std::min(All.size(), I + K))});
  }
  for (int B = 0; B < O.ProbeBaselines; ++B)
    Plan.push_back({0, 0, {}});
  for (size_t L = 0; L < Plan.size(); ++L)
    M["launches"].push_back({{"launch", L},
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
  int Launch = 0;
  for (const Planned &P : Plan) {
    ProbeArgs A{};
    A.K = int(P.Offs.size());
    A.Base = O.ProbeBase;
    A.TargetSm = P.Sm;
    A.Launch = Launch;
    for (size_t I = 0; I < P.Offs.size(); ++I)
      A.Off[I] = P.Offs[I];
    sliceProbe<<<D.Sms, ProbeThreads, Optin>>>(Page0 + P.Page * PageBytes, A,
                                               Ran, Sink);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    if (++Launch % 16 == 0)
      std::fprintf(stderr, "slice probe: %d/%zu launches\n", Launch,
                   Plan.size());
  }

  std::vector<int> RanHost(Launch);
  CK(cudaMemcpy(RanHost.data(), Ran, Launch * sizeof(int),
                cudaMemcpyDeviceToHost));
  for (int L = 0; L < Launch; ++L)
    M["launches"][L]["ran"] = RanHost[L] != 0;
  if (!WriteManifest()) {
    std::fprintf(stderr, "sectorscope-microbench: cannot write %s\n",
                 O.SliceProbe.c_str());
    return 1;
  }
  std::fprintf(stderr, "slice probe: %d launches, manifest %s\n", Launch,
               O.SliceProbe.c_str());
  cudaFree(Raw);
  cudaFree(Ran);
  cudaFree(Sink);
  return 0;
}

} // namespace sectorscope::mb
