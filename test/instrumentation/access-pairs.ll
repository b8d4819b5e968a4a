; Grid mode counts a load and a store of one address by the same lanes from
; one look at the warp (instrumentation/AccessPairs.h): the pair entry takes
; both sites, the first's address and lanes. Other accesses may lie between
; (a[i] = a[i] + b[i]); atomics, other widths and anything that may stop the
; second (a barrier) keep their own calls. The sample variant is unchanged.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-pair-accesses=false -S %s | FileCheck %s --check-prefix=OFF

; CHECK-LABEL: define ptx_kernel void @k__sectorscope_sample(
; CHECK-NOT: _pair
; CHECK-LABEL: define ptx_kernel void @k__sectorscope_grid(
; The global read-modify-write, around a load of b.
; CHECK: [[A:%[0-9]+]] = addrspacecast ptr addrspace(1) %pa.ss to ptr
; CHECK-NEXT: [[L0:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access_grid_pair(i32 0, ptr [[A]], i32 4, i32 67371008, i32 [[L0]], i32 %sectorscope.take, i32 2, i32 67371009)
; The load of b pairs with the four-byte store to it further on, past
; the atomic and the two-byte pair.
; CHECK: call void @__sectorscope_access_grid_pair(i32 1, ptr {{%[0-9]+}}, i32 4, i32 67371008, i32 {{%[0-9]+}}, i32 %sectorscope.take, i32 8, i32 67371009)
; The shared one, outside any loop: the pair goes to the entry that counts
; it out of line (SharedSitesOnce.h), both sites with it.
; CHECK: call void @__sectorscope_access_grid_shared_once(i32 3, ptr {{%[0-9]+}}, i32 4, i32 67371264, i32 {{%[0-9]+}}, i32 %sectorscope.take, i32 4, i32 67371265)
; The atomic counts alone.
; CHECK: call void @__sectorscope_access_grid(i32 5, ptr {{%[0-9]+}}, i32 4, i32 67371010,
; CHECK: call void @__sectorscope_access_grid_pair(i32 6, ptr {{%[0-9]+}}, i32 2, i32 67371008, i32 {{%[0-9]+}}, i32 %sectorscope.take, i32 7, i32 67371009)
; A four-byte load and a one-byte store of one address: two requests.
; CHECK: call void @__sectorscope_access_grid(i32 9, ptr {{%[0-9]+}}, i32 4, i32 67371008,
; CHECK: call void @__sectorscope_access_grid(i32 10, ptr {{%[0-9]+}}, i32 1, i32 67371009,
; A barrier between the load and the store.
; CHECK: call void @__sectorscope_access_grid(i32 11, ptr {{%[0-9]+}}, i32 4, i32 67371008,
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK: call void @__sectorscope_access_grid(i32 12, ptr {{%[0-9]+}}, i32 4, i32 67371009,
; CHECK-NOT: _pair
; The second's own lanes are gone with its call.
; CHECK-NOT: activemask
; CHECK: ret void

; OFF-NOT: call void @__sectorscope_access_grid_pair
; OFF: call void @__sectorscope_access_grid(i32 2,
; OFF-NOT: call void @__sectorscope_access_grid_pair

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Every address is an element of threadIdx.x: lanes 4 bytes apart, the
; op_space's shape and stride bytes 4 and 4 (67371008, address-shapes.ll).
define void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(3) %s, ptr addrspace(1) %q0, i32 %i0) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %i0, %tid
  %q = getelementptr inbounds i32, ptr addrspace(1) %q0, i32 %tid
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i32 %i
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i32 %i
  %x = load float, ptr addrspace(1) %pa, align 4
  %y = load float, ptr addrspace(1) %pb, align 4
  %z = fadd float %x, %y
  store float %z, ptr addrspace(1) %pa, align 4
  %ps = getelementptr inbounds i32, ptr addrspace(3) %s, i32 %i
  %c = load i32, ptr addrspace(3) %ps, align 4
  %c1 = add i32 %c, 1
  store i32 %c1, ptr addrspace(3) %ps, align 4
  %old = atomicrmw add ptr addrspace(1) %pb, i32 1 monotonic, align 4
  %h = load i16, ptr addrspace(1) %pb, align 4
  %h1 = add i16 %h, 1
  store i16 %h1, ptr addrspace(1) %pb, align 4
  store i32 0, ptr addrspace(1) %pb, align 4
  %w = load i32, ptr addrspace(1) %q, align 4
  %w8 = trunc i32 %w to i8
  store i8 %w8, ptr addrspace(1) %q, align 4
  %d = load float, ptr addrspace(1) %pa, align 4
  call void @llvm.nvvm.barrier0()
  store float %d, ptr addrspace(1) %pa, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
