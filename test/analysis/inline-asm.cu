// Inline PTX of one global load or store is the access it is: its address
// operand is analyzed like a pointer dereference, and CUDA's cache-hinted
// __ldcs/__stcs (one such statement each) with it, and so is a statement
// guarded by an operand compared with zero (CUTLASS's and TVM's
// bounds-checked loads): the operand's condition says who reaches it, as a
// branch's would. Other inline asm (two memory statements, arithmetic, no
// memory) is opaque: no warning, no crash.
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
  // Two loads, and a load beside arithmetic: not one plain access.
  asm volatile("ld.global.f32 %0, [%1]; ld.global.f32 %0, [%1+4];"
               : "=f"(v) : "l"(b + i * 32));
  asm volatile("{ ld.global.f32 %0, [%1]; add.f32 %0, %0, %0; }"
               : "=f"(v) : "l"(b + i * 32));
  a[i] = v;
}

__device__ float guardedLoad(const float *p, bool guard) {
  float v;
  asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %2, 0;\n mov.b32 %0, 0;\n" // expected-note {{the access is in helper 'guardedLoad'}}
               " @p ld.global.f32 %0, [%1];\n}\n"
               : "=f"(v) : "l"(p), "r"((int)guard));
  return v;
}

__device__ void guardedStore(float *p, float v, bool guard) {
  asm volatile("{ .reg .pred p; setp.ne.b32 p, %2, 0; @p st.global.f32 [%0], %1; }" // expected-note {{the access is in helper 'guardedStore'}}
               :: "l"(p), "f"(v), "r"((int)guard));
}

__global__ void guarded(float *out, const float *in, const uint4 *vec, uint4 *vout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = guardedLoad(in + 8 * i, i < n); // expected-warning {{strided load: consecutive threads are 32 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}}
  v += guardedLoad(in + i, i < n);
  uint4 w;
  asm volatile("{ .reg .pred p; setp.ne.b32 p, %5, 0; @p ld.global.v4.u32 {%0, %1, %2, %3}, [%4]; }"
               : "=r"(w.x), "=r"(w.y), "=r"(w.z), "=r"(w.w) : "l"(vec + i), "r"((int)(i < n)));
  vout[i] = w;
  // A range check lets every block through: the same bytes from each.
  guardedStore(out + threadIdx.x, v, i < n); // expected-warning {{camped store: every block writes the same bytes}} expected-note {{reduce within each block first}}
}

// Block 0 alone: no queue.
__global__ void guardedBlockZero(float *out, float v) {
  guardedStore(out + threadIdx.x, v, blockIdx.x == 0);
}
