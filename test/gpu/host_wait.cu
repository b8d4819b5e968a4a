//===- host_wait.cu - Kernels that wait for the host's work ---------------===//
//
// Built with the real host runtime. A CPU-GPU collaborative program launches
// a kernel whose blocks spin on a flag in mapped memory until the host,
// after the launch has returned, has done its share and sets it. A profiler
// that waited for the kernel inside the launch call would hang it. The
// program runs an ordinary kernel, then two rounds of the waiting one; the
// last round is still pending when the program exits. It checks its own
// results; tools/gpu-tests.sh checks that every launch got its report.
//
//===----------------------------------------------------------------------===//
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <thread>

__global__ void waitForHost(volatile int *Flag, const float *In, float *Out,
                            int N) {
  if (threadIdx.x == 0)
    while (*Flag == 0) {
    }
  __syncthreads();
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = 2.0f * In[I];
}

__global__ void triple(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = 3.0f * In[I];
}

namespace {

constexpr int Threads = 256, Blocks = 64, N = Threads * Blocks;

bool ok(cudaError_t E, const char *What) {
  if (E == cudaSuccess)
    return true;
  std::printf("FAIL %s: %s\n", What, cudaGetErrorString(E));
  return false;
}

bool outputIs(const float *Out, const float *In, float Factor) {
  for (int I = 0; I < N; ++I)
    if (Out[I] != Factor * In[I]) {
      std::printf("FAIL element %d: %g, expected %g\n", I, Out[I],
                  Factor * In[I]);
      return false;
    }
  return true;
}

} // namespace

int main() {
  static float In[N], Out[N];
  for (int I = 0; I < N; ++I)
    In[I] = float(I % 1000);
  float *DIn, *DOut;
  int *Flag, *DFlag;
  if (!ok(cudaMalloc(&DIn, sizeof(In)), "cudaMalloc") ||
      !ok(cudaMalloc(&DOut, sizeof(Out)), "cudaMalloc") ||
      !ok(cudaHostAlloc(&Flag, sizeof(int), cudaHostAllocMapped),
          "cudaHostAlloc") ||
      !ok(cudaHostGetDevicePointer(&DFlag, Flag, 0), "mapped flag") ||
      !ok(cudaMemcpy(DIn, In, sizeof(In), cudaMemcpyHostToDevice), "copy in"))
    return 1;

  triple<<<Blocks, Threads>>>(DIn, DOut, N);
  if (!ok(cudaMemcpy(Out, DOut, sizeof(Out), cudaMemcpyDeviceToHost),
          "triple") ||
      !outputIs(Out, In, 3.0f))
    return 1;

  volatile int *HostFlag = Flag;
  for (int Round = 0; Round < 2; ++Round) {
    *HostFlag = 0;
    waitForHost<<<Blocks, Threads>>>(DFlag, DIn, DOut, N);
    if (!ok(cudaGetLastError(), "launch"))
      return 1;
    // The host's share of the work, done after the launch returned.
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    *HostFlag = 1;
    if (!ok(cudaMemcpy(Out, DOut, sizeof(Out), cudaMemcpyDeviceToHost),
            "waitForHost") ||
        !outputIs(Out, In, 2.0f))
      return 1;
  }
  std::printf("PASS host_wait\n");
  return 0;
}
