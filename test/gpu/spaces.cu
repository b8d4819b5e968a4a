// Address spaces: a non-inlined device function reached with a shared and a
// global pointer (generic site, resolved at run time, one clone per kernel,
// counting its global lanes alone),
// a local array indexed at run time, and sub-word widths.
#include "ss_test_host.h"

constexpr int Threads = 256;

__device__ __noinline__ float get(const float *p, int i) { return p[i]; }

__global__ void mixed(const float *in, float *out) {
  __shared__ float s[Threads];
  s[threadIdx.x] = in[threadIdx.x] * 2.0f;
  __syncthreads();
  out[threadIdx.x] = get(s, Threads - 1 - threadIdx.x) + get(in, threadIdx.x);
}

__global__ void local(const int *idx, float *out) {
  float a[32];
  for (int k = 0; k < 32; ++k)
    a[k] = float(k * threadIdx.x);
  // A run-time index keeps the array in local memory.
  out[threadIdx.x] = a[idx[threadIdx.x] & 31];
}

__global__ void bytes(const unsigned char *in, unsigned short *out) {
  out[threadIdx.x] = in[threadIdx.x] + 1;
}

int main() {
  float *in, *out;
  int *idx;
  unsigned char *b;
  unsigned short *o16;
  SS_CUDA(cudaMalloc(&in, Threads * 4));
  SS_CUDA(cudaMalloc(&out, Threads * 4));
  SS_CUDA(cudaMalloc(&idx, Threads * 4));
  SS_CUDA(cudaMalloc(&b, Threads));
  SS_CUDA(cudaMalloc(&o16, Threads * 2));
  std::vector<float> h(Threads);
  std::vector<int> hi(Threads);
  for (int i = 0; i < Threads; ++i) {
    h[i] = float(i);
    hi[i] = (i * 7) % 32;
  }
  SS_CUDA(cudaMemcpy(in, h.data(), Threads * 4, cudaMemcpyHostToDevice));
  SS_CUDA(cudaMemcpy(idx, hi.data(), Threads * 4, cudaMemcpyHostToDevice));
  SS_CUDA(cudaMemset(b, 7, Threads));
  if (ss::registration_missing()) {
    printf("FAIL: instrumented build, but no module was registered\n");
    return 1;
  }
  if (!ss::active()) {
    mixed<<<1, Threads>>>(in, out);
    local<<<1, Threads>>>(idx, out);
    bytes<<<1, Threads>>>(b, o16);
    SS_CUDA(cudaDeviceSynchronize());
    printf("spaces: plain build, kernels ran, nothing checked\n");
    return 0;
  }
  mixed<<<1, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  int g = -1;
  for (const ss::Site &s : ss::sites())
    if (s.kernel.find("mixed") != std::string::npos && s.function == "get")
      g = int(s.id);
  SS_CHECK(g >= 0 && ss::sites()[g].space == "generic", "generic site in get");
  // A generic site counts the lanes that reached global memory: the 8
  // warps' reads of `in` (4 sectors each), not those of `s`.
  ss_site_counters c = ss::counters(g);
  SS_CHECK(c.requests == 8 && c.sectors == 32, "get: %llu/%llu",
           (unsigned long long)c.sectors, (unsigned long long)c.requests);
  int shared = 0, global = 0;
  for (const ss::HeatSector &e : ss::heat()) {
    if (e.Space == SS_SPACE_SHARED)
      ++shared;
    else if (e.Space == SS_SPACE_GLOBAL)
      ++global;
  }
  // s: 32 sectors; in and out: 32 each.
  SS_CHECK(shared == 32 && global == 64, "heat: %d shared, %d global", shared,
           global);
  std::vector<float> r(Threads);
  SS_CUDA(cudaMemcpy(r.data(), out, Threads * 4, cudaMemcpyDeviceToHost));
  SS_CHECK(r[0] == 2.0f * (Threads - 1) && r[10] == 2.0f * (Threads - 11) + 10,
           "mixed results %f %f", r[0], r[10]);

  // Grid mode counts on the device, to the same rule.
  ss::cfg().mode = SS_MODE_GRID;
  mixed<<<1, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  c = ss::counters(g);
  SS_CHECK(c.requests == 8 && c.sectors == 32, "grid get: %llu/%llu",
           (unsigned long long)c.sectors, (unsigned long long)c.requests);
  ss::cfg().mode = SS_MODE_HEATMAP;

  local<<<1, Threads>>>(idx, out);
  SS_CUDA(cudaDeviceSynchronize());
  int localSites = 0;
  uint64_t localReq = 0;
  for (const ss::Site &s : ss::sites())
    if (s.kernel.find("local") != std::string::npos && s.space == "local") {
      ++localSites;
      localReq += ss::counters(s.id).requests;
    }
  printf("local: %d local sites, %llu requests\n", localSites,
         (unsigned long long)localReq);
  SS_CHECK(localSites > 0 && localReq > 0, "local sites");
  SS_CUDA(cudaMemcpy(r.data(), out, Threads * 4, cudaMemcpyDeviceToHost));
  SS_CHECK(r[3] == float(((3 * 7) % 32) * 3), "local result %f", r[3]);

  bytes<<<1, Threads>>>(b, o16);
  SS_CUDA(cudaDeviceSynchronize());
  int l8 = ss::find_site("bytes", "load"), s16 = ss::find_site("bytes", "store");
  SS_CHECK(ss::sites()[l8].width == 1 && ss::sites()[s16].width == 2, "widths");
  SS_CHECK(ss::counters(l8).sectors == 8 && ss::counters(s16).sectors == 16,
           "sub-word sectors %llu %llu",
           (unsigned long long)ss::counters(l8).sectors,
           (unsigned long long)ss::counters(s16).sectors);
  const ss::HeatSector *e = ss::heat_find(SS_SPACE_GLOBAL, (uint64_t)b);
  SS_CHECK(e && e->WordWarps[0] == 1 && e->WordWarps[7] == 1, "byte words");
  return ss::finish("spaces");
}
