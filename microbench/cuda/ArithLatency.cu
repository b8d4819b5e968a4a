//===- ArithLatency.cu - Dependent latency of arithmetic routines ---------===//
//
// Between its round trips a warp waits for its own arithmetic. Most
// instructions of sm_90 have a dependent latency of about four cycles per
// issue slot (an FFMA 4, a DFMA's two slots 8), but the IEEE divisions and
// square roots are reciprocal seeds from the special-function unit followed
// by Newton steps, each waiting for the one before: far longer than their
// slots suggest. These rows measure what the model's latency term charges
// as 2 cycles a slot (docs/model.md, "Long-latency routines").
//
// Each row is one warp on one SM running a chain in which every operation
// needs the result of the one before, timed with clock64 inside the
// kernel: `cycles_per_op` is the chain's cycles over its operations. A
// chain's operands keep to a fixed point (a / x with x = sqrt(a), sqrt
// tending to 1), so no special-case path (zero, infinity, denormal) runs.
// `dpow_plus_dadd` adds a DADD per operation (pow(x, a) + 1): pow's fixed
// point 1 takes a fast path.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

namespace sectorscope::mb {

namespace {

constexpr int ChainUnroll = 8;
constexpr int ChainTrips = 1024;

template <typename T, typename Op>
__global__ void chainKernel(T *Out, long long *Cycles, T X0, int Trips, Op F) {
  T X = X0 + Out[threadIdx.x]; // Out is zero: the compiler cannot know X
  long long Start = clock64();
  for (int I = 0; I < Trips; ++I) {
#pragma unroll
    for (int K = 0; K < ChainUnroll; ++K)
      X = F(X);
  }
  long long End = clock64();
  Out[threadIdx.x] = X;
  if (threadIdx.x == 0)
    *Cycles = End - Start;
}

struct Ffma {
  float A, B;
  __device__ float operator()(float X) const { return fmaf(X, A, B); }
};
struct Dfma {
  double A, B;
  __device__ double operator()(double X) const { return fma(X, A, B); }
};
struct Imad {
  int A, B;
  __device__ int operator()(int X) const { return X * A + B; }
};
struct Imad64 {
  long long A, B;
  __device__ long long operator()(long long X) const { return X * A + B; }
};
struct Fdiv {
  float A;
  __device__ float operator()(float X) const { return A / X; }
};
struct FdivApprox {
  float A;
  __device__ float operator()(float X) const { return __fdividef(A, X); }
};
struct Ddiv {
  double A;
  __device__ double operator()(double X) const { return A / X; }
};
struct Fsqrt {
  __device__ float operator()(float X) const { return sqrtf(X); }
};
struct Dsqrt {
  __device__ double operator()(double X) const { return sqrt(X); }
};
struct Sdiv32 {
  int A;
  __device__ int operator()(int X) const { return A / X; }
};
struct Udiv64 {
  unsigned long long A;
  __device__ unsigned long long operator()(unsigned long long X) const {
    return A / X;
  }
};
struct Rsqrt {
  __device__ float operator()(float X) const { return rsqrtf(X); }
};
struct Dexp {
  __device__ double operator()(double X) const { return exp(-X); }
};
struct DpowPlusOne {
  double A;
  __device__ double operator()(double X) const { return pow(X, A) + 1.0; }
};

template <typename T, typename Op>
void runChain(Harness &H, const char *Name, int Bytes, T X0, Op F) {
  T *Out = nullptr;
  long long *Cycles = nullptr;
  CK(cudaMalloc(&Out, 32 * sizeof(T)));
  CK(cudaMemset(Out, 0, 32 * sizeof(T)));
  CK(cudaMalloc(&Cycles, sizeof(long long)));
  // A short run first: the module's load and the instruction cache.
  chainKernel<<<1, 32>>>(Out, Cycles, X0, 4, F);
  CK(cudaGetLastError());
  long long Best = -1;
  for (int Rep = 0; Rep < 3; ++Rep) {
    CK(cudaMemset(Out, 0, 32 * sizeof(T)));
    chainKernel<<<1, 32>>>(Out, Cycles, X0, ChainTrips, F);
    CK(cudaGetLastError());
    long long C = 0;
    CK(cudaMemcpy(&C, Cycles, sizeof C, cudaMemcpyDeviceToHost));
    if (Best < 0 || C < Best)
      Best = C;
  }
  Row R;
  // The launch's own time too: every row of the report has one.
  R.Time = H.time(
      [&](int) { chainKernel<<<1, 32>>>(Out, Cycles, X0, ChainTrips, F); });
  CK(cudaFree(Out));
  CK(cudaFree(Cycles));
  R.Experiment = "arith";
  R.Op = Name;
  R.WordBytes = Bytes;
  R.Blocks = 1;
  R.Threads = 32;
  R.N = ChainTrips * ChainUnroll;
  R.CyclesPerOp = double(Best) / R.N;
  H.add(R);
  H.step();
}

} // namespace

void runArithLatency(Harness &H, const Buffers &) {
  H.begin("arith", 14);
  runChain(H, "ffma", 4, 1.5f, Ffma{0.5f, 0.5f});
  runChain(H, "dfma", 8, 1.5, Dfma{0.5, 0.5});
  runChain(H, "imad", 4, 3, Imad{5, 7});
  runChain(H, "imad64", 8, 3LL, Imad64{5, 7});
  runChain(H, "fdiv", 4, 1.5f, Fdiv{2.25f});
  runChain(H, "fdiv_approx", 4, 1.5f, FdivApprox{2.25f});
  runChain(H, "ddiv", 8, 1.5, Ddiv{2.25});
  runChain(H, "fsqrt", 4, 1.5f, Fsqrt{});
  runChain(H, "dsqrt", 8, 1.5, Dsqrt{});
  runChain(H, "sdiv32", 4, 1000, Sdiv32{1000000});
  runChain(H, "udiv64", 8, 1000000ULL, Udiv64{1000000000000ULL});
  runChain(H, "rsqrt_approx", 4, 1.5f, Rsqrt{});
  runChain(H, "dexp", 8, 0.5, Dexp{});
  runChain(H, "dpow_plus_dadd", 8, 1.5, DpowPlusOne{0.7});
  H.end();
}

} // namespace sectorscope::mb
