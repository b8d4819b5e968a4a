// A malformed comment, or one on a line without a global access, is one
// error at the comment naming file:line and the valid words.
// RUN: not %wrapper --sectorscope-expect --cuda-device-only -O2 -S -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not=error:

__global__ void comments(float *a, const float *b, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = b[i]; // sectorscope-expect: colaesced
  __syncthreads();
  a[i] = s[255 - threadIdx.x]; // sectorscope-expect: sectors-per-request << 4
  a[i + n] = 1; // sectorscope-expect: strided under
  a[i + 2 * n] = 2; // sectorscope-expect: compile-time: hot-spot
  int k = i * 3; // sectorscope-expect: coalesced
  a[i + 3 * n] = 3; // sectorscope-expect:
  a[k] = 4; // sectorscope-expect: run-time: data-dependent
}

// sectorscope-expect-kernel: coalesced
__global__ void kernel_word(float *a) { a[threadIdx.x] = 0; }

// CHECK:      bad-comments.cu:8:49: error: unknown expectation 'colaesced'; valid: coalesced, strided, misaligned, camped, clean, sectors-per-request <op> <number>, uncoalesced, false-sharing, hot-spot, random-hot, smem-abuse, data-dependent [sectorscope-expect]
// CHECK:      bad-comments.cu:10:55: error: malformed bound 'sectors-per-request << 4': expected sectors-per-request followed by <, <=, ==, >= or > and a number, e.g. sectors-per-request <= 4
// CHECK:      bad-comments.cu:11:40: error: unexpected 'under' after 'strided': a word takes only 'under <partition model>'
// CHECK:      bad-comments.cu:12:58: error: 'hot-spot' is checked only at run time, not under 'compile-time:'
// CHECK:      bad-comments.cu:14:21: error: no expectation after 'sectorscope-expect:'; valid: coalesced,
// CHECK:      bad-comments.cu:15:46: error: 'data-dependent' is checked only at compile time, not under 'run-time:'
// CHECK:      bad-comments.cu:18:31: error: unknown expectation 'coalesced' for a kernel; valid: clean, no-camping
// CHECK:      bad-comments.cu:13:18: error: expected coalesced on a line without a global memory access (shared and local accesses are checked at run time only: write 'run-time:' before their expectations)
