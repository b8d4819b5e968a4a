// Texture and surface objects are not global loads: silent, no crash.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// expected-no-diagnostics

__global__ void viaTexture(float *out, unsigned long long tex, int pitch) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v;
  // tex.1d.v4.f32.s32: what tex1Dfetch<float>() compiles to.
  asm volatile("tex.1d.v4.f32.s32 {%0, %1, %2, %3}, [%4, {%5}];"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
               : "l"(tex), "r"(i * pitch));
  out[i] = v.x;
}
