// `#pragma clang diagnostic` regions for sectorscope's groups, as for
// clang's own: ignored, warning and error until the matching pop; clang does
// not call these groups unknown. Suppressed findings stay in SARIF, marked
// as suppressed in the source.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s -fplugin-arg-sectorscope-sarif=%t.sarif
// RUN: FileCheck %s --check-prefix=SARIF < %t.sarif
// RUN: not %wrapper --cuda-device-only -O2 -S -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=NOUNKNOWN
// The host compile reads the pragmas too; clang alone calls the groups unknown.
// RUN: %wrapper --cuda-host-only -O2 -c -o /dev/null %s 2>&1 | count 0
// RUN: env SECTORSCOPE_NO_PLUGIN=1 %wrapper --cuda-host-only -O2 -c -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=CLANG

__global__ void regions(float *out, const float *a, const float *b,
                        const float *c, const float *d, const float *e) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = a[2 * i]; // expected-warning {{strided load: consecutive threads are 8 bytes apart}} expected-note {{consecutive elements}}
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wsectorscope-strided"
  s += b[4 * i];
#pragma clang diagnostic push
#pragma clang diagnostic error "-Wsectorscope-strided"
  s += c[8 * i]; // expected-error {{strided load: consecutive threads are 32 bytes apart}} expected-note {{consecutive elements}}
#pragma clang diagnostic pop
  s += d[16 * i];
#pragma GCC diagnostic ignored "-Wsectorscope"
  out[i + 1] = s;
#pragma clang diagnostic pop
  s += e[3 * i]; // expected-warning {{strided load: consecutive threads are 12 bytes apart}} expected-note {{consecutive elements}}
  out[i + 2] = s; // expected-warning {{misaligned store}} expected-note {{32-byte boundary}}
}

// SARIF: "ruleId": "strided"
// SARIF: "startLine": 15,
// SARIF-NOT: "suppressions"
// SARIF: "ruleId": "strided"
// SARIF: "startLine": 18,
// SARIF: "suppressions": [
// SARIF-NEXT: {
// SARIF-NEXT: "kind": "inSource"
// SARIF: "ruleId": "strided"
// SARIF: "level": "error"
// SARIF: "startLine": 21,
// SARIF-NOT: "suppressions"
// SARIF: "ruleId": "strided"
// SARIF: "startLine": 23,
// SARIF: "suppressions"
// NOUNKNOWN-NOT: unknown warning group
// NOUNKNOWN: error: strided load: consecutive threads are 32 bytes apart
// NOUNKNOWN-NOT: unknown warning group
// CLANG: warning: unknown warning group '-Wsectorscope-strided', ignored
