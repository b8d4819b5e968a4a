// warp_broadcast_smem.cu: a per-row value broadcast to a warp through shared
// memory - cuThermo's warp-local "abuse of shared memory". Each warp owns one
// row of ROW ints: out[r][c] = in[r][c] * scale[r] + bias[r].
//
//   row_affine_smem_broadcast  lane 0 loads the row header (scale, bias) and
//                              writes it to its warp's slot of a __shared__
//                              array; __syncwarp(); every lane reads the slot.
//                              Each shared word is used by exactly one warp.
//   row_affine_shfl_broadcast  the fix: lane 0 loads, __shfl_sync hands the
//                              value to the other lanes; no shared memory.
//
// Integer data, compared exactly with the CPU.
//
// Usage: warp_broadcast_smem [nrows]   (default 65536)
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
constexpr int WARPS = BLOCK / 32;
constexpr int ROW = 256; // ints per row

__global__ void row_affine_smem_broadcast(const int *in, const int2 *header,
                                          int *out, int nrows) {
  __shared__ int2 slot[WARPS];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int row = blockIdx.x * WARPS + warp;
  if (row >= nrows)
    return; // warp-uniform
  if (lane == 0)
    slot[warp] = header[row]; // sectorscope-expect: coalesced; compile-time: clean; run-time: false-sharing -- lane 0 only: 4 neighbouring warps read their own int2 of one sector
  __syncwarp();
  const int2 h = slot[warp]; // sectorscope-expect: run-time: smem-abuse -- warp-local broadcast through shared memory
  for (int c = lane; c < ROW; c += 32) {
    int v = in[(size_t)row * ROW + c]; // sectorscope-expect: compile-time: camped under gt200; run-time: coalesced, clean
    out[(size_t)row * ROW + c] = v * h.x + h.y; // sectorscope-expect: compile-time: camped under gt200; run-time: coalesced, clean
  }
}

__global__ void row_affine_shfl_broadcast(const int *in, const int2 *header,
                                          int *out, int nrows) {
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const int row = blockIdx.x * WARPS + warp;
  if (row >= nrows)
    return; // warp-uniform
  int2 h = make_int2(0, 0);
  if (lane == 0)
    h = header[row]; // sectorscope-expect: coalesced; compile-time: clean; run-time: false-sharing -- lane 0 only: 4 neighbouring warps read their own int2 of one sector
  h.x = __shfl_sync(0xffffffffu, h.x, 0);
  h.y = __shfl_sync(0xffffffffu, h.y, 0);
  for (int c = lane; c < ROW; c += 32) {
    int v = in[(size_t)row * ROW + c]; // sectorscope-expect: compile-time: camped under gt200; run-time: coalesced, clean
    out[(size_t)row * ROW + c] = v * h.x + h.y; // sectorscope-expect: compile-time: camped under gt200; run-time: coalesced, clean
  }
}

int main(int argc, char **argv) {
  int nrows = 65536;
  if (argc == 2) {
    nrows = std::atoi(argv[1]);
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: %s [nrows]\n", argv[0]);
    return 2;
  }
  if (nrows <= 0 || nrows > (1 << 20)) {
    std::fprintf(stderr, "nrows must be in [1, 2^20]\n");
    return 2;
  }
  const size_t n = (size_t)nrows * ROW;
  std::vector<int> in(n), ref(n), got(n);
  std::vector<int2> header(nrows);
  unsigned s = 4242u;
  for (auto &v : in) {
    s = s * 1664525u + 1013904223u;
    v = (int)(s >> 16) - 32768;
  }
  for (auto &h : header) {
    s = s * 1664525u + 1013904223u;
    h.x = (int)((s >> 24) % 17) - 8;
    s = s * 1664525u + 1013904223u;
    h.y = (int)(s >> 20) - 2048;
  }
  for (int r = 0; r < nrows; ++r)
    for (int c = 0; c < ROW; ++c)
      ref[(size_t)r * ROW + c] = in[(size_t)r * ROW + c] * header[r].x + header[r].y;

  int *d_in, *d_out;
  int2 *d_header;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_header, nrows * sizeof(int2)));
  CUDA_CHECK(cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_header, header.data(), nrows * sizeof(int2), cudaMemcpyHostToDevice));
  const int grid = (nrows + WARPS - 1) / WARPS;
  size_t bad = 0;
  for (int variant = 0; variant < 2; ++variant) {
    const char *name = variant == 0 ? "row_affine_smem_broadcast" : "row_affine_shfl_broadcast";
    CUDA_CHECK(cudaMemset(d_out, 0xff, n * sizeof(int)));
    if (variant == 0)
      row_affine_smem_broadcast<<<grid, BLOCK>>>(d_in, d_header, d_out, nrows);
    else
      row_affine_shfl_broadcast<<<grid, BLOCK>>>(d_in, d_header, d_out, nrows);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(got.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
    dump_output(variant == 0 ? "out_smem_broadcast" : "out_shfl_broadcast", got.data(), n * sizeof(int));
    for (size_t i = 0; i < n; ++i)
      if (got[i] != ref[i] && bad++ < 10)
        std::printf("%s: out[%zu][%zu] = %d, want %d\n", name, i / ROW, i % ROW, got[i], ref[i]);
  }
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFree(d_header));
  if (bad) {
    std::printf("FAIL warp_broadcast_smem: %zu elements differ\n", bad);
    return 1;
  }
  std::printf("PASS warp_broadcast_smem\n");
  return 0;
}
