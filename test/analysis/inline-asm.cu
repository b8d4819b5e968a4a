// Inline assembly is opaque: no warning, no crash.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// expected-no-diagnostics

__global__ void viaAsm(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  asm volatile("ld.global.f32 %0, [%1];" : "=f"(v) : "l"(b + i * 32));
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  a[i] = v + a[lane * 0 + i];
  asm volatile("st.global.f32 [%0], %1;" ::"l"(a + 64 * i), "f"(v));
}
