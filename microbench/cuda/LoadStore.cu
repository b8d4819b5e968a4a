//===- LoadStore.cu - Load+store streams where the two bounds meet --------===//
//
// The bandwidth model blends its bandwidth and latency bounds with one
// exponent p, time = launch + (T_bw^p + T_lat^p)^(1/p), and p matters only
// where the two bounds are close. The pure streams it was chosen on leave
// it loosely pinned (a flat valley of squared log error from p = 2 to 3),
// while the kernels it predicts (LBM, transposes, copies) load AND store.
// Here every thread runs trips of R loads (R arrays, one word each,
// independent, so all R are in flight) and then S stores of their sum (S
// arrays): the stores wait for the loads, and the next trip's loads come
// after the stores in program order (`#pragma unroll 1`), so a warp has
// exactly R loads in flight per round trip, known to the model without
// reading SASS. Swept over 2..64 warps per SM and several (R, S) and word
// sizes, the rows cross from the latency bound to the bandwidth bound, the
// region that pins p.
//
// Self-checking: the sources hold a pattern of the word's index, and after
// each configuration a check kernel recomputes every stored word from it;
// any mismatch stops the suite with exit status 3.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

#include <algorithm>
#include <iterator>

namespace sectorscope::mb {

namespace {

/// Bytes of one array; R loads read R arrays of the source buffer, S stores
/// write S arrays of the destination buffer.
constexpr size_t ArrayBytes = size_t(256) << 20;
constexpr int MaxArrays = 8;
/// Bytes every configuration moves (loads + stores): 10x the H200's L2, so
/// each run streams from DRAM, and ~0.13 ms at full bandwidth.
constexpr double TargetBytes = 512.0 * 1048576;
constexpr int Threads = 64; ///< Two-warp blocks: every even warps/SM.

/// The value at 4-byte word U of the source buffer.
__host__ __device__ __forceinline__ unsigned pattern(size_t U) {
  return unsigned(U) * 2654435761u + unsigned(U >> 32) + 12345u;
}

__device__ __forceinline__ unsigned addWord(unsigned A, unsigned B) {
  return A + B;
}
__device__ __forceinline__ uint4 addWord(uint4 A, uint4 B) {
  return make_uint4(A.x + B.x, A.y + B.y, A.z + B.z, A.w + B.w);
}
__device__ __forceinline__ unsigned plus(unsigned A, unsigned K) {
  return A + K;
}
__device__ __forceinline__ uint4 plus(uint4 A, unsigned K) {
  return make_uint4(A.x + K, A.y + K, A.z + K, A.w + K);
}

/// Trips of R loads then S stores; one node (one word of every array) per
/// thread and trip, a grid-stride loop over the nodes.
template <typename T, int R, int S>
__global__ void loadStoreKernel(const T *__restrict__ Src, T *__restrict__ Dst,
                                size_t ArrayElems, size_t Nodes) {
  extern __shared__ char OccupancyOnly[];
  const size_t NT = size_t(gridDim.x) * blockDim.x;
  // One body per trip: a second copy would let the compiler hoist the next
  // trip's loads above these stores and double the loads in flight.
#pragma unroll 1
  for (size_t Node = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
       Node < Nodes; Node += NT) {
    T V[R];
#pragma unroll
    for (int J = 0; J < R; ++J)
      V[J] = __ldcg(Src + J * ArrayElems + Node);
    T Sum = V[0];
#pragma unroll
    for (int J = 1; J < R; ++J)
      Sum = addWord(Sum, V[J]);
#pragma unroll
    for (int J = 0; J < S; ++J)
      __stcg(Dst + J * ArrayElems + Node, plus(Sum, unsigned(J)));
  }
}

__global__ void fillPattern(unsigned *P, size_t Words) {
  for (size_t U = size_t(blockIdx.x) * blockDim.x + threadIdx.x; U < Words;
       U += size_t(gridDim.x) * blockDim.x)
    P[U] = pattern(U);
}

/// Counts the stored 4-byte words that differ from the sum of the R source
/// words at the same place plus the store's index.
__global__ void checkStores(const unsigned *Dst, int R, int S,
                            size_t ArrayWords, size_t Words,
                            unsigned long long *Wrong) {
  unsigned long long Bad = 0;
  for (size_t U = size_t(blockIdx.x) * blockDim.x + threadIdx.x; U < Words;
       U += size_t(gridDim.x) * blockDim.x) {
    unsigned Sum = 0;
    for (int J = 0; J < R; ++J)
      Sum += pattern(J * ArrayWords + U);
    for (int J = 0; J < S; ++J)
      Bad += Dst[J * ArrayWords + U] != Sum + unsigned(J);
  }
  if (Bad)
    atomicAdd(Wrong, Bad);
}

struct Shape {
  int WordBytes, Loads, Stores;
};

template <typename T, int R, int S>
void runOne(Harness &H, const Buffers &Buf, int Warps,
            unsigned long long *Wrong) {
  auto K = loadStoreKernel<T, R, S>;
  const int Bps = Warps * 32 / Threads;
  int Achieved = 0;
  size_t Smem = H.smemForBlocks((const void *)K, Threads, Bps, Achieved);
  const int Grid = H.Dev.Sms * Achieved;
  const size_t ArrayElems = ArrayBytes / sizeof(T);
  const size_t Nodes = size_t(TargetBytes / (sizeof(T) * (R + S)));
  const T *Src = reinterpret_cast<const T *>(Buf.A);
  T *Dst = reinterpret_cast<T *>(Buf.B);
  // Stale results of an earlier configuration must not pass the check.
  for (int J = 0; J < S; ++J)
    CK(cudaMemset(Dst + J * ArrayElems, 0, Nodes * sizeof(T)));
  Row Rw;
  Rw.Experiment = "loadstore";
  Rw.Op = "readwrite";
  Rw.WordBytes = int(sizeof(T));
  Rw.Stride = 1;
  Rw.N = R;
  Rw.Mlp = R;
  Rw.Stores = S;
  Rw.ActiveWarpsPerSm = Achieved * Threads / 32;
  Rw.BlocksPerSm = Achieved;
  Rw.Blocks = Grid;
  Rw.Threads = Threads;
  Rw.BytesMoved = double(Nodes) * sizeof(T) * (R + S);
  Rw.FootprintBytes = Rw.BytesMoved;
  Rw.Dram = Rw.FootprintBytes >= 2.0 * H.Dev.L2Bytes;
  Rw.Time = H.time(
      [&](int) { K<<<Grid, Threads, Smem>>>(Src, Dst, ArrayElems, Nodes); });
  CK(cudaMemset(Wrong, 0, sizeof(*Wrong)));
  const size_t Words = Nodes * sizeof(T) / 4;
  checkStores<<<H.Dev.Sms * 8, 256>>>(reinterpret_cast<const unsigned *>(Dst),
                                      R, S, ArrayBytes / 4, Words, Wrong);
  CK(cudaGetLastError());
  unsigned long long Bad = 0;
  CK(cudaMemcpy(&Bad, Wrong, sizeof(Bad), cudaMemcpyDeviceToHost));
  if (Bad) {
    std::fprintf(stderr,
                 "sectorscope-microbench: loadstore %dB R=%d S=%d at %d "
                 "warps/SM: %llu of %zu stored words wrong\n",
                 Rw.WordBytes, R, S, Rw.ActiveWarpsPerSm, Bad, Words * S);
    std::exit(3);
  }
  H.add(Rw);
  H.step();
}

template <typename T>
void dispatch(Harness &H, const Buffers &Buf, const Shape &C, int Warps,
              unsigned long long *Wrong) {
  switch (C.Loads * 100 + C.Stores) {
  case 101:
    return runOne<T, 1, 1>(H, Buf, Warps, Wrong);
  case 201:
    return runOne<T, 2, 1>(H, Buf, Warps, Wrong);
  case 202:
    return runOne<T, 2, 2>(H, Buf, Warps, Wrong);
  case 401:
    return runOne<T, 4, 1>(H, Buf, Warps, Wrong);
  case 404:
    return runOne<T, 4, 4>(H, Buf, Warps, Wrong);
  case 801:
    return runOne<T, 8, 1>(H, Buf, Warps, Wrong);
  case 808:
    return runOne<T, 8, 8>(H, Buf, Warps, Wrong);
  default:
    std::fprintf(stderr,
                 "sectorscope-microbench: loadstore: no kernel for "
                 "R=%d S=%d\n",
                 C.Loads, C.Stores);
    std::exit(2);
  }
}

} // namespace

void runLoadStore(Harness &H, const Buffers &Buf) {
  static_assert(MaxArrays * ArrayBytes <= (size_t(2560) << 20),
                "the arrays must fit the shared buffers");
  // 4-byte words (4 sectors per request, as LBM and the transposes) at
  // several loads per store and words per thread; 16-byte words (16
  // sectors, float4 copies) bring the crossing down to ~8-24 warps/SM.
  const Shape Shapes[] = {{4, 1, 1},  {4, 2, 1}, {4, 2, 2}, {4, 4, 1},
                          {4, 4, 4},  {4, 8, 1}, {4, 8, 8}, {16, 1, 1},
                          {16, 2, 2}, {16, 4, 4}};
  const int AllWarps[] = {2, 4, 6, 8, 12, 16, 20, 24, 32, 40, 48, 56, 64};
  std::vector<int> Warps;
  for (int W : AllWarps)
    if (W <= H.Dev.MaxWarpsPerSm &&
        (!H.Opts.Quick || W == 4 || W == 16 || W == 64))
      Warps.push_back(W);
  const size_t Total = std::size(Shapes) * Warps.size();
  H.begin("loadstore", int(Total));
  fillPattern<<<H.Dev.Sms * 8, 256>>>(reinterpret_cast<unsigned *>(Buf.A),
                                      MaxArrays * ArrayBytes / 4);
  CK(cudaGetLastError());
  unsigned long long *Wrong = nullptr;
  CK(cudaMalloc(&Wrong, sizeof(*Wrong)));
  for (const Shape &C : Shapes)
    for (int W : Warps) {
      if (C.WordBytes == 16)
        dispatch<uint4>(H, Buf, C, W, Wrong);
      else
        dispatch<unsigned>(H, Buf, C, W, Wrong);
    }
  CK(cudaFree(Wrong));
  // The other groups read the source buffer's fill pattern as written by
  // main(): put it back.
  CK(cudaMemset(Buf.A, 0x5a, MaxArrays * ArrayBytes));
  H.end();
}

} // namespace sectorscope::mb
