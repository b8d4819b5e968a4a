// One warning per cause: accesses of one kernel to one array with the same
// numbers (a row walked element by element, an unrolled or hand-written
// sequence) are one warning at the first site and a note at each other.
// Other arrays, other kernels and other numbers are causes of their own.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null %s 2>&1 | FileCheck %s

__global__ void rowSums(float *out, const float *m, const float *w) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = m[row * 8 + 0] * w[row * 8 + 0]; // expected-warning {{strided load: consecutive threads are 32 bytes apart}} expected-note {{consecutive elements}} expected-warning {{strided load: consecutive threads are 32 bytes apart}} expected-note {{consecutive elements}}
  s += m[row * 8 + 1] * w[row * 8 + 1]; // expected-note 2 {{the same strided access pattern on}}
  s += m[row * 8 + 2] * w[row * 8 + 2]; // expected-note 2 {{the same strided access pattern on}}
  s += m[row * 8 + 3];                   // expected-note {{the same strided access pattern on 'm' here}}
  s += m[row * 16 + 4];                  // expected-warning {{strided load: consecutive threads are 64 bytes apart}} expected-note {{consecutive elements}}
  out[row] = s;
}

// The same row walk in a second kernel: its own warning.
__global__ void rowMax(float *out, const float *m) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = m[row * 8]; // expected-warning {{strided load: consecutive threads are 32 bytes apart}} expected-note {{consecutive elements}}
  s = fmaxf(s, m[row * 8 + 5]); // expected-note {{the same strided access pattern on 'm' here}}
  out[row] = s;
}

// CHECK: group-by-cause.cu:10:{{[0-9]+}}: warning: strided load: consecutive threads are 32 bytes apart
// CHECK-NEXT: float s = m[row * 8 + 0]
// CHECK: note: make consecutive threads access consecutive elements
// CHECK: group-by-cause.cu:11:{{[0-9]+}}: note: the same strided access pattern on 'm' here
// CHECK: group-by-cause.cu:12:{{[0-9]+}}: note: the same strided access pattern on 'm' here
// CHECK: group-by-cause.cu:13:{{[0-9]+}}: note: the same strided access pattern on 'm' here
// CHECK-NOT: group-by-cause.cu:1{{[123]}}:{{.*}} warning
// CHECK: 4 warnings generated
