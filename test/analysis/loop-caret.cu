// At -O2 LICM hoists a loop-invariant load out of its loop and promotes an
// accumulation into a register; the moved load loses its location and its
// address may be computed in the loop header. The caret stays on the
// statement in the loop body, never on the `for`.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -fcaret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s

__global__ void headerPointer(float *out, const float *in, const float *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (const float *p = in + i * 16; n > 0; --n)
    s += w[n] * *p; // expected-warning {{strided load: consecutive threads are 64 bytes apart}} expected-note {{consecutive elements}}
  out[i] = s;
}
// CHECK:{{.*}}loop-caret.cu:12:15: warning: strided load: {{.*}}
// CHECK-NEXT:   12 |     s += w[n] * *p; //{{.*}}
// CHECK-NEXT:      |               ^

__global__ void headerIndex(float *out, const float *in, const float *w, int n) {
  float s = 0;
  for (int k = 0, j = (blockIdx.x * blockDim.x + threadIdx.x) * 16; k < n; ++k)
    s += w[k] * in[j]; // expected-warning {{strided load: consecutive threads are 64 bytes apart}} expected-note {{consecutive elements}}
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
// CHECK:{{.*}}loop-caret.cu:22:15: warning: strided load: {{.*}}
// CHECK-NEXT:   22 |     s += w[k] * in[j]; //{{.*}}
// CHECK-NEXT:      |               ^

// The accumulator out[j] is loaded before the loop and stored in it.
__global__ void promoted(float *out, const float *in, int n) {
#pragma unroll 1
  for (int k = 0, j = threadIdx.x * 16; k < n; ++k)
    out[j] += in[k]; // expected-warning {{strided load: consecutive threads are 64 bytes apart}} expected-note {{consecutive elements}}
}
// CHECK:{{.*}}loop-caret.cu:33:12: warning: strided load: {{.*}}
// CHECK-NEXT:   33 |     out[j] += in[k]; //{{.*}}
// CHECK-NEXT:      |            ^
// CHECK-NOT: loop-caret.cu:{{(11|21|32)}}:
