// lbm_d3q19.cu: one lattice-Boltzmann D3Q19 BGK step (stream + collide, pull
// scheme) on a structure-of-arrays layout f[i * N + node], checked against a
// CPU step; then a timed run that prints MLUPS.
//
// Lattice: NX x NY x NZ nodes, node = (z * NY + y) * NX + x. The planes x = 0
// and x = NX - 1 are ghost layers: lbm_fill_ghosts_x copies x = NX - 2 into
// x = 0 and x = 1 into x = NX - 1 before every step, so the fluid (x in
// 1..NX-2) is periodic in x while the step kernel reads x - 1 and x + 1
// unconditionally (affine addresses, no wrap-around select). y is periodic
// (the wrap is warp-uniform: y = blockIdx.y); z has halfway bounce-back walls
// below z = 0 and above z = NZ - 1 (also warp-uniform: z = blockIdx.z).
//
// Memory behaviour, one thread per node, threadIdx.x along x:
//   - the 9 populations with cx = 0 are pulled from the same x: aligned,
//     coalesced (offsets of whole rows/planes);
//   - the 10 populations with cx = +-1 are pulled from x -+ 1: the warp's
//     128 bytes start 4 bytes off a sector boundary (misaligned, 5 sectors
//     for 4 sectors of data) - the GT200 paper's misaligned reads;
//   - all 19 stores are aligned and coalesced;
//   - the ghost kernel is strided (NX floats between neighbouring lanes).
// With NX a multiple of 32 the misalignment is exactly +-4 bytes.
//
// Usage: lbm_d3q19 [NX NY NZ]   (default 128 64 64; NX >= 3 includes the 2
// ghost planes). Prints "PASS lbm_d3q19" then "MLUPS <fluid nodes/us>".
#include <cmath>
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

constexpr int Q = 19;

// Unroll the population loops in device code (folds the velocity tables);
// the host compiler does not know the pragma.
#if defined(__CUDA_ARCH__)
#define D3Q19_UNROLL _Pragma("unroll")
#else
#define D3Q19_UNROLL
#endif
constexpr int TIMED_STEPS = 100;

// D3Q19 velocities: 0 rest; 1-6 faces; 7-18 edges. opp(i) = i odd ? i+1 : i-1.
__host__ __device__ inline void d3q19_velocity(int i, int &cx, int &cy, int &cz) {
  const int vx[Q] = {0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0};
  const int vy[Q] = {0, 0, 0, 1, -1, 0, 0, 1, -1, -1, 1, 0, 0, 0, 0, 1, -1, 1, -1};
  const int vz[Q] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, -1, 1, 1, -1, -1, 1};
  cx = vx[i];
  cy = vy[i];
  cz = vz[i];
}

__host__ __device__ inline int d3q19_opposite(int i) {
  return i == 0 ? 0 : (i % 2 ? i + 1 : i - 1);
}

__host__ __device__ inline float d3q19_weight(int i) {
  return i == 0 ? 1.0f / 3.0f : (i <= 6 ? 1.0f / 18.0f : 1.0f / 36.0f);
}

// Equilibrium population i for density rho and velocity u.
__host__ __device__ inline float d3q19_equilibrium(int i, float rho, float ux,
                                                   float uy, float uz) {
  int cx, cy, cz;
  d3q19_velocity(i, cx, cy, cz);
  const float cu = 3.0f * (cx * ux + cy * uy + cz * uz);
  const float usq = 1.5f * (ux * ux + uy * uy + uz * uz);
  return d3q19_weight(i) * rho * (1.0f + cu + 0.5f * cu * cu - usq);
}

// BGK relaxation of one node's populations towards equilibrium.
__host__ __device__ inline void bgk_collide(float f[Q], float omega) {
  float rho = 0.0f, jx = 0.0f, jy = 0.0f, jz = 0.0f;
  D3Q19_UNROLL
  for (int i = 0; i < Q; ++i) {
    int cx, cy, cz;
    d3q19_velocity(i, cx, cy, cz);
    rho += f[i];
    jx += cx * f[i];
    jy += cy * f[i];
    jz += cz * f[i];
  }
  const float ux = jx / rho, uy = jy / rho, uz = jz / rho;
  D3Q19_UNROLL
  for (int i = 0; i < Q; ++i)
    f[i] += omega * (d3q19_equilibrium(i, rho, ux, uy, uz) - f[i]);
}

// Periodic x through ghost planes: one thread per (y, z) row, all 19 arrays.
__global__ void lbm_fill_ghosts_x(float *f, int nx, int ny, int nz) {
  int row = blockIdx.x * blockDim.x + threadIdx.x; // z * ny + y
  if (row >= ny * nz)
    return;
  const int n = nx * ny * nz;
  for (int i = 0; i < Q; ++i) {
    const int base = i * n + row * nx;
    float last = f[base + nx - 2]; // sectorscope-expect: strided -- stride NX floats
    float first = f[base + 1]; // sectorscope-expect: strided -- stride NX floats
    f[base] = last; // sectorscope-expect: strided -- stride NX floats
    f[base + nx - 1] = first; // sectorscope-expect: strided -- stride NX floats
  }
}

// One pull-scheme step: f_i(x) = collide(f*_i(x - c_i)).
__global__ void lbm_d3q19_step(const float *src, float *dst, int nx, int ny,
                               int nz, float omega) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y;
  const int z = blockIdx.z;
  if (x < 1 || x > nx - 2)
    return; // ghost planes (and padding threads)
  const int n = nx * ny * nz;
  const int sz = nx * ny;
  const int c = (z * ny + y) * nx + x;
  const int oym = (y == 0) ? (ny - 1) * nx : -nx;  // offset of y - 1, periodic
  const int oyp = (y == ny - 1) ? -(ny - 1) * nx : nx; // offset of y + 1
  float f[Q];
  f[0] = src[0 * n + c]; // sectorscope-expect: coalesced, clean
  f[1] = src[1 * n + c - 1]; // sectorscope-expect: misaligned -- pulls from x - 1
  f[2] = src[2 * n + c + 1]; // sectorscope-expect: misaligned -- pulls from x + 1
  f[3] = src[3 * n + c + oym]; // sectorscope-expect: coalesced, clean
  f[4] = src[4 * n + c + oyp]; // sectorscope-expect: coalesced, clean
  f[7] = src[7 * n + c - 1 + oym]; // sectorscope-expect: misaligned -- pulls from x - 1
  f[8] = src[8 * n + c + 1 + oyp]; // sectorscope-expect: misaligned -- pulls from x + 1
  f[9] = src[9 * n + c - 1 + oyp]; // sectorscope-expect: misaligned -- pulls from x - 1
  f[10] = src[10 * n + c + 1 + oym]; // sectorscope-expect: misaligned -- pulls from x + 1
  // Populations crossing a z wall: interior nodes pull them from z -+ 1; at
  // a wall the population bounces back, i.e. it is the opposite population
  // of this very node (halfway bounce-back). The choice is warp-uniform
  // (z = blockIdx.z), so it is folded into uniform offsets and each
  // population stays one load on one line (if/else branches here get merged
  // by the compiler into one load with a phi'd address and a merged line).
  const bool lo = (z == 0), hi = (z == nz - 1);
  const int o5 = lo ? 6 * n : 5 * n - sz;                 // cz = +1: from z - 1
  const int o11 = lo ? 12 * n : 11 * n - 1 - sz;
  const int o14 = lo ? 13 * n : 14 * n + 1 - sz;
  const int o15 = lo ? 16 * n : 15 * n + oym - sz;
  const int o18 = lo ? 17 * n : 18 * n + oyp - sz;
  const int o6 = hi ? 5 * n : 6 * n + sz;                 // cz = -1: from z + 1
  const int o12 = hi ? 11 * n : 12 * n + 1 + sz;
  const int o13 = hi ? 14 * n : 13 * n - 1 + sz;
  const int o16 = hi ? 15 * n : 16 * n + oyp + sz;
  const int o17 = hi ? 18 * n : 17 * n + oym + sz;
  f[5] = src[c + o5]; // sectorscope-expect: coalesced, clean
  f[6] = src[c + o6]; // sectorscope-expect: coalesced, clean
  f[11] = src[c + o11]; // sectorscope-expect: compile-time: misaligned; run-time: sectors-per-request <= 5 -- pulls from x - 1 (5 sectors); aligned (4) in the bottom wall blocks, the sampled block (0,0,0) among them
  f[12] = src[c + o12]; // sectorscope-expect: misaligned -- pulls from x + 1; aligned in the top wall blocks
  f[13] = src[c + o13]; // sectorscope-expect: misaligned -- pulls from x - 1; aligned in the top wall blocks
  f[14] = src[c + o14]; // sectorscope-expect: compile-time: misaligned; run-time: sectors-per-request <= 5 -- pulls from x + 1 (5 sectors); aligned (4) in the bottom wall blocks, the sampled block (0,0,0) among them
  f[15] = src[c + o15]; // sectorscope-expect: coalesced, clean
  f[16] = src[c + o16]; // sectorscope-expect: coalesced, clean
  f[17] = src[c + o17]; // sectorscope-expect: coalesced, clean
  f[18] = src[c + o18]; // sectorscope-expect: coalesced, clean
  bgk_collide(f, omega);
#pragma unroll
  for (int i = 0; i < Q; ++i)
    dst[i * n + c] = f[i]; // sectorscope-expect: coalesced, clean
}

// CPU reference step, written independently of the ghost planes: periodic
// wrap on the fluid range 1..nx-2 and on y, bounce-back on z.
static void cpu_step(const std::vector<float> &src, std::vector<float> &dst,
                     int nx, int ny, int nz, float omega) {
  const size_t n = (size_t)nx * ny * nz;
  const int fx = nx - 2; // fluid width
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 1; x <= nx - 2; ++x) {
        const size_t c = ((size_t)z * ny + y) * nx + x;
        float f[Q];
        for (int i = 0; i < Q; ++i) {
          int cx, cy, cz;
          d3q19_velocity(i, cx, cy, cz);
          const int zs = z - cz;
          if (zs < 0 || zs >= nz) {
            f[i] = src[d3q19_opposite(i) * n + c];
          } else {
            const int xs = 1 + ((x - 1 - cx) % fx + fx) % fx;
            const int ys = ((y - cy) % ny + ny) % ny;
            f[i] = src[i * n + ((size_t)zs * ny + ys) * nx + xs];
          }
        }
        bgk_collide(f, omega);
        for (int i = 0; i < Q; ++i)
          dst[i * n + c] = f[i];
      }
}

static double fluid_mass(const std::vector<float> &f, int nx, int ny, int nz) {
  const size_t n = (size_t)nx * ny * nz;
  double m = 0.0;
  for (int i = 0; i < Q; ++i)
    for (size_t row = 0; row < (size_t)ny * nz; ++row)
      for (int x = 1; x <= nx - 2; ++x)
        m += f[i * n + row * nx + x];
  return m;
}

int main(int argc, char **argv) {
  int nx = 128, ny = 64, nz = 64;
  if (argc == 4) {
    nx = std::atoi(argv[1]);
    ny = std::atoi(argv[2]);
    nz = std::atoi(argv[3]);
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: %s [NX NY NZ]\n", argv[0]);
    return 2;
  }
  if (nx < 3 || ny < 1 || nz < 1 || ny > 65535 || nz > 65535 ||
      (long long)nx * ny * nz * Q >= (1LL << 31)) {
    std::fprintf(stderr, "need NX >= 3, 1 <= NY, NZ <= 65535, 19*NX*NY*NZ < 2^31\n");
    return 2;
  }
  const size_t n = (size_t)nx * ny * nz;
  const float omega = 1.0f / 0.8f; // tau = 0.8
  const double pi = 3.14159265358979323846;

  // Initial state: equilibrium of a smooth density/velocity field, times a
  // small deterministic per-population perturbation so that collision has
  // work to do. Ghost planes are initialised too but overwritten on the GPU.
  std::vector<float> h0(Q * n), ref(Q * n, 0.0f), got(Q * n);
  unsigned s = 99u;
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        const size_t c = ((size_t)z * ny + y) * nx + x;
        const double px = 2 * pi * x / nx, py = 2 * pi * y / ny, pz = pi * (z + 0.5) / nz;
        const float rho = (float)(1.0 + 0.05 * std::sin(px) * std::cos(py));
        const float ux = (float)(0.05 * std::sin(pz));
        const float uy = (float)(0.02 * std::cos(px));
        const float uz = (float)(0.02 * std::sin(py));
        for (int i = 0; i < Q; ++i) {
          s = s * 1664525u + 1013904223u;
          const float noise = 1.0f + 0.01f * ((float)(s >> 8) / (float)(1u << 24) - 0.5f);
          h0[i * n + c] = d3q19_equilibrium(i, rho, ux, uy, uz) * noise;
        }
      }
  cpu_step(h0, ref, nx, ny, nz, omega);
  const double mass0 = fluid_mass(h0, nx, ny, nz);

  float *d_a, *d_b;
  CUDA_CHECK(cudaMalloc(&d_a, Q * n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_b, Q * n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_a, h0.data(), Q * n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_b, 0, Q * n * sizeof(float)));

  const int bx = nx >= 128 ? 128 : (nx + 31) / 32 * 32;
  const dim3 step_block(bx), step_grid((nx + bx - 1) / bx, ny, nz);
  const int ghost_block = 256, ghost_grid = (ny * nz + ghost_block - 1) / ghost_block;
  auto step = [&](float *from, float *to) {
    lbm_fill_ghosts_x<<<ghost_grid, ghost_block>>>(from, nx, ny, nz);
    CUDA_CHECK(cudaGetLastError());
    lbm_d3q19_step<<<step_grid, step_block>>>(from, to, nx, ny, nz, omega);
    CUDA_CHECK(cudaGetLastError());
  };

  // 1. One step, compared with the CPU.
  step(d_a, d_b);
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(got.data(), d_b, Q * n * sizeof(float), cudaMemcpyDeviceToHost));
  dump_output("f_step1", got.data(), Q * n * sizeof(float));
  size_t bad = 0;
  double worst = 0.0;
  for (int i = 0; i < Q; ++i)
    for (size_t row = 0; row < (size_t)ny * nz; ++row)
      for (int x = 1; x <= nx - 2; ++x) {
        const size_t k = i * n + row * nx + x;
        const double d = std::fabs((double)got[k] - ref[k]);
        if (d > worst)
          worst = d;
        if (!(d <= 1e-6 + 1e-5 * std::fabs(ref[k])) && bad++ < 10)
          std::printf("f%d at x=%d y=%zu z=%zu: %.8g, want %.8g\n", i, x,
                      row % ny, row / ny, got[k], ref[k]);
      }
  const double mass1 = fluid_mass(got, nx, ny, nz);
  if (!(std::fabs(mass1 - mass0) <= 1e-6 * mass0)) {
    std::printf("mass not conserved by one step: %.10g -> %.10g\n", mass0, mass1);
    ++bad;
  }

  // 2. Timed steps (ping-pong), then mass conservation again.
  cudaEvent_t t0, t1;
  CUDA_CHECK(cudaEventCreate(&t0));
  CUDA_CHECK(cudaEventCreate(&t1));
  float *from = d_b, *to = d_a;
  CUDA_CHECK(cudaEventRecord(t0));
  for (int it = 0; it < TIMED_STEPS; ++it) {
    step(from, to);
    float *tmp = from;
    from = to;
    to = tmp;
  }
  CUDA_CHECK(cudaEventRecord(t1));
  CUDA_CHECK(cudaEventSynchronize(t1));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
  CUDA_CHECK(cudaMemcpy(got.data(), from, Q * n * sizeof(float), cudaMemcpyDeviceToHost));
  dump_output("f_final", got.data(), Q * n * sizeof(float));
  const double mass2 = fluid_mass(got, nx, ny, nz);
  if (!(std::fabs(mass2 - mass0) <= 1e-4 * mass0)) {
    std::printf("mass not conserved over %d steps: %.10g -> %.10g\n",
                TIMED_STEPS + 1, mass0, mass2);
    ++bad;
  }
  CUDA_CHECK(cudaEventDestroy(t0));
  CUDA_CHECK(cudaEventDestroy(t1));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  if (bad) {
    std::printf("FAIL lbm_d3q19: %zu checks failed (max |diff| %g)\n", bad, worst);
    return 1;
  }
  const double fluid_nodes = (double)(nx - 2) * ny * nz;
  std::printf("PASS lbm_d3q19\n");
  std::printf("MLUPS %.1f\n", fluid_nodes * TIMED_STEPS / (ms * 1e3));
  return 0;
}
