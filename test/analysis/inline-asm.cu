// Inline PTX of one global load or store is the access it is: its address
// operand is analyzed like a pointer dereference, and CUDA's cache-hinted
// __ldcs/__stcs (one such statement each) with it. Other inline asm (several
// statements, a guard, no memory) is opaque: no warning, no crash.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void viaAsm(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  asm volatile("ld.global.f32 %0, [%1];" : "=f"(v) : "l"(b + i * 32)); // expected-warning {{strided load: consecutive threads are 128 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}}
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  a[i] = v + a[lane * 0 + i];
  asm volatile("st.global.f32 [%0], %1;" ::"l"(a + 64 * i), "f"(v)); // expected-warning {{strided store: consecutive threads are 256 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}}
}

__global__ void cacheHints(float4 *out, const float4 *in, float *col, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = __ldcs(in + i); // coalesced: 16 bytes a lane
  __stcs(out + i, v);
  __stcs(col + i * n, v.x); // expected-warning {{likely strided store: consecutive threads are 4*n bytes apart (a run-time stride)}} expected-note {{the thread index is multiplied}}
}

__global__ void opaque(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  // A guarded load and a two-statement body: not one plain access.
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p ld.global.f32 %0, [%1]; }"
               : "=f"(v) : "l"(b + i * 32), "r"(i));
  asm volatile("ld.global.f32 %0, [%1]; ld.global.f32 %0, [%1+4];"
               : "=f"(v) : "l"(b + i * 32));
  a[i] = v;
}
