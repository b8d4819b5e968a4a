// The instrumented copy computes exactly what the original computes: integer
// histogram with shared and global atomics, a shared-memory tree reduction
// and a device-function call chain, run plain (launch = 0), in heat-map mode
// and in grid mode; outputs compared bit for bit.
#include "ss_test_host.h"

constexpr int Threads = 256, Blocks = 512, N = Threads * Blocks, Bins = 64;

__global__ void histogram(const unsigned *in, unsigned *bins) {
  __shared__ unsigned local[Bins];
  if (threadIdx.x < Bins)
    local[threadIdx.x] = 0;
  __syncthreads();
  unsigned v = in[blockIdx.x * blockDim.x + threadIdx.x];
  atomicAdd(&local[v % Bins], 1u);
  __syncthreads();
  if (threadIdx.x < Bins)
    atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

__device__ __noinline__ float f(float x) { return x * 0.5f + 1.0f; }
__device__ __noinline__ float g(const float *p, int i) { return f(p[i]) * p[i]; }

__global__ void reduce(const float *in, float *out) {
  __shared__ float s[Threads];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = g(in, i);
  __syncthreads();
  for (int k = Threads / 2; k > 0; k /= 2) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

int main() {
  unsigned *in, *bins;
  float *fin, *fout;
  SS_CUDA(cudaMalloc(&in, N * 4));
  SS_CUDA(cudaMalloc(&bins, Bins * 4));
  SS_CUDA(cudaMalloc(&fin, N * 4));
  SS_CUDA(cudaMalloc(&fout, Blocks * 4));
  if (ss::registration_missing()) {
    printf("FAIL: instrumented build, but no module was registered\n");
    return 1;
  }
  std::vector<unsigned> h(N);
  std::vector<float> hf(N);
  for (int i = 0; i < N; ++i) {
    h[i] = (i * 2654435761u) >> 7;
    hf[i] = float(h[i] % 1000) / 7.0f;
  }
  SS_CUDA(cudaMemcpy(in, h.data(), N * 4, cudaMemcpyHostToDevice));
  SS_CUDA(cudaMemcpy(fin, hf.data(), N * 4, cudaMemcpyHostToDevice));
  std::vector<unsigned> hb[3];
  std::vector<float> ho[3];
  const uint32_t modes[3] = {0, SS_MODE_HEATMAP, SS_MODE_GRID | SS_MODE_HEATMAP};
  for (int m = 0; m < 3; ++m) {
    ss::cfg().enabled = modes[m] != 0;
    ss::cfg().mode = modes[m];
    ss::cfg().part_count = 8;
    ss::cfg().part_kind = SS_PART_LINEAR;
    ss::cfg().part_gran_log2 = 9;
    ss::cfg().num_windows = 8;
    ss::cfg().blocks_per_window = Blocks / 8;
    SS_CUDA(cudaMemset(bins, 0, Bins * 4));
    histogram<<<Blocks, Threads>>>(in, bins);
    reduce<<<Blocks, Threads>>>(fin, fout);
    SS_CUDA(cudaDeviceSynchronize());
    hb[m].resize(Bins);
    ho[m].resize(Blocks);
    SS_CUDA(cudaMemcpy(hb[m].data(), bins, Bins * 4, cudaMemcpyDeviceToHost));
    SS_CUDA(cudaMemcpy(ho[m].data(), fout, Blocks * 4, cudaMemcpyDeviceToHost));
    if (!ss::active())
      break;
  }
  if (!ss::active()) {
    printf("identical: plain build, kernels ran, nothing checked\n");
    return 0;
  }
  unsigned total = 0;
  for (unsigned b : hb[0])
    total += b;
  SS_CHECK(total == N, "histogram total %u", total);
  for (int m = 1; m < 3; ++m) {
    SS_CHECK(hb[m] == hb[0], "histogram differs in mode %u", modes[m]);
    SS_CHECK(memcmp(ho[m].data(), ho[0].data(), Blocks * 4) == 0,
             "reduction differs in mode %u", modes[m]);
  }
  // The last launch was reduce in grid mode: g's load ran in every block.
  int gs = -1;
  for (const ss::Site &s : ss::sites())
    if (s.kernel.find("reduce") != std::string::npos && s.function == "g" &&
        s.op == "load")
      gs = int(s.id);
  SS_CHECK(gs >= 0 && ss::counters(gs).requests >= N / 32, "g load counted");
  return ss::finish("identical");
}
