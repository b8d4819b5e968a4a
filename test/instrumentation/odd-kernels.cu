// Kernels real code has that the instrumentation must get through without a
// crash, each either instrumented or named in its kernel's K record: tensor
// core fragments (wmma: not instrumented, "other"), cp.async through
// cuda_pipeline.h (a load site; commit and wait are no access), texture
// objects, a call through a function pointer
// (indirect_call), virtual calls the optimizer resolves, recursion, printf,
// __trap, inline PTX, every atomic, half precision, templates, lambdas,
// dynamic shared memory, __launch_bounds__, switch/goto.
// RUN: %wrapper --cuda-device-only -O2 -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o %t.ll
// RUN: FileCheck %s --check-prefix=O2 < %t.ll
// RUN: %wrapper --cuda-device-only -O0 -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o %t0.ll
// RUN: FileCheck %s --check-prefix=O0 < %t0.ll

// O2: @__sectorscope_site_table = internal addrspace(1) constant
// O2-SAME: S\09{{[0-9]+}}\09_Z9cpasync_kPfPKf\09load\09global\094\09
// O2-SAME: K\09_Z6wmma_kPK6__halfS1_Pf\09other=3\0A
// O2-SAME: K\09_Z5tex_kPfy\09texture=1\0A
// O2-SAME: K\09_Z10indirect_kPfPKfi\09indirect_call=1\0A
// O2-SAME: K\09_Z5asm_kPi\09inline_asm=1\0A\00"
// At -O0 nothing is inlined or devirtualized: the virtual call stays a call
// through the vtable, and the fragment helpers' own memory operations are
// counted one by one.
// O0: @__sectorscope_site_table = internal addrspace(1) constant
// O0-SAME: K\09_Z6wmma_kPK6__halfS1_Pf\09other={{[0-9]+}}\0A
// O0-SAME: K\09_Z5tex_kPfy\09texture=1\0A
// O0-SAME: K\09_Z10indirect_kPfPKfi\09indirect_call=1\0A
// O0-SAME: K\09_Z5asm_kPi\09inline_asm=1\0A
// O0-SAME: K\09_Z6virt_kPfPKf\09indirect_call=1\0A\00"
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;

__global__ void wmma_k(const half *a, const half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}
__global__ void cpasync_k(float *o, const float *in) {
  __shared__ float s[256];
  __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(float));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  o[threadIdx.x] = s[255 - threadIdx.x];
}
__global__ void tex_k(float *o, cudaTextureObject_t t) {
  o[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);
}
__device__ float f1(const float *p) { return p[0]; }
__device__ float f2(const float *p) { return p[1]; }
typedef float (*Fn)(const float *);
__device__ Fn table[2] = {f1, f2};
__global__ void indirect_k(float *o, const float *p, int k) {
  o[threadIdx.x] = table[k & 1](p + threadIdx.x);
}
__global__ void asm_k(int *p) {
  int v;
  // Two statements: opaque (one plain load would be a site).
  asm volatile("ld.global.u32 %0, [%1]; add.u32 %0, %0, 1;" : "=r"(v) : "l"(p));
  p[1] = v;
}
struct Base {
  __device__ virtual float get(const float *p) const { return p[0]; }
};
struct Derived : Base {
  __device__ float get(const float *p) const override { return p[threadIdx.x]; }
};
__global__ void virt_k(float *o, const float *p) {
  Derived d;
  const Base &b = d;
  o[threadIdx.x] = b.get(p);
}
__device__ int rec(const int *p, int d) {
  return d <= 0 ? p[0] : p[d] + rec(p, d - 1);
}
__global__ void recursive_k(int *o, const int *p) {
  o[threadIdx.x] = rec(p, threadIdx.x % 4);
}
__global__ void printf_trap_k(int *p) {
  if (threadIdx.x == 0)
    printf("%d\n", p[0]);
  if (p[threadIdx.x] < 0)
    __trap();
  p[threadIdx.x] = 1;
}
__global__ void atomics_k(unsigned long long *a, float *f, int *i, double *d) {
  atomicAdd(a, 1ull);
  atomicMax(i, threadIdx.x);
  atomicCAS(i + 1, 0, 1);
  atomicExch(f, 1.0f);
  atomicAdd(d, 1.0);
  atomicInc((unsigned *)i + 2, 10u);
  atomicAnd(i + 3, 1);
  atomicOr(i + 4, 2);
  atomicXor(i + 5, 3);
  atomicSub(i + 6, 1);
}
template <typename T> __global__ void tmpl_k(T *out, const T *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * T(2);
}
template __global__ void tmpl_k<double>(double *, const double *, int);
__global__ void half_k(__half *o, const __half *a) {
  o[threadIdx.x] = __hadd(a[threadIdx.x], a[threadIdx.x]);
}
__global__ void lambda_smem_k(float *p) {
  extern __shared__ float s[];
  auto f = [&](int j) { return p[j] * 2; };
  s[threadIdx.x] = f(threadIdx.x + 1);
  __syncthreads();
  p[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}
__global__ void __launch_bounds__(128, 4) bounded_k(int4 v, int *o, int k) {
  switch (o[threadIdx.x] % 5) {
  case 0:
    o[1] = k + v.x;
    break;
  case 3:
    goto L;
  default:
    o[4] = v.w;
  }
  return;
L:
  o[5] = 6;
}
