// The sampled block's heat map (cuThermo's distinct-warp counts per sector
// and per word): overlapping warps, shared memory kept apart from global,
// all-warps-share-a-sector (false sharing with atomics), divergent groups of
// one warp, and that only the sampled block is recorded.
#include "leave_apart.cuh"

constexpr int Threads = 256, Blocks = 4;

// Warp w reads floats [16w, 16w + 32) of its block's slice: every 32-byte
// sector (8 floats) is read by exactly the warps w with 2w <= k <= 2w + 3.
__global__ void overlap(const float *in, float *out) {
  int w = threadIdx.x / 32, lane = threadIdx.x % 32;
  out[blockIdx.x * Threads + threadIdx.x] = in[blockIdx.x * 1024 + w * 16 + lane];
}

// Shared memory: a coalesced store, then a load where lane l of every warp
// reads sector l (stride 8 floats).
__global__ void smem(const float *in, float *out) {
  __shared__ float s[Threads];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[blockIdx.x * Threads + threadIdx.x] = s[(threadIdx.x * 8) % Threads];
}

// Both sides of a branch load: each warp splits into two groups, each with
// its own leader lane, which may run interleaved. Different widths keep the
// compiler from merging the two loads into one. Warp w, step i: a float
// slice of 64 bytes (2 sectors) and a double slice of 128 bytes (4 sectors).
__global__ void diverge(const float *a, const double *b, float *out) {
  int lane = threadIdx.x % 32, w = threadIdx.x / 32;
  float v = 0;
  for (int i = 0; i < 4; ++i) {
    if (lane < 16)
      v += a[(w * 4 + i) * 16 + lane];
    else
      v += float(b[(w * 4 + i) * 16 + lane - 16]);
  }
  out[threadIdx.x] = v;
}

// Four counters in one sector, hammered by every warp.
__global__ void falseSharing(int *counters) {
  atomicAdd(&counters[threadIdx.x % 4], 1);
}

int main() {
  float *in, *out;
  int *cnt;
  SS_CUDA(cudaMalloc(&in, 1 << 20));
  SS_CUDA(cudaMalloc(&out, 1 << 20));
  SS_CUDA(cudaMalloc(&cnt, 256));
  SS_CUDA(cudaMemset(in, 0, 1 << 20));
  SS_CUDA(cudaMemset(cnt, 0, 256));
  if (ss::registration_missing()) {
    printf("FAIL: instrumented build, but no module was registered\n");
    return 1;
  }
  if (!ss::active()) {
    overlap<<<Blocks, Threads>>>(in, out);
    smem<<<Blocks, Threads>>>(in, out);
    falseSharing<<<Blocks, Threads>>>(cnt);
    diverge<<<Blocks, Threads>>>(in, reinterpret_cast<const double *>(out + 16384), out);
    SS_CUDA(cudaDeviceSynchronize());
    printf("heatmap: plain build, kernels ran, nothing checked\n");
    return 0;
  }
  ss::cfg().mode = SS_MODE_HEATMAP;
  ss::cfg().sample[0] = 2;
  overlap<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  SS_CHECK(ss::header().sampled_blocks == 1, "sampled %llu",
           (unsigned long long)ss::header().sampled_blocks);
  ss_site_counters c = ss::counters(ss::find_site("overlap", "load"));
  SS_CHECK(c.requests == Threads / 32, "only block 2 counted: %llu",
           (unsigned long long)c.requests);
  uint64_t base = (uint64_t)in + 2 * 1024 * 4;
  int wrong = 0;
  for (int k = 0; k < 18; ++k) {
    uint32_t want = 0;
    for (int w = 0; w < 8; ++w)
      if (2 * w <= k && k <= 2 * w + 3)
        want |= 1u << w;
    const ss::HeatSector *e = ss::heat_find(SS_SPACE_GLOBAL, base + 32 * k);
    if (!e) {
      SS_CHECK(e, "no heat entry for sector %d", k);
      continue;
    }
    if (e->SectorWarps != want || e->Ops != 1)
      ++wrong;
    for (int j = 0; j < 8; ++j)
      if (e->WordWarps[j] != want)
        ++wrong;
    if (k < 4 || k == 17)
      printf("overlap sector %2d: warps %08x (want %08x), distinct %d\n", k,
             e->SectorWarps, want, __builtin_popcount(e->SectorWarps));
  }
  SS_CHECK(wrong == 0, "%d heat-map masks differ", wrong);
  // The sector before and after the block's slice were never read by it.
  SS_CHECK(!ss::heat_find(SS_SPACE_GLOBAL, base - 32), "sector before");
  SS_CHECK(!ss::heat_find(SS_SPACE_GLOBAL, base + 32 * 18), "sector after");
  // Block 0's data is not in the map.
  SS_CHECK(!ss::heat_find(SS_SPACE_GLOBAL, (uint64_t)in), "block 0 recorded");

  ss::cfg().sample[0] = 0;
  smem<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  int st = ss::find_site("smem", "store", 0, "shared");
  int ld = ss::find_site("smem", "load", 0, "shared");
  c = ss::counters(ld);
  printf("smem: shared load %.2f sectors/request, store %.2f\n",
         double(c.sectors) / c.requests,
         double(ss::counters(st).sectors) / ss::counters(st).requests);
  SS_CHECK(c.sectors == 32 * c.requests, "shared stride-8 load");
  SS_CHECK(ss::counters(st).sectors == 4 * ss::counters(st).requests,
           "shared store");
  wrong = 0;
  // Shared sectors are keyed by their offset in the block's shared window;
  // s is the only shared variable, so its sectors are the lowest keys.
  uint64_t sbase = ~0ull;
  int nshared = 0;
  for (const ss::HeatSector &h : ss::heat())
    if (h.Space == SS_SPACE_SHARED) {
      sbase = std::min<uint64_t>(sbase, h.Addr);
      ++nshared;
    }
  SS_CHECK(nshared == 32, "%d shared sectors", nshared);
  for (int k = 0; k < 32; ++k) {
    const ss::HeatSector *e = ss::heat_find(SS_SPACE_SHARED, sbase + 32 * k);
    if (!e || e->SectorWarps != 0xff || e->Ops != 3 ||
        e->WordWarps[0] != 0xff || e->WordWarps[1] != (1u << (k / 4)))
      ++wrong;
  }
  SS_CHECK(wrong == 0, "%d shared sectors wrong", wrong);
  // The global load of in[0..255] is also there, in its own space.
  SS_CHECK(ss::heat_find(SS_SPACE_GLOBAL, (uint64_t)in), "global sector 0");

  falseSharing<<<Blocks, Threads>>>(cnt);
  SS_CUDA(cudaDeviceSynchronize());
  const ss::HeatSector *e = ss::heat_find(SS_SPACE_GLOBAL, (uint64_t)cnt);
  SS_CHECK(e && e->SectorWarps == 0xff && e->Ops == 4 &&
               e->WordWarps[0] == 0xff && e->WordWarps[3] == 0xff &&
               e->WordWarps[4] == 0,
           "false sharing entry");
  c = ss::counters(ss::find_site("falseSharing", "atomic"));
  SS_CHECK(c.requests == 8 && c.sectors == 8, "atomic %llu/%llu",
           (unsigned long long)c.sectors, (unsigned long long)c.requests);
  int h[4];
  SS_CUDA(cudaMemcpy(h, cnt, 16, cudaMemcpyDeviceToHost));
  SS_CHECK(h[0] == Blocks * Threads / 4 && h[3] == Blocks * Threads / 4,
           "atomic results %d %d", h[0], h[3]);
  SS_CHECK(ss::header().log_dropped == 0, "overflow");

  // Divergent groups of one warp must each get their own log records: with
  // positions kept per lane, both leaders would write at the same place.
  diverge<<<Blocks, Threads>>>(in, reinterpret_cast<const double *>(out + 16384), out);
  SS_CUDA(cudaDeviceSynchronize());
  // The loop may be unrolled into several sites: sum per width.
  uint64_t Req[2] = {0, 0}, Sec[2] = {0, 0};
  for (const ss::Site &S : ss::sites())
    if (S.kernel.find("diverge") != std::string::npos && S.op == "load" &&
        S.space == "global") {
      c = ss::counters(int(S.id));
      Req[S.width == 8] += c.requests;
      Sec[S.width == 8] += c.sectors;
    }
  printf("diverge: float %llu requests %llu sectors, double %llu / %llu\n",
         (unsigned long long)Req[0], (unsigned long long)Sec[0],
         (unsigned long long)Req[1], (unsigned long long)Sec[1]);
  SS_CHECK(Req[0] == 32 && Sec[0] == 64 && Req[1] == 32 && Sec[1] == 128,
           "diverge: every request of both groups logged once");
  wrong = 0;
  for (int w = 0; w < 8; ++w)
    for (int k = 0; k < 8; ++k) { // warp w's 8 float sectors, 16 double ones
      const ss::HeatSector *fa =
          ss::heat_find(SS_SPACE_GLOBAL, (uint64_t)in + 256 * w + 32 * k);
      if (!fa || fa->SectorWarps != (1u << w))
        ++wrong;
      for (int d = 0; d < 2; ++d) {
        const ss::HeatSector *fb = ss::heat_find(
            SS_SPACE_GLOBAL, (uint64_t)(out + 16384) + 512 * w + 64 * k + 32 * d);
        if (!fb || fb->SectorWarps != (1u << w))
          ++wrong;
      }
    }
  SS_CHECK(wrong == 0, "diverge: %d heat-map sectors wrong", wrong);
  SS_CHECK(ss::header().log_dropped == 0, "overflow");

  wrong = leaveApartMismatches<Threads>(Blocks, in, out);
  SS_CHECK(wrong == 0, "leaveApart: %d values differ from the plain program's",
           wrong);
  return ss::finish("heatmap");
}
