// transpose_naive.cu: out = transpose(in) for a row-major width x height
// float matrix, one 32x32 tile per block of 32x8 threads, no shared memory.
// Reads walk rows (coalesced); writes walk columns (one sector per lane).
//
// Usage: transpose_naive [width height]   (multiples of 32; default 2048 2048)
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

constexpr int TILE = 32;
constexpr int BLOCK_ROWS = 8; // each thread moves TILE / BLOCK_ROWS elements

// Thread (tx, ty) of block (bx, by) reads in[y + j][x] and writes out[x][y + j].
__global__ void transpose_naive_kernel(float *out, const float *in, int width,
                                       int height) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS) {
    float v = in[(y + j) * width + x]; // sectorscope-expect: coalesced, clean
    out[x * height + (y + j)] = v; // sectorscope-expect: strided; compile-time: camped under gt200; run-time: false-sharing -- stride height floats; each sector of out gets one word from each of 8 warps
  }
}

int main(int argc, char **argv) {
  int width = 2048, height = 2048;
  if (argc == 3) {
    width = std::atoi(argv[1]);
    height = std::atoi(argv[2]);
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: %s [width height]\n", argv[0]);
    return 2;
  }
  if (width <= 0 || height <= 0 || width % TILE || height % TILE) {
    std::fprintf(stderr, "width and height must be positive multiples of %d\n", TILE);
    return 2;
  }
  const size_t n = (size_t)width * height;
  std::vector<float> h_in(n), h_out(n, -1.0f);
  for (size_t i = 0; i < n; ++i)
    h_in[i] = (float)((i * 2654435761u) % 1000003u); // exact in float

  float *d_in = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_out, 0xff, n * sizeof(float)));

  dim3 block(TILE, BLOCK_ROWS);
  dim3 grid(width / TILE, height / TILE);
  transpose_naive_kernel<<<grid, block>>>(d_out, d_in, width, height);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  dump_output("out", h_out.data(), n * sizeof(float));

  size_t bad = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      float want = h_in[(size_t)y * width + x];
      float got = h_out[(size_t)x * height + y];
      if (got != want && bad++ < 10)
        std::printf("mismatch out[%d][%d] = %g, want %g\n", x, y, got, want);
    }
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL transpose_naive: %zu of %zu elements differ\n", bad, n);
    return 1;
  }
  std::printf("PASS transpose_naive\n");
  return 0;
}
