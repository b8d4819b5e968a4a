; Grid mode's shared sites outside every loop run once a thread
; (SharedSitesOnce.h): they go to __sectorscope_access_grid_shared_once (a
; single site with twin ~0), whose test of the state is inlined and whose
; count is one function. Shared sites in a loop, global sites anywhere and
; the heat-map access keep the inlined short path or access. Off, every
; site is inlined.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s --check-prefix=CALLS
; RUN: %opt -passes=sectorscope-instrument -S %s | FileCheck %s --check-prefix=LINKED
; RUN: %opt -passes=sectorscope-instrument -sectorscope-call-shared-outside-loops=false -S %s | FileCheck %s --check-prefix=OFF

; Site 0: the global load before the loop; 1: the shared store before it;
; 2, 3: the global and shared loads in the loop (the shared one, one
; address a warp, sums in the loop); 4: the store after it.
; CALLS-LABEL: define ptx_kernel void @k__sectorscope_grid(
; CALLS: call void @__sectorscope_access_grid(i32 0,
; CALLS: call void @__sectorscope_access_grid_shared_once(i32 1, ptr {{%[0-9]+}}, i32 4, i32 {{[0-9]+}}, i32 {{%[0-9]+}}, i32 %sectorscope.take, i32 -1, i32 0)
; CALLS: loop.ss:
; CALLS: call void @__sectorscope_access_grid(i32 2,
; CALLS: call void @__sectorscope_access_grid{{(_tally)?}}(i32 3,
; CALLS-NOT: shared_once
; CALLS: ret void

; Linked: in the grid variant the shared site outside the loop calls the
; count behind the inlined test, and nothing else calls it; the heat-map
; access is inlined everywhere.
; LINKED-LABEL: define ptx_kernel void @k__sectorscope_sample(
; LINKED-NOT: call void @__sectorscope_access(
; LINKED: ret void
; LINKED-LABEL: define ptx_kernel void @k__sectorscope_grid(
; LINKED-NOT: call void @__sectorscope_access_grid(
; LINKED: call void @__sectorscope_access_grid_shared_count(i32 {{(noundef )?}}1,
; LINKED-NOT: call void @__sectorscope_access_grid_shared_count(
; LINKED: ret void
; LINKED-NOT: define {{.*}}@__sectorscope_access(
; LINKED: define internal void @__sectorscope_access_grid_shared_count(

; OFF-NOT: shared_once
; OFF-NOT: call void @__sectorscope_access_grid_shared_count(

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @k(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i32 %tid
  %v = load float, ptr addrspace(1) %pa, align 4
  %ps = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i32 0, i32 %tid
  store float %v, ptr addrspace(3) %ps, align 4
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %s2, %loop ]
  %row = mul i32 %i, 256
  %e = add i32 %row, %tid
  %pg = getelementptr inbounds float, ptr addrspace(1) %a, i32 %e
  %g = load float, ptr addrspace(1) %pg, align 4
  %pt = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i32 0, i32 %i
  %t = load float, ptr addrspace(3) %pt, align 4
  %s1 = fadd float %sum, %g
  %s2 = fadd float %s1, %t
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %exit, label %loop

exit:
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %s2, ptr addrspace(1) %po, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
