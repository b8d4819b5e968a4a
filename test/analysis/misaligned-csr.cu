// CSR SpMV: the gathers through col[] are data-dependent (silent), but
// rowptr[r + 1] is a unit-stride load one int past the sector boundary.
// The load is hoisted out of the loop and loses its own location; the
// warning still lands on its line.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void csr(float *y, const float *x, const float *val,
                    const int *col, const int *rowptr, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    float s = 0;
    for (int j = rowptr[r]; j < rowptr[r + 1]; ++j) // expected-warning {{misaligned load: a warp's first access starts 4 bytes past a 32-byte sector boundary; a warp touches 5 sectors per request instead of 4}} expected-note {{32-byte boundary}}
      s += val[j] * x[col[j]];
    y[r] = s;
  }
}
