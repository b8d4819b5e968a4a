// private_smem.cu: thread-private scratch kept in shared memory - cuThermo's
// "abuse of shared memory" pattern. Each thread reads WORDS_PER_THREAD 32-bit
// words (coalesced), counts their nibbles in a 16-bin histogram and writes
// the most frequent nibble (smallest on ties) and its count.
//
//   nibble_mode_smem   the histogram lives in column threadIdx.x of a
//                      __shared__ [16][BLOCK] array: no other thread ever
//                      reads it, so every shared word is touched by exactly one
//                      thread (one warp per sector). It costs 16 KiB of shared
//                      memory per block (carved out of L1) for no sharing.
//   nibble_mode_local  the same histogram as a per-thread local array (the
//                      fix: registers/local memory, L1 left to the cache).
//
// Output is compared exactly with the CPU.
//
// Usage: private_smem [nwords]   (multiple of 4096; default 2^23)
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

constexpr int BLOCK = 256;
constexpr int NBINS = 16;
constexpr int WORDS_PER_THREAD = 16;

// Thread t of nthreads reads in[k * nthreads + t], k < WORDS_PER_THREAD.
__global__ void nibble_mode_smem(const unsigned *in, unsigned *out, int nthreads) {
  __shared__ unsigned hist[NBINS][BLOCK]; // column threadIdx.x is thread-private
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int b = 0; b < NBINS; ++b)
    hist[b][threadIdx.x] = 0; // sectorscope-expect: run-time: smem-abuse -- thread-private column of a shared array
  for (int k = 0; k < WORDS_PER_THREAD; ++k) {
    unsigned w = in[(size_t)k * nthreads + t]; // sectorscope-expect: coalesced, clean
    for (int sh = 0; sh < 32; sh += 4)
      hist[(w >> sh) & 15u][threadIdx.x] += 1u; // sectorscope-expect: run-time: smem-abuse
  }
  unsigned best = 0, best_count = 0;
  for (int b = 0; b < NBINS; ++b) {
    unsigned cnt = hist[b][threadIdx.x]; // sectorscope-expect: run-time: smem-abuse
    if (cnt > best_count) {
      best_count = cnt;
      best = b;
    }
  }
  out[t] = (best << 16) | best_count; // sectorscope-expect: coalesced, clean
}

__global__ void nibble_mode_local(const unsigned *in, unsigned *out, int nthreads) {
  unsigned hist[NBINS]; // per-thread: registers or local memory
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int b = 0; b < NBINS; ++b)
    hist[b] = 0;
  for (int k = 0; k < WORDS_PER_THREAD; ++k) {
    unsigned w = in[(size_t)k * nthreads + t]; // sectorscope-expect: coalesced, clean
    for (int sh = 0; sh < 32; sh += 4)
      hist[(w >> sh) & 15u] += 1u; // sectorscope-expect: run-time: clean -- per-thread array
  }
  unsigned best = 0, best_count = 0;
  for (int b = 0; b < NBINS; ++b) {
    if (hist[b] > best_count) { // sectorscope-expect: run-time: clean -- per-thread array
      best_count = hist[b];
      best = b;
    }
  }
  out[t] = (best << 16) | best_count; // sectorscope-expect: coalesced, clean
}

int main(int argc, char **argv) {
  long long nwords = 1LL << 23;
  if (argc == 2) {
    nwords = std::atoll(argv[1]);
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: %s [nwords]\n", argv[0]);
    return 2;
  }
  const long long unit = (long long)BLOCK * WORDS_PER_THREAD;
  if (nwords <= 0 || nwords % unit || nwords > (1LL << 28)) {
    std::fprintf(stderr, "nwords must be a positive multiple of %lld, at most 2^28\n", unit);
    return 2;
  }
  const int nthreads = (int)(nwords / WORDS_PER_THREAD);
  std::vector<unsigned> in((size_t)nwords), ref(nthreads), got(nthreads);
  unsigned s = 31337u;
  for (auto &w : in) {
    s = s * 1664525u + 1013904223u;
    unsigned hi = s >> 16;
    s = s * 1664525u + 1013904223u;
    w = (hi << 16) | (s >> 16);
  }
  for (int t = 0; t < nthreads; ++t) {
    unsigned hist[NBINS] = {0};
    for (int k = 0; k < WORDS_PER_THREAD; ++k) {
      unsigned w = in[(size_t)k * nthreads + t];
      for (int sh = 0; sh < 32; sh += 4)
        ++hist[(w >> sh) & 15u];
    }
    unsigned best = 0, best_count = 0;
    for (int b = 0; b < NBINS; ++b)
      if (hist[b] > best_count) {
        best_count = hist[b];
        best = b;
      }
    ref[t] = (best << 16) | best_count;
  }

  unsigned *d_in, *d_out;
  CUDA_CHECK(cudaMalloc(&d_in, in.size() * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&d_out, nthreads * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(d_in, in.data(), in.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
  size_t bad = 0;
  for (int variant = 0; variant < 2; ++variant) {
    const char *name = variant == 0 ? "nibble_mode_smem" : "nibble_mode_local";
    CUDA_CHECK(cudaMemset(d_out, 0xff, nthreads * sizeof(unsigned)));
    if (variant == 0)
      nibble_mode_smem<<<nthreads / BLOCK, BLOCK>>>(d_in, d_out, nthreads);
    else
      nibble_mode_local<<<nthreads / BLOCK, BLOCK>>>(d_in, d_out, nthreads);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(got.data(), d_out, nthreads * sizeof(unsigned), cudaMemcpyDeviceToHost));
    dump_output(variant == 0 ? "out_smem" : "out_local", got.data(), nthreads * sizeof(unsigned));
    for (int t = 0; t < nthreads; ++t)
      if (got[t] != ref[t] && bad++ < 10)
        std::printf("%s: out[%d] = 0x%08x, want 0x%08x\n", name, t, got[t], ref[t]);
  }
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  if (bad) {
    std::printf("FAIL private_smem: %zu outputs differ\n", bad);
    return 1;
  }
  std::printf("PASS private_smem\n");
  return 0;
}
