// stream_copy.cu: dst = src over n floats with grid-stride loops, two kernels:
//   stream_copy_float4  16-byte vector loads/stores (512 contiguous bytes,
//                       16 sectors, per warp request)
//   stream_copy_float   4-byte loads/stores (128 contiguous bytes per request)
// Both are fully coalesced: the reference point for bandwidth benchmarks.
// Each kernel is checked exactly, then timed (best of 5); after the PASS line
// one line per kernel: "GBPS <kernel> <GB/s, read + write>".
//
// Usage: stream_copy [nfloats]   (multiple of 4; default 2^25 = 128 MiB)
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#include "example_util.cuh"
// From example_util.cuh:
//   CUDA_CHECK(call)  on an error prints file:line, the call and the CUDA
//                     error string, and exits 2.
//   dump_output(name, data, bytes)  with SECTORSCOPE_EXAMPLE_DUMP=DIR set,
//                     writes a result the GPU computed to DIR/<name>.bin
//                     (tools/gpu-tests.sh diffs the plain and the
//                     instrumented builds' dumps); otherwise does nothing.
// (This comment also keeps the line numbers that README.md refers to.)

constexpr int BLOCK = 256;
constexpr int ITEMS_PER_THREAD = 4; // sizes the grid; the loop handles the rest

__global__ void stream_copy_float4(float4 *dst, const float4 *src, size_t n4) {
  const size_t stride = (size_t)gridDim.x * blockDim.x;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
    // Fields copied explicitly: `dst[i] = src[i]` becomes llvm.memmove in
    // clang's IR (the pointers may alias). Either way clang's IR has four
    // 4-byte accesses per line here; the backend merges them into one
    // ld/st.global.v4.f32.
    const float4 v = src[i]; // sectorscope-expect: coalesced, clean -- 16-byte vector
    dst[i] = make_float4(v.x, v.y, v.z, v.w); // sectorscope-expect: coalesced, clean -- 16-byte vector
  }
}

__global__ void stream_copy_float(float *dst, const float *src, size_t n) {
  const size_t stride = (size_t)gridDim.x * blockDim.x;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    float v = src[i]; // sectorscope-expect: coalesced, clean
    dst[i] = v; // sectorscope-expect: coalesced, clean
  }
}

static unsigned grid_for(size_t items) {
  size_t g = (items + (size_t)BLOCK * ITEMS_PER_THREAD - 1) / ((size_t)BLOCK * ITEMS_PER_THREAD);
  if (g > 65535)
    g = 65535;
  return (unsigned)(g == 0 ? 1 : g);
}

int main(int argc, char **argv) {
  long long nll = 1LL << 25;
  if (argc == 2) {
    nll = std::atoll(argv[1]);
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: %s [nfloats]\n", argv[0]);
    return 2;
  }
  if (nll <= 0 || nll % 4 || nll > (1LL << 30)) {
    std::fprintf(stderr, "nfloats must be a positive multiple of 4, at most 2^30\n");
    return 2;
  }
  const size_t n = (size_t)nll;
  std::vector<float> h_src(n), h_dst(n);
  for (size_t i = 0; i < n; ++i)
    h_src[i] = (float)(i % 1000003) * 0.5f; // exact in float

  float *d_src, *d_dst;
  CUDA_CHECK(cudaMalloc(&d_src, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_dst, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_src, h_src.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  cudaEvent_t t0, t1;
  CUDA_CHECK(cudaEventCreate(&t0));
  CUDA_CHECK(cudaEventCreate(&t1));

  const char *names[2] = {"stream_copy_float4", "stream_copy_float"};
  float best_ms[2] = {0.0f, 0.0f};
  size_t bad = 0;
  for (int variant = 0; variant < 2; ++variant) {
    CUDA_CHECK(cudaMemset(d_dst, 0xff, n * sizeof(float)));
    for (int rep = 0; rep < 6; ++rep) { // rep 0 is checked, reps 1..5 timed
      CUDA_CHECK(cudaEventRecord(t0));
      if (variant == 0)
        stream_copy_float4<<<grid_for(n / 4), BLOCK>>>((float4 *)d_dst, (const float4 *)d_src, n / 4);
      else
        stream_copy_float<<<grid_for(n), BLOCK>>>(d_dst, d_src, n);
      CUDA_CHECK(cudaGetLastError());
      CUDA_CHECK(cudaEventRecord(t1));
      CUDA_CHECK(cudaEventSynchronize(t1));
      float ms = 0.0f;
      CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
      if (rep == 0) {
        CUDA_CHECK(cudaMemcpy(h_dst.data(), d_dst, n * sizeof(float), cudaMemcpyDeviceToHost));
        dump_output(names[variant], h_dst.data(), n * sizeof(float));
        for (size_t i = 0; i < n; ++i)
          if (h_dst[i] != h_src[i] && bad++ < 10)
            std::printf("%s: dst[%zu] = %g, want %g\n", names[variant], i, h_dst[i], h_src[i]);
      } else if (rep == 1 || ms < best_ms[variant]) {
        best_ms[variant] = ms;
      }
    }
  }
  CUDA_CHECK(cudaEventDestroy(t0));
  CUDA_CHECK(cudaEventDestroy(t1));
  CUDA_CHECK(cudaFree(d_src));
  CUDA_CHECK(cudaFree(d_dst));
  if (bad) {
    std::printf("FAIL stream_copy: %zu elements differ\n", bad);
    return 1;
  }
  std::printf("PASS stream_copy\n");
  for (int v = 0; v < 2; ++v)
    std::printf("GBPS %s %.1f\n", names[v], 2.0 * n * sizeof(float) / (best_ms[v] * 1e6));
  return 0;
}
