// Atomics: strided like loads and stores; data-dependent addresses are
// silent; one counter updated by every block camps.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void atomics(int *hist, const int *data, int *counter, float *f,
                        unsigned long long *u) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&hist[data[i]], 1);
  atomicAdd(&hist[i * 8], 1); // expected-warning {{strided atomic: consecutive threads are 32 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}}
  atomicAdd(counter, 1); // expected-warning {{camped atomic: every block updates the same bytes (the address does not depend on blockIdx); all blocks queue on one memory partition [sectorscope-camped]}} expected-note {{reduce within each block first}}
  atomicAdd(&f[i], 1.0f);
  atomicMax(&hist[i], data[i]);
  atomicCAS(&u[i], 0ull, 1ull);
  atomicExch(&f[i + 1], 2.0f); // expected-warning {{misaligned atomic: a warp's first access starts 4 bytes past}} expected-note {{32-byte boundary}}
}
