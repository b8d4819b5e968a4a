// loop_heavy.cu: kernels whose threads each loop over hundreds to thousands
// of strided global accesses on a small grid, the shape where a sampled
// block's recording path can become the whole kernel's critical path. A
// benchmark input of runtime/bench-overhead.sh, not an example: each kernel
// is checked against a host reference and the program exits 1 on a mismatch.
//   gemv_thread_per_row  y = A x, one thread per row of a row-major
//                        8192 x 1024 matrix (32 MiB): 1024 loads per thread,
//                        lanes 4 KiB apart
//   row_walk_write       each thread fills its own 512-float row
//   aos_field_sum        each thread sums field 0 of 2048 consecutive
//                        32-byte structs of its own chunk
//
// Usage: loop_heavy
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t E = (call);                                                    \
    if (E != cudaSuccess) {                                                    \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,       \
                   cudaGetErrorString(E));                                     \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

constexpr int Rows = 8192, Cols = 1024, RowLen = 512, Chunk = 2048;
constexpr int Block = 256, Launches = 3;

struct Particle {
  float f[8];
};

__global__ void gemv_thread_per_row(const float *A, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= Rows)
    return;
  float s = 0.f;
  for (int c = 0; c < Cols; ++c)
    s += A[(size_t)r * Cols + c] * x[c];
  y[r] = s;
}

__global__ void row_walk_write(float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= Rows)
    return;
  for (int c = 0; c < RowLen; ++c)
    out[(size_t)r * RowLen + c] = float(r + c);
}

__global__ void aos_field_sum(const Particle *p, float *sum) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= Rows)
    return;
  float s = 0.f;
  for (int j = 0; j < Chunk; ++j)
    s += p[(size_t)t * Chunk + j].f[0];
  sum[t] = s;
}

static int mismatches(const std::vector<float> &Got,
                      const std::vector<float> &Want, const char *Name) {
  int Bad = 0;
  for (size_t I = 0; I < Want.size(); ++I)
    if (std::fabs(Got[I] - Want[I]) > 1e-3f * (1.f + std::fabs(Want[I])))
      ++Bad;
  if (Bad)
    std::printf("FAIL %s: %d of %zu values wrong\n", Name, Bad, Want.size());
  return Bad;
}

int main() {
  std::vector<float> A((size_t)Rows * Cols), X(Cols),
      P((size_t)Rows * Chunk * 8);
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = float(I % 7) * 0.25f;
  for (int C = 0; C < Cols; ++C)
    X[C] = float(C % 5) * 0.5f;
  for (size_t I = 0; I < P.size(); ++I)
    P[I] = float(I % 3);
  float *dA, *dX, *dY, *dOut, *dSum;
  Particle *dP;
  CHECK(cudaMalloc(&dA, A.size() * 4));
  CHECK(cudaMalloc(&dX, X.size() * 4));
  CHECK(cudaMalloc(&dY, Rows * 4));
  CHECK(cudaMalloc(&dOut, (size_t)Rows * RowLen * 4));
  CHECK(cudaMalloc(&dP, P.size() * 4));
  CHECK(cudaMalloc(&dSum, Rows * 4));
  CHECK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dX, X.data(), X.size() * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dP, P.data(), P.size() * 4, cudaMemcpyHostToDevice));
  const int Grid = (Rows + Block - 1) / Block;
  for (int L = 0; L < Launches; ++L) {
    gemv_thread_per_row<<<Grid, Block>>>(dA, dX, dY);
    row_walk_write<<<Grid, Block>>>(dOut);
    aos_field_sum<<<Grid, Block>>>(dP, dSum);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  std::vector<float> Y(Rows), Out((size_t)Rows * RowLen), Sum(Rows);
  CHECK(cudaMemcpy(Y.data(), dY, Rows * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(Out.data(), dOut, Out.size() * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(Sum.data(), dSum, Rows * 4, cudaMemcpyDeviceToHost));
  std::vector<float> WantY(Rows, 0.f), WantOut(Out.size()), WantSum(Rows, 0.f);
  for (int R = 0; R < Rows; ++R) {
    for (int C = 0; C < Cols; ++C)
      WantY[R] += A[(size_t)R * Cols + C] * X[C];
    for (int C = 0; C < RowLen; ++C)
      WantOut[(size_t)R * RowLen + C] = float(R + C);
    for (int J = 0; J < Chunk; ++J)
      WantSum[R] += P[((size_t)R * Chunk + J) * 8];
  }
  int Bad = mismatches(Y, WantY, "gemv_thread_per_row") +
            mismatches(Out, WantOut, "row_walk_write") +
            mismatches(Sum, WantSum, "aos_field_sum");
  if (Bad)
    return 1;
  std::printf("PASS loop_heavy\n");
  return 0;
}
