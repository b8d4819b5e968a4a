// transpose_shared.cu: out = transpose(in) through a 32x33 shared-memory tile
// (padded against bank conflicts). Reads and writes are both coalesced, but
// blocks next to each other in launch order (consecutive blockIdx.x) write to
// rows of `out` that are TILE * height * 4 bytes apart: with a power-of-two
// height every concurrently running block writes into the same memory
// partition under the GT200 model (8 partitions of 256 bytes): partition
// camping, the case CampProf and Ruetsch & Micikevicius describe.
//
// Usage: transpose_shared [width height]   (multiples of 32; default 2048 2048)
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
constexpr int BLOCK_ROWS = 8;

__global__ void transpose_shared_kernel(float *out, const float *in, int width,
                                        int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x]; // sectorscope-expect: coalesced, clean
  __syncthreads();
  // The tile's transpose goes to block (blockIdx.y, blockIdx.x) of `out`.
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j]; // sectorscope-expect: compile-time: camped under gt200; run-time: coalesced, clean -- concurrent blocks write TILE*height*4 bytes apart: camped with the GT200 partition map (8 x 256 B), not with a hashed (H200) map
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
    h_in[i] = (float)((i * 2654435761u) % 1000003u);

  float *d_in = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_out, 0xff, n * sizeof(float)));

  dim3 block(TILE, BLOCK_ROWS);
  dim3 grid(width / TILE, height / TILE);
  transpose_shared_kernel<<<grid, block>>>(d_out, d_in, width, height);
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
    std::printf("FAIL transpose_shared: %zu of %zu elements differ\n", bad, n);
    return 1;
  }
  std::printf("PASS transpose_shared\n");
  return 0;
}
