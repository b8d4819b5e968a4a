// gemm_mapping.cu: naive C = A * B (row-major, A is M x K, B is K x N) in two
// kernels that differ only in which output coordinate threadIdx.x walks.
//
//   gemm_row_walk: threadIdx.x walks the columns of C (a warp covers 32
//     consecutive elements of one row of C). B and C accesses are coalesced;
//     A[row][k] is the same word for the whole warp (a broadcast).
//   gemm_col_walk: threadIdx.x walks the rows of C (a warp covers 32 elements
//     of one column). A and C are accessed with a stride of a whole row
//     (K resp. N floats); B[k][col] is one word per warp, and the 8 warps of a
//     block touch 8 neighbouring words of the same sector (false sharing).
//
// Entries are small integers, so every sum is exact in float and the result
// is compared exactly with the CPU.
//
// Usage: gemm_mapping [M N K]   (default 1024 1024 256)
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

constexpr int BX = 32; // blockDim.x: one warp wide
constexpr int BY = 8;

__global__ void gemm_row_walk(const float *A, const float *B, float *C, int M,
                              int N, int K) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N)
    return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) {
    float a = A[row * K + k]; // sectorscope-expect: coalesced, clean -- warp-uniform broadcast of A[row][k]
    float b = B[k * N + col]; // sectorscope-expect: coalesced; compile-time: clean; run-time: hot-spot -- all 8 warps of a block read the same B row segment (reuse)
    acc += a * b;
  }
  C[row * N + col] = acc; // sectorscope-expect: coalesced, clean
}

__global__ void gemm_col_walk(const float *A, const float *B, float *C, int M,
                              int N, int K) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N)
    return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) {
    float a = A[row * K + k]; // sectorscope-expect: strided; run-time: hot-spot -- stride K floats; all 8 warps of a block read the same words
    float b = B[k * N + col]; // sectorscope-expect: coalesced; compile-time: clean; run-time: false-sharing -- warp-uniform; the 8 warps read 8 neighbouring words of one sector, each paying for all of it (gemm_v00's B)
    acc += a * b;
  }
  C[row * N + col] = acc; // sectorscope-expect: strided; run-time: false-sharing -- stride N floats; the 8 warps write neighbouring words
}

static size_t compare(const char *name, const std::vector<float> &got,
                      const std::vector<float> &want, int N) {
  size_t bad = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i] && bad++ < 10)
      std::printf("%s: C[%zu][%zu] = %g, want %g\n", name, i / N, i % N,
                  got[i], want[i]);
  return bad;
}

int main(int argc, char **argv) {
  int M = 1024, N = 1024, K = 256;
  if (argc == 4) {
    M = std::atoi(argv[1]);
    N = std::atoi(argv[2]);
    K = std::atoi(argv[3]);
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: %s [M N K]\n", argv[0]);
    return 2;
  }
  // |a*b| <= 16, so sums stay exact while K * 16 < 2^24.
  if (M <= 0 || N <= 0 || K <= 0 || K > (1 << 20)) {
    std::fprintf(stderr, "bad sizes\n");
    return 2;
  }
  std::vector<float> hA((size_t)M * K), hB((size_t)K * N), ref((size_t)M * N);
  unsigned s = 12345u;
  for (auto &v : hA) { s = s * 1664525u + 1013904223u; v = (float)((int)(s >> 28) % 9 - 4); }
  for (auto &v : hB) { s = s * 1664525u + 1013904223u; v = (float)((int)(s >> 28) % 9 - 4); }
  // i-k-j order for the CPU's caches; the sums are exact, so order is free.
  for (int i = 0; i < M; ++i) {
    float *c = &ref[(size_t)i * N];
    for (int j = 0; j < N; ++j)
      c[j] = 0.0f;
    for (int k = 0; k < K; ++k) {
      const float a = hA[(size_t)i * K + k];
      const float *b = &hB[(size_t)k * N];
      for (int j = 0; j < N; ++j)
        c[j] += a * b[j];
    }
  }

  float *dA, *dB, *dC;
  CUDA_CHECK(cudaMalloc(&dA, hA.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dB, hB.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dC, ref.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dA, hA.data(), hA.size() * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dB, hB.data(), hB.size() * sizeof(float), cudaMemcpyHostToDevice));
  std::vector<float> got(ref.size());
  size_t bad = 0;

  dim3 block(BX, BY);
  CUDA_CHECK(cudaMemset(dC, 0xff, ref.size() * sizeof(float)));
  gemm_row_walk<<<dim3((N + BX - 1) / BX, (M + BY - 1) / BY), block>>>(dA, dB, dC, M, N, K);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(got.data(), dC, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
  dump_output("C_row_walk", got.data(), got.size() * sizeof(float));
  bad += compare("gemm_row_walk", got, ref, N);

  CUDA_CHECK(cudaMemset(dC, 0xff, ref.size() * sizeof(float)));
  gemm_col_walk<<<dim3((M + BX - 1) / BX, (N + BY - 1) / BY), block>>>(dA, dB, dC, M, N, K);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(got.data(), dC, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
  dump_output("C_col_walk", got.data(), got.size() * sizeof(float));
  bad += compare("gemm_col_walk", got, ref, N);

  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));
  CUDA_CHECK(cudaFree(dC));
  if (bad) {
    std::printf("FAIL gemm_mapping: %zu elements differ\n", bad);
    return 1;
  }
  std::printf("PASS gemm_mapping\n");
  return 0;
}
