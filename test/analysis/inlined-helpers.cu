// An access in an inlined helper is reported at the call in the kernel (the
// outermost call in the user's code), with a note at the access in the
// helper and one at each helper in between. Each call is its own warning;
// the same helper called twice in one kernel is one cause.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -fcaret-diagnostics %s 2>&1 | FileCheck %s --check-prefix=CARET --match-full-lines --strict-whitespace
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -w %s -fplugin-arg-sectorscope-sarif=%t.sarif
// RUN: FileCheck %s --check-prefix=SARIF < %t.sarif
// RUN: python3 %S/Inputs/validate-sarif.py %S/Inputs/sarif-schema-2.1.0.json %t.sarif | FileCheck %s --check-prefix=VALID

__device__ __forceinline__ float load16(const float *p, int i) {
  return p[i * 16]; // #load16
}

__device__ __forceinline__ float twoLevel(const float *p, int i) {
  return load16(p, i) + 1.0f; // #twoLevel
}

__global__ void direct(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = load16(in, i); // expected-warning {{strided load: consecutive threads are 64 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}}
}

__global__ void chain(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = twoLevel(in, i); // expected-warning {{strided load: consecutive threads are 64 bytes apart}} expected-note {{consecutive elements}}
  // expected-note@#twoLevel {{'load16' is called from helper 'twoLevel' here}}
}

// Two calls in one kernel: one warning at the first, a note at the other.
__global__ void twice(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = load16(in, i) + // expected-warning {{strided load: consecutive threads are 64 bytes apart}} expected-note {{consecutive elements}}
           load16(in, i + 1); // expected-note {{the same strided access pattern on 'in' here}}
}

// Called with a unit stride: nothing to report at that call.
__device__ __forceinline__ float loadScaled(const float *p, int i, int s) {
  return p[i * s]; // expected-note {{the access is in helper 'loadScaled'}}
}
__global__ void unit(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = loadScaled(in, i, 1);
}
__global__ void scaled(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = loadScaled(in, i, 2); // expected-warning {{strided load: consecutive threads are 8 bytes apart}} expected-note {{consecutive elements}}
}

// expected-note@#load16 3 {{the access is in helper 'load16'}}

// CARET:{{.*}}inlined-helpers.cu:22:12: warning: strided load: {{.*}} [sectorscope-strided]
// CARET-NEXT:   22 |   out[i] = load16(in, i); //{{.*}}
// CARET-NEXT:      |            ^
// CARET:{{.*}}inlined-helpers.cu:13:10: note: the access is in helper 'load16'
// CARET-NEXT:   13 |   return p[i * 16]; //{{.*}}
// CARET-NEXT:      |          ^
// CARET:{{.*}}inlined-helpers.cu:27:12: warning: strided load: {{.*}} [sectorscope-strided]
// CARET:{{.*}}inlined-helpers.cu:13:10: note: the access is in helper 'load16'
// CARET:{{.*}}inlined-helpers.cu:17:10: note: 'load16' is called from helper 'twoLevel' here
// CARET-NEXT:   17 |   return load16(p, i) + 1.0f; //{{.*}}
// CARET-NEXT:      |          ^

// SARIF: "relatedLocations": [
// SARIF: "startLine": 13,
// SARIF: "id": 0,
// SARIF-NEXT: "message": {
// SARIF-NEXT: "text": "the access is in helper 'load16'"
// SARIF: "inlinedHelper": true

// VALID: valid
