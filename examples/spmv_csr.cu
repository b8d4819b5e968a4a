// spmv_csr.cu: y = A x for a sparse matrix in CSR form, two kernels.
//
//   spmv_csr_scalar  one thread per row. Lane t reads row_ptr[row] and
//                    row_ptr[row + 1]: the second is the same unit-stride
//                    access shifted by 4 bytes, so a warp's 128 bytes straddle
//                    5 sectors instead of 4 (misaligned). The nonzeros of
//                    neighbouring rows are ~nnz/row apart, so col_idx/val are
//                    read with an irregular stride, and x[col_idx[j]] is a
//                    data-dependent gather.
//   spmv_csr_vector  one warp per row (the usual fix): row_ptr reads are
//                    warp-uniform, col_idx/val are read contiguously from a
//                    data-dependent start; partial sums meet via __shfl_down_sync.
//
// The matrix has 1..16 nonzeros per row at random columns within +-BAND of
// the diagonal (a banded random matrix, like a PDE matrix with a scrambled
// stencil). The 8 warps of a block then gather from one window of x of
// ~(256 + 2*BAND) words, every sector of it shared by a random number of
// warps: cuThermo's "random hot" pattern (for the block-0 heat map: ~88% of
// the touched sectors shared, coefficient of variation ~0.33). Values and x
// are small integers: every sum is exact in float, so y is compared exactly.
//
// Usage: spmv_csr [nrows]   (default 524288; the matrix is square)
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
constexpr int BAND = 256; // nonzeros in columns row-BAND .. row+BAND (mod n)

__global__ void spmv_csr_scalar(int nrows, const int *row_ptr,
                                const int *col_idx, const float *val,
                                const float *x, float *y) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= nrows)
    return;
  int begin = row_ptr[row]; // sectorscope-expect: coalesced, clean
  int end = row_ptr[row + 1]; // sectorscope-expect: misaligned -- row_ptr shifted by 4 bytes: 5 sectors per warp
  float sum = 0.0f;
  for (int j = begin; j < end; ++j) {
    int c = col_idx[j]; // sectorscope-expect: compile-time: data-dependent; run-time: uncoalesced -- irregular gaps of nnz/row (~8.5) ints between lanes
    float v = val[j]; // sectorscope-expect: compile-time: data-dependent; run-time: uncoalesced -- irregular gaps of nnz/row (~8.5) floats between lanes
    sum += v * x[c]; // sectorscope-expect: compile-time: data-dependent; run-time: random-hot -- gather x[col] from a shared band window
  }
  y[row] = sum; // sectorscope-expect: coalesced, clean
}

__global__ void spmv_csr_vector(int nrows, const int *row_ptr,
                                const int *col_idx, const float *val,
                                const float *x, float *y) {
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32; // one warp per row
  int lane = threadIdx.x % 32;
  if (row >= nrows)
    return; // uniform across the warp
  int begin = row_ptr[row]; // sectorscope-expect: clean; compile-time: coalesced -- warp-uniform
  int end = row_ptr[row + 1]; // sectorscope-expect: clean; compile-time: coalesced -- warp-uniform
  float sum = 0.0f;
  for (int j = begin + lane; j < end; j += 32) {
    int c = col_idx[j]; // sectorscope-expect: compile-time: coalesced, clean; run-time: sectors-per-request <= 3 -- 1..16 contiguous words from a data-dependent start: at most 3 sectors, at most one more than aligned
    float v = val[j]; // sectorscope-expect: compile-time: coalesced, clean; run-time: sectors-per-request <= 3 -- 1..16 contiguous words from a data-dependent start: at most 3 sectors, at most one more than aligned
    sum += v * x[c]; // sectorscope-expect: compile-time: data-dependent; run-time: uncoalesced -- gather x[col]: the 8 rows of a block rarely share a word of the band window
  }
  for (int off = 16; off > 0; off /= 2)
    sum += __shfl_down_sync(0xffffffffu, sum, off);
  if (lane == 0)
    y[row] = sum; // sectorscope-expect: clean; compile-time: coalesced -- lane 0 only
}

static unsigned lcg(unsigned &s) {
  s = s * 1664525u + 1013904223u;
  return s >> 8;
}

int main(int argc, char **argv) {
  int nrows = 1 << 19;
  if (argc == 2) {
    nrows = std::atoi(argv[1]);
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: %s [nrows]\n", argv[0]);
    return 2;
  }
  if (nrows < 2 * BAND + 1 || nrows > (1 << 23)) {
    std::fprintf(stderr, "nrows must be in [%d, 2^23]\n", 2 * BAND + 1);
    return 2;
  }
  const int ncols = nrows;
  unsigned s = 7u;
  std::vector<int> row_ptr(nrows + 1), col_idx;
  std::vector<float> val, x(ncols);
  col_idx.reserve((size_t)nrows * 9);
  val.reserve((size_t)nrows * 9);
  row_ptr[0] = 0;
  for (int r = 0; r < nrows; ++r) {
    int nnz = 1 + (int)(lcg(s) % 16);
    for (int e = 0; e < nnz; ++e) {
      const int off = (int)(lcg(s) % (2 * BAND + 1)) - BAND;
      const int c = ((r + off) % ncols + ncols) % ncols;
      col_idx.push_back(c);
      val.push_back((float)((int)(lcg(s) % 7) - 3));
    }
    row_ptr[r + 1] = (int)col_idx.size();
  }
  for (auto &v : x)
    v = (float)((int)(lcg(s) % 7) - 3);
  const size_t nnz = col_idx.size();

  // CPU reference; |sum| <= 16 * 9, exact in float whatever the order.
  std::vector<float> ref(nrows);
  for (int r = 0; r < nrows; ++r) {
    float sum = 0.0f;
    for (int j = row_ptr[r]; j < row_ptr[r + 1]; ++j)
      sum += val[j] * x[col_idx[j]];
    ref[r] = sum;
  }

  int *d_row_ptr, *d_col_idx;
  float *d_val, *d_x, *d_y;
  CUDA_CHECK(cudaMalloc(&d_row_ptr, (nrows + 1) * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_col_idx, nnz * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_val, nnz * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_x, ncols * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_y, nrows * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_row_ptr, row_ptr.data(), (nrows + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_col_idx, col_idx.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_val, val.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_x, x.data(), ncols * sizeof(float), cudaMemcpyHostToDevice));

  std::vector<float> got(nrows);
  size_t bad = 0;
  for (int variant = 0; variant < 2; ++variant) {
    const char *name = variant == 0 ? "spmv_csr_scalar" : "spmv_csr_vector";
    CUDA_CHECK(cudaMemset(d_y, 0xff, nrows * sizeof(float)));
    if (variant == 0) {
      spmv_csr_scalar<<<(nrows + BLOCK - 1) / BLOCK, BLOCK>>>(nrows, d_row_ptr, d_col_idx, d_val, d_x, d_y);
    } else {
      const long long threads = (long long)nrows * 32;
      spmv_csr_vector<<<(unsigned)((threads + BLOCK - 1) / BLOCK), BLOCK>>>(nrows, d_row_ptr, d_col_idx, d_val, d_x, d_y);
    }
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(got.data(), d_y, nrows * sizeof(float), cudaMemcpyDeviceToHost));
    dump_output(variant == 0 ? "y_scalar" : "y_vector", got.data(), nrows * sizeof(float));
    for (int r = 0; r < nrows; ++r)
      if (got[r] != ref[r] && bad++ < 10)
        std::printf("%s: y[%d] = %g, want %g\n", name, r, got[r], ref[r]);
  }
  CUDA_CHECK(cudaFree(d_row_ptr));
  CUDA_CHECK(cudaFree(d_col_idx));
  CUDA_CHECK(cudaFree(d_val));
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));
  if (bad) {
    std::printf("FAIL spmv_csr: %zu rows differ\n", bad);
    return 1;
  }
  std::printf("PASS spmv_csr\n");
  return 0;
}
