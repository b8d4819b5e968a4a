//===- Stream.cu - Streaming, stride and alignment experiments ------------===//
//
// One grid-stride kernel per direction with U independent loads (or stores)
// in flight per thread, which is what it takes to approach the HBM limit.
// Stride and a byte offset of the base pointer turn the same kernels into the
// stride and alignment sweeps.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

namespace sectorscope::mb {

namespace {

template <typename T, int U>
__global__ void streamRead(const T *__restrict__ P, size_t N, int Stride,
                           unsigned *Sink) {
  const size_t NT = size_t(gridDim.x) * blockDim.x;
  size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  unsigned Acc = 0;
  for (; I + (U - 1) * NT < N; I += U * NT) {
    T V[U];
#pragma unroll
    for (int K = 0; K < U; ++K)
      V[K] = __ldcg(P + (I + K * NT) * Stride);
#pragma unroll
    for (int K = 0; K < U; ++K)
      Acc ^= fold(V[K]);
  }
  for (; I < N; I += NT)
    Acc ^= fold(__ldcg(P + I * Stride));
  if (Acc == SinkMagic)
    *Sink = Acc;
}

template <typename T, int U>
__global__ void streamWrite(T *__restrict__ P, size_t N, int Stride) {
  const size_t NT = size_t(gridDim.x) * blockDim.x;
  size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; I + (U - 1) * NT < N; I += U * NT) {
#pragma unroll
    for (int K = 0; K < U; ++K)
      __stcg(P + (I + K * NT) * Stride, makeWord<T>(unsigned(I + K * NT)));
  }
  for (; I < N; I += NT)
    __stcg(P + I * Stride, makeWord<T>(unsigned(I)));
}

template <typename T, int U>
__global__ void streamCopy(const T *__restrict__ Src, T *__restrict__ Dst,
                           size_t N) {
  const size_t NT = size_t(gridDim.x) * blockDim.x;
  size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; I + (U - 1) * NT < N; I += U * NT) {
    T V[U];
#pragma unroll
    for (int K = 0; K < U; ++K)
      V[K] = __ldcg(Src + I + K * NT);
#pragma unroll
    for (int K = 0; K < U; ++K)
      __stcg(Dst + I + K * NT, V[K]);
  }
  for (; I < N; I += NT)
    __stcg(Dst + I, __ldcg(Src + I));
}

constexpr int Threads = 256;

// Unroll depth: narrow words need more requests in flight per thread.
template <int Bytes> constexpr int unrollFor() { return Bytes >= 8 ? 4 : 8; }

int activeWarps(const void *K, int BlocksPerSm) {
  int Max = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Max, K, Threads, 0));
  return (BlocksPerSm < Max ? BlocksPerSm : Max) * Threads / 32;
}

struct StreamCase {
  std::string Experiment, Op;
  int BlocksPerSm = 8;
  size_t Bytes = 0; ///< Footprint the access pattern spans.
  int Stride = 1;   ///< Elements.
  int Offset = 0;   ///< Bytes added to the base pointer.
};

/// Runs one read or write case with word size Bytes and records its row.
template <int Bytes>
void runCase(Harness &H, const Buffers &Buf, const StreamCase &C) {
  using T = typename Word<Bytes>::T;
  constexpr int U = unrollFor<Bytes>();
  const size_t N = C.Bytes / (size_t(Bytes) * C.Stride);
  const int Grid = H.Dev.Sms * C.BlocksPerSm;
  Row R;
  R.Experiment = C.Experiment;
  R.Op = C.Op;
  R.WordBytes = Bytes;
  R.BlocksPerSm = C.BlocksPerSm;
  R.Blocks = Grid;
  R.Threads = Threads;
  R.BytesMoved = double(N) * Bytes;
  R.FootprintBytes = double(N) * Bytes * C.Stride;
  R.Stride = C.Stride;
  R.Offset = C.Offset;
  R.Dram = R.FootprintBytes >= 4.0 * H.Dev.L2Bytes;
  if (C.Op == "read") {
    const T *P = reinterpret_cast<const T *>(Buf.A + C.Offset);
    auto K = streamRead<T, U>;
    R.ActiveWarpsPerSm = activeWarps((const void *)K, C.BlocksPerSm);
    R.Time = H.time([&](int) { K<<<Grid, Threads>>>(P, N, C.Stride, H.Sink); });
  } else if (C.Op == "write") {
    T *P = reinterpret_cast<T *>(Buf.B + C.Offset);
    auto K = streamWrite<T, U>;
    R.ActiveWarpsPerSm = activeWarps((const void *)K, C.BlocksPerSm);
    R.Time = H.time([&](int) { K<<<Grid, Threads>>>(P, N, C.Stride); });
  } else { // copy: bytes read plus bytes written.
    const T *S = reinterpret_cast<const T *>(Buf.A);
    T *D = reinterpret_cast<T *>(Buf.B);
    auto K = streamCopy<T, U>;
    R.ActiveWarpsPerSm = activeWarps((const void *)K, C.BlocksPerSm);
    R.BytesMoved *= 2;
    R.FootprintBytes *= 2;
    R.Time = H.time([&](int) { K<<<Grid, Threads>>>(S, D, N); });
  }
  H.add(R);
  H.step();
}

void dispatch(Harness &H, const Buffers &Buf, int Bytes, const StreamCase &C) {
  switch (Bytes) {
  case 1:
    return runCase<1>(H, Buf, C);
  case 2:
    return runCase<2>(H, Buf, C);
  case 4:
    return runCase<4>(H, Buf, C);
  case 8:
    return runCase<8>(H, Buf, C);
  default:
    return runCase<16>(H, Buf, C);
  }
}

} // namespace

void runStream(Harness &H, const Buffers &Buf) {
  const size_t Bytes = H.Opts.FootprintMiB << 20;
  std::vector<std::pair<int, StreamCase>> Cases;
  // 16-byte words at several grid sizes: the peak-bandwidth reference.
  for (int Bps : {1, 2, 4, 8})
    for (const char *Op : {"read", "write", "copy"})
      Cases.push_back(
          {16, {"stream", Op, Bps, Op[0] == 'c' ? Bytes / 2 : Bytes}});
  // Every word size at full occupancy.
  for (int W : {1, 2, 4, 8})
    for (const char *Op : {"read", "write"})
      Cases.push_back({W, {"stream", Op, 8, Bytes}});
  H.begin("stream", int(Cases.size()));
  for (auto &[W, C] : Cases)
    dispatch(H, Buf, W, C);
  H.end();
}

void runStride(Harness &H, const Buffers &Buf) {
  // The span stays 1 GiB (well above L2) whatever the stride, so every
  // stride is measured against DRAM.
  const size_t Span = size_t(1) << 30;
  std::vector<int> Strides;
  for (int S = 1; S <= 64; ++S)
    if (!H.Opts.Quick || (S & (S - 1)) == 0)
      Strides.push_back(S);
  H.begin("stride", int(Strides.size()) * 2);
  for (const char *Op : {"read", "write"})
    for (int S : Strides)
      dispatch(H, Buf, 4, {"stride", Op, 8, Span, S, 0});
  H.end();
}

void runOffset(Harness &H, const Buffers &Buf) {
  const size_t Span = size_t(1) << 30;
  std::vector<std::pair<int, int>> Cases; // (word bytes, offset)
  for (int W : {4, 16})
    for (int Off = 0; Off <= 128; Off += W)
      if (!H.Opts.Quick || Off % 32 == 0 || Off == W)
        Cases.push_back({W, Off});
  H.begin("offset", int(Cases.size()) * 2);
  for (const char *Op : {"read", "write"})
    for (auto [W, Off] : Cases)
      dispatch(H, Buf, W, {"offset", Op, 8, Span, 1, Off});
  H.end();
}

} // namespace sectorscope::mb
