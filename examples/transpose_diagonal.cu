// transpose_diagonal.cu: the shared-memory tiled transpose of
// transpose_shared.cu with the blocks renumbered along diagonals of the tile
// grid. Block (bx, by) of the launch handles tile (tile_x, tile_y) with
//   tile_y = bx,  tile_x = (bx + by) % gridDim.x,
// so blocks that run at the same time (consecutive bx, same by) read and write
// tiles on different tile rows AND different tile columns: their stores are
// spread over all partitions instead of camping on one (GT200 model). The
// renumbering is a bijection only for a square tile grid, so the matrix must
// be square here.
//
// Usage: transpose_diagonal [n]   (n a multiple of 32; default 2048)
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

// n x n matrix, grid of (n / TILE) x (n / TILE) blocks.
__global__ void transpose_diagonal_kernel(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  // Diagonal reordering: launch order walks the diagonals of the tile grid.
  const int tile_y = blockIdx.x;
  const int tile_x = (blockIdx.x + blockIdx.y) % gridDim.x;
  int x = tile_x * TILE + threadIdx.x;
  int y = tile_y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x]; // sectorscope-expect: coalesced, clean
  __syncthreads();
  x = tile_y * TILE + threadIdx.x;
  y = tile_x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j]; // sectorscope-expect: coalesced, clean -- diagonal block order: not camped under gt200
}

int main(int argc, char **argv) {
  int n = 2048;
  if (argc == 2) {
    n = std::atoi(argv[1]);
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: %s [n]\n", argv[0]);
    return 2;
  }
  if (n <= 0 || n % TILE) {
    std::fprintf(stderr, "n must be a positive multiple of %d\n", TILE);
    return 2;
  }
  const size_t count = (size_t)n * n;
  std::vector<float> h_in(count), h_out(count, -1.0f);
  for (size_t i = 0; i < count; ++i)
    h_in[i] = (float)((i * 2654435761u) % 1000003u);

  float *d_in = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, count * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, count * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), count * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_out, 0xff, count * sizeof(float)));

  dim3 block(TILE, BLOCK_ROWS);
  dim3 grid(n / TILE, n / TILE);
  transpose_diagonal_kernel<<<grid, block>>>(d_out, d_in, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, count * sizeof(float), cudaMemcpyDeviceToHost));
  dump_output("out", h_out.data(), count * sizeof(float));

  size_t bad = 0;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      float want = h_in[(size_t)y * n + x];
      float got = h_out[(size_t)x * n + y];
      if (got != want && bad++ < 10)
        std::printf("mismatch out[%d][%d] = %g, want %g\n", x, y, got, want);
    }
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL transpose_diagonal: %zu of %zu elements differ\n", bad, count);
    return 1;
  }
  std::printf("PASS transpose_diagonal\n");
  return 0;
}
