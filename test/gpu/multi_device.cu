//===- multi_device.cu - Launches on several GPUs, threads and processes --===//
//
// Built with the real host runtime (not ss_test_host.h): it checks what the
// runtime does when a program leaves device 0, launches from several host
// threads on their own streams, or runs as one of several processes sharing
// a report directory. Each kernel reads floats at a known stride, so its
// reports have a known number of sectors per request (4 x stride up to 32);
// multi_device_reports.py checks the reports, this program its results.
//
//   multi_device devices   strided<1> on device 1, then strided<2> on
//                          device 0 and strided<8> on device 1 at once, from
//                          two threads with a stream each (4 launches each);
//                          with one device it prints SKIP and exits with 77
//   multi_device process K strided<4> three times on device K modulo the
//                          device count
//
//===----------------------------------------------------------------------===//
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

template <int Stride>
__global__ void strided(float *Out, const float *In, int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    Out[I] = In[size_t(I) * Stride] + 1.0f;
}

namespace {

constexpr int Threads = 256, Blocks = 64, N = Threads * Blocks;
constexpr int MaxStride = 8;
constexpr int SkipExit = 77; // what tools/gpu-tests.sh counts as skipped

bool ok(cudaError_t E, const char *What) {
  if (E == cudaSuccess)
    return true;
  std::fprintf(stderr, "FAIL multi_device: %s: %s\n", What,
               cudaGetErrorString(E));
  return false;
}

/// Launches strided<Stride> Times on Device, on Stream (a stream of
/// Device's, or 0: the default stream), and checks every result; prints why
/// not and returns false on any error.
template <int Stride> bool run(int Device, int Times, cudaStream_t Stream) {
  if (!ok(cudaSetDevice(Device), "cudaSetDevice"))
    return false;
  std::vector<float> In(size_t(N) * MaxStride), Out(N);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = float(I % 1000) + 100.0f * Device;
  float *DIn = nullptr, *DOut = nullptr;
  bool Good = ok(cudaMalloc(&DIn, In.size() * sizeof(float)), "cudaMalloc") &&
              ok(cudaMalloc(&DOut, N * sizeof(float)), "cudaMalloc") &&
              ok(cudaMemcpy(DIn, In.data(), In.size() * sizeof(float),
                            cudaMemcpyHostToDevice),
                 "copy in");
  for (int T = 0; Good && T < Times; ++T) {
    strided<Stride><<<Blocks, Threads, 0, Stream>>>(DOut, DIn, N);
    Good = ok(cudaGetLastError(), "launch") &&
           ok(cudaStreamSynchronize(Stream), "kernel") &&
           ok(cudaMemcpy(Out.data(), DOut, N * sizeof(float),
                         cudaMemcpyDeviceToHost),
              "copy out");
    for (int I = 0; Good && I < N; ++I)
      if (Out[I] != In[size_t(I) * Stride] + 1.0f) {
        std::fprintf(stderr,
                     "FAIL multi_device: strided<%d> on device %d: out[%d] = "
                     "%g, expected %g\n",
                     Stride, Device, I, Out[I], In[size_t(I) * Stride] + 1.0f);
        Good = false;
      }
  }
  cudaFree(DIn);
  cudaFree(DOut);
  return Good;
}

/// A new stream of Device: the reports tell streams apart by handle, so
/// both threads' streams are made before either thread runs.
cudaStream_t streamOn(int Device) {
  cudaStream_t S = nullptr;
  if (!ok(cudaSetDevice(Device), "cudaSetDevice") ||
      !ok(cudaStreamCreate(&S), "cudaStreamCreate"))
    std::exit(1);
  return S;
}

int devices() {
  int Count = 0;
  if (!ok(cudaGetDeviceCount(&Count), "cudaGetDeviceCount"))
    return 1;
  if (Count < 2) {
    std::printf("SKIP multi_device devices: %d device, needs 2\n", Count);
    return SkipExit;
  }
  if (!run<1>(1, 1, nullptr))
    return 1;
  cudaStream_t S0 = streamOn(0), S1 = streamOn(1);
  bool Good0 = false, Good1 = false;
  std::thread T0([&] { Good0 = run<2>(0, 4, S0); });
  std::thread T1([&] { Good1 = run<8>(1, 4, S1); });
  T0.join();
  T1.join();
  cudaStreamDestroy(S0);
  cudaStreamDestroy(S1);
  if (!Good0 || !Good1)
    return 1;
  std::printf("PASS multi_device devices\n");
  return 0;
}

int process(int K) {
  int Count = 0;
  if (!ok(cudaGetDeviceCount(&Count), "cudaGetDeviceCount") || Count < 1)
    return 1;
  if (!run<4>(K % Count, 3, nullptr))
    return 1;
  std::printf("PASS multi_device process %d\n", K);
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string What = Argc > 1 ? Argv[1] : "";
  if (What == "devices" && Argc == 2)
    return devices();
  if (What == "process" && Argc == 3)
    return process(std::atoi(Argv[2]));
  std::fprintf(stderr, "usage: multi_device devices | process K\n");
  return 2;
}
