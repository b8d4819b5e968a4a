// A SARIF file that cannot be written in full is a compile error, not a
// silently missing report; with no-analyze, sarif= still writes a valid
// file with no results.
// RUN: not %wrapper --cuda-device-only -O2 -c -o /dev/null %s -fplugin-arg-sectorscope-sarif=/dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not %wrapper --cuda-device-only -O2 -c -o /dev/null %s -fplugin-arg-sectorscope-sarif=%t.missing/sub/out.sarif 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: rm -f %t.empty.sarif
// RUN: %wrapper --cuda-device-only -O2 -c -o /dev/null %s -fplugin-arg-sectorscope-no-analyze -fplugin-arg-sectorscope-sarif=%t.empty.sarif 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=EMPTY < %t.empty.sarif
// RUN: %if jsonschema %{ python3 %S/Inputs/validate-sarif.py %S/Inputs/sarif-schema-2.1.0.json %t.empty.sarif | FileCheck %s --check-prefix=VALID %}

__global__ void k(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[8 * i];
}

// FULL: error: sectorscope: cannot write SARIF file '/dev/full': No space left on device
// MISSING: error: sectorscope: cannot write SARIF file '{{.*}}.missing/sub/out.sarif': No such file or directory
// EMPTY: "version": "2.1.0"
// EMPTY: "results": []
// VALID: valid
