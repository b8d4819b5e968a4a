// Inline PTX with memory instructions it cannot follow is counted in the
// kernel's K record; the table still has the other sites, cp.async's global
// side among them (a 4-byte load its warp does not wait for).
// RUN: %wrapper --cuda-device-only -O2 -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o - | FileCheck %s

// CHECK: @__sectorscope_site_table =
// CHECK-SAME: S\090\09_Z1kPjS_y\09load\09global\094\09{{[0-9]+\\09[0-9]+\\09[0-9]+\\09[0-9]+}}\090\09
// CHECK-SAME: S\091\09_Z1kPjS_y\09store\09global\094\09
// CHECK-SAME: K\09_Z1kPjS_y\09inline_asm=1\0A\00"

__global__ void k(unsigned *a, unsigned *b, unsigned long long raw) {
  __shared__ unsigned s[32];
  unsigned v;
  // An address computed as an integer: no pointer the pass can follow (one
  // cast from a pointer is followed: cp-async.ll).
  asm volatile("ld.global.cg.u32 %0, [%1];"
               : "=r"(v)
               : "l"(raw + 4 * threadIdx.x));
  __nvvm_cp_async_ca_shared_global_4(
      (__attribute__((address_space(3))) void *)(s + threadIdx.x),
      (__attribute__((address_space(1))) void *)(b + threadIdx.x));
  a[threadIdx.x] = v;
}
