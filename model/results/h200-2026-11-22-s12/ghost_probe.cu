// Scratch probe (session 12): why is the LBM ghost copy 2x slower than the
// model's column-walk figures? Variants of lbm_fill_ghosts_x timed alone.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(2);} } while (0)
constexpr int Q = 19;

__global__ void ghost(float *f, int nx, int ny, int nz) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= ny * nz) return;
  const int n = nx * ny * nz;
  for (int i = 0; i < Q; ++i) {
    const int base = i * n + row * nx;
    float last = f[base + nx - 2];
    float first = f[base + 1];
    f[base] = last;
    f[base + nx - 1] = first;
  }
}
// Loads only: same addresses, the chain kept by a dependence through a sum.
__global__ void ghost_loads(float *f, float *out, int nx, int ny, int nz, int mask) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= ny * nz) return;
  const int n = nx * ny * nz;
  float s = 0;
  int dep = 0;
  for (int i = 0; i < Q; ++i) {
    const int base = i * n + row * nx + dep;
    float last = f[base + nx - 2];
    float first = f[base + 1];
    s += last + first;
    dep = (__float_as_int(last) ^ __float_as_int(first)) & mask;
  }
  if (s == 12345.f) out[row] = s;
}
// Restrict: all loads may be hoisted over the stores (38 in flight).
__global__ void ghost_restrict(float *__restrict__ f, int nx, int ny, int nz) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= ny * nz) return;
  const int n = nx * ny * nz;
  float l[Q], r[Q];
#pragma unroll
  for (int i = 0; i < Q; ++i) {
    const int base = i * n + row * nx;
    l[i] = f[base + nx - 2];
    r[i] = f[base + 1];
  }
#pragma unroll
  for (int i = 0; i < Q; ++i) {
    const int base = i * n + row * nx;
    f[base] = l[i];
    f[base + nx - 1] = r[i];
  }
}
// What the program runs before the ghost copy: a full write of the lattice.
__global__ void dirty_all(float *g, size_t count) {
  for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < count; k += (size_t)gridDim.x * blockDim.x)
    g[k] = 1.0f;
}
__global__ void read_all(const float *g, size_t count, float *out) {
  float s = 0;
  for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < count; k += (size_t)gridDim.x * blockDim.x)
    s += g[k];
  if (s == 12345.f) out[0] = s;
}

int main(int argc, char **argv) {
  const char *only = argc > 1 ? argv[1] : "";
  int nxs[] = {128, 256, 512};
  int rowss[] = {8192, 16384, 32768};
  size_t maxn = (size_t)512 * 32768 * Q;
  float *f, *g, *out;
  CK(cudaMalloc(&f, maxn * 4));
  CK(cudaMalloc(&g, maxn * 4));
  CK(cudaMalloc(&out, 1 << 20));
  CK(cudaMemset(f, 0, maxn * 4));
  CK(cudaMemset(g, 0, maxn * 4));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  for (int nx : nxs) for (int rows : rowss) for (int variant = 0; variant < 3; ++variant) for (int prior = 0; prior < 2; ++prior) {
    if (*only && !(nx == 128 && rows == 16384)) continue;
    int ny = 128, nz = rows / 128;
    size_t n = (size_t)nx * rows * Q;
    std::vector<float> ms;
    for (int rep = 0; rep < 15; ++rep) {
      // prior 0: L2 clean (read 2 x L2 of another buffer); 1: the lattice g written (dirty).
      if (prior) dirty_all<<<1056, 256>>>(g, n); else read_all<<<1056, 256>>>(g, 32u << 20, out);
      CK(cudaEventRecord(a));
      int bl = 256, gr = (rows + bl - 1) / bl;
      if (variant == 0) ghost<<<gr, bl>>>(f, nx, ny, nz);
      else if (variant == 1) ghost_loads<<<gr, bl>>>(f, out, nx, ny, nz, 0);
      else ghost_restrict<<<gr, bl>>>(f, nx, ny, nz);
      CK(cudaEventRecord(b));
      CK(cudaEventSynchronize(b));
      float t; CK(cudaEventElapsedTime(&t, a, b));
      if (rep >= 3) ms.push_back(t);
      if (*only) break;
    }
    if (ms.empty()) continue;
    std::sort(ms.begin(), ms.end());
    const char *vn[] = {"ghost", "loads", "restrict"};
    printf("nx %4d rows %6d blocks %4d %-8s prior %-5s %8.2f us  per-trip %.2f us\n", nx, rows, rows / 256, vn[variant],
           prior ? "dirty" : "clean", ms[ms.size() / 2] * 1e3, ms[ms.size() / 2] * 1e3 / Q);
  }
  printf("PROBE DONE\n");
}
