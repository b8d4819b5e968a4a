//===- Common.cuh - The micro-benchmarks' harness ------------ -*- CUDA -*-===//
//
// Times launches with CUDA events (one untimed warm-up, then Options::Reps
// timed runs, each held at a launch gate until it is all queued), samples
// NVML telemetry after each measurement, collects the rows, and reports
// progress on stderr.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MICROBENCH_COMMON_CUH
#define SECTORSCOPE_MICROBENCH_COMMON_CUH

#include "common/LaunchGate.h"
#include "microbench/host/Args.h"
#include "microbench/host/Nvml.h"
#include "microbench/host/Report.h"

#include <cuda_runtime.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace sectorscope::mb {

inline void checkCuda(cudaError_t E, const char *What, const char *File,
                      int Line) {
  if (E == cudaSuccess)
    return;
  std::fprintf(stderr, "sectorscope-microbench: %s:%d: %s: %s\n", File, Line,
               What, cudaGetErrorString(E));
  std::exit(2);
}
#define CK(X) ::sectorscope::mb::checkCuda((X), #X, __FILE__, __LINE__)

/// Word types by size; loads and stores go through __ldcg/__stcg (cache in
/// L2 only) so that repeated addresses reach the L2 slices rather than L1.
template <int Bytes> struct Word;
template <> struct Word<1> {
  using T = unsigned char;
};
template <> struct Word<2> {
  using T = unsigned short;
};
template <> struct Word<4> {
  using T = unsigned int;
};
template <> struct Word<8> {
  using T = unsigned long long;
};
template <> struct Word<16> {
  using T = uint4;
};

template <typename T> __device__ __forceinline__ unsigned fold(T V) {
  return unsigned(V);
}
template <> __device__ __forceinline__ unsigned fold(unsigned long long V) {
  return unsigned(V) ^ unsigned(V >> 32);
}
template <> __device__ __forceinline__ unsigned fold(uint4 V) {
  return V.x ^ V.y ^ V.z ^ V.w;
}
template <typename T> __device__ __forceinline__ T makeWord(unsigned V) {
  return T(V);
}
template <> __device__ __forceinline__ uint4 makeWord(unsigned V) {
  return make_uint4(V, V + 1, V + 2, V + 3);
}

/// A value no load can produce by chance in practice; stores the reduction
/// only then, so the loads stay live without costing a store per thread.
constexpr unsigned SinkMagic = 0x9e3779b9u;

class Harness {
public:
  Harness(const Options &O, const DeviceInfo &D, const Nvml &N)
      : Opts(O), Dev(D), Nv(N) {
    CK(cudaEventCreate(&Start));
    CK(cudaEventCreate(&Stop));
    CK(cudaMalloc(&Sink, 64));
    CK(cudaMemset(Sink, 0, 64));
  }
  ~Harness() {
    cudaEventDestroy(Start);
    cudaEventDestroy(Stop);
    cudaFree(Sink);
  }

  /// Times \p Launch(rep); rep is -1 for the warm-up and 0..Reps-1 after.
  template <typename F> TimingSummary time(F &&Launch) {
    return time(Launch, [](int) {});
  }
  /// The same, with \p Before(rep) run untimed ahead of every launch (what
  /// the kernel before it leaves in L2: the `dirty` group).
  template <typename F, typename G> TimingSummary time(F &&Launch, G &&Before) {
    Before(-1);
    Launch(-1);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::vector<double> Ms;
    for (int R = 0; R < Opts.Reps; ++R) {
      Before(R);
      // Everything of the run is queued before the stream starts it, so
      // the events time the GPU, not the host's launch calls.
      LaunchGate Gate;
      if (!Opts.Ungated)
        Gate.close(cudaStreamLegacy);
      CK(cudaEventRecord(Start));
      Launch(R);
      CK(cudaEventRecord(Stop));
      Gate.open();
      CK(cudaEventSynchronize(Stop));
      CK(cudaGetLastError());
      float T = 0;
      CK(cudaEventElapsedTime(&T, Start, Stop));
      Ms.push_back(T);
    }
    return summarize(Ms);
  }

  void add(Row R) {
    R.Tel = Nv.sample();
    Rows.push_back(R);
  }

  /// Announces a group of \p Total measurements on stderr.
  void begin(const std::string &Group, int Total) {
    Cur = Group;
    CurTotal = Total;
    CurDone = 0;
    GroupStart = std::chrono::steady_clock::now();
    std::fprintf(stderr, "[%6.1fs] %s: %d measurements\n", elapsed(),
                 Group.c_str(), Total);
  }
  /// Counts one measurement; prints a line every tenth of the group.
  void step() {
    ++CurDone;
    int Every = CurTotal >= 10 ? CurTotal / 10 : 1;
    if (CurDone % Every == 0 || CurDone == CurTotal)
      std::fprintf(stderr, "[%6.1fs]   %s %d/%d\n", elapsed(), Cur.c_str(),
                   CurDone, CurTotal);
  }
  void end() {
    double S = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                             GroupStart)
                   .count();
    std::fprintf(stderr, "[%6.1fs] %s done in %.1f s\n", elapsed(), Cur.c_str(),
                 S);
  }
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
        .count();
  }

  /// Dynamic shared memory that limits kernel \p K with \p Threads threads
  /// to \p Blocks resident blocks per SM (how gpu-benches sets occupancy).
  /// Returns the bytes, and the occupancy achieved in \p Achieved.
  size_t smemForBlocks(const void *K, int Threads, int Blocks, int &Achieved);

  const Options &Opts;
  const DeviceInfo &Dev;
  const Nvml &Nv;
  std::vector<Row> Rows;
  unsigned *Sink = nullptr;

private:
  cudaEvent_t Start{}, Stop{};
  std::string Cur;
  int CurTotal = 0, CurDone = 0;
  std::chrono::steady_clock::time_point T0 = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point GroupStart;
};

/// Device buffers shared by the experiments (allocated once; the largest
/// experiment decides their size).
struct Buffers {
  char *A = nullptr; ///< Read side.
  char *B = nullptr; ///< Write side.
  size_t Bytes = 0;
};

// One entry point per experiment group, each in its own file.
void runStream(Harness &H, const Buffers &Buf);
void runCampProf(Harness &H, const Buffers &Buf);
void runGt200(Harness &H, const Buffers &Buf);
void runStride(Harness &H, const Buffers &Buf);
void runOffset(Harness &H, const Buffers &Buf);
void runPitch(Harness &H, const Buffers &Buf);
void runHotRegion(Harness &H, const Buffers &Buf);
void runLatency(Harness &H, const Buffers &Buf);
void runStreams(Harness &H, const Buffers &Buf);
void runBlockCost(Harness &H, const Buffers &Buf);
void runLoadStore(Harness &H, const Buffers &Buf);
void runSmallGrid(Harness &H, const Buffers &Buf);
void runLocalMemory(Harness &H, const Buffers &Buf);
void runSharedMemory(Harness &H, const Buffers &Buf);
void runHotAtomics(Harness &H, const Buffers &Buf);
void runHotLoads(Harness &H, const Buffers &Buf);
void runDirtyL2(Harness &H, const Buffers &Buf);
void runArithLatency(Harness &H, const Buffers &Buf);
int runSliceProbe(const Options &O, const DeviceInfo &D);

/// Active-warps-per-SM values to sweep: every value up to 32 (one-warp
/// blocks, at most 32 blocks per SM), then even values (two-warp blocks).
std::vector<int> warpSweep(int MaxWarps, bool Quick);

} // namespace sectorscope::mb

#endif
