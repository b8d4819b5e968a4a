; Grid mode's global sites outside every loop of a function that has more
; of them than the limit (support/Options.h MaxInlinedSitesOutsideLoops,
; here 2) call the access instead of inlining its short path: an unrolled
; stencil's dozens of straight-line loads each run once a thread. Sites in
; a loop, and every site of a function within the limit, stay inlined.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-inlined-sites-outside-loops=2 -S %s | FileCheck %s
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-inlined-sites-outside-loops=0 -S %s | FileCheck %s --check-prefix=OFF

; @wide: three loads and a store outside the loop (four straight sites),
; one load in it: the four call the access, the loop's is inlined.
; CHECK-LABEL: define ptx_kernel void @wide__sectorscope_grid(
; CHECK-COUNT-3: call void @__sectorscope_access_grid(i32 {{[0-9]+}}, ptr
; CHECK: loop.ss:
; CHECK-NOT: call void @__sectorscope_access_grid(
; CHECK: exit.ss:
; CHECK: call void @__sectorscope_access_grid(i32 {{[0-9]+}}, ptr
; CHECK: ret void
; @narrow: two straight sites, within the limit: inlined.
; CHECK-LABEL: define ptx_kernel void @narrow__sectorscope_grid(
; CHECK-NOT: call void @__sectorscope_access_grid(
; CHECK: ret void
; CHECK: define {{.*}}void @__sectorscope_access_grid(

; OFF-LABEL: define ptx_kernel void @wide__sectorscope_grid(
; OFF-NOT: call void @__sectorscope_access_grid(
; OFF: ret void

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @wide(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr inbounds float, ptr addrspace(1) %a, i32 %tid
  %v0 = load float, ptr addrspace(1) %p0, align 4
  %t1 = add i32 %tid, 256
  %p1 = getelementptr inbounds float, ptr addrspace(1) %a, i32 %t1
  %v1 = load float, ptr addrspace(1) %p1, align 4
  %t2 = add i32 %tid, 512
  %p2 = getelementptr inbounds float, ptr addrspace(1) %a, i32 %t2
  %v2 = load float, ptr addrspace(1) %p2, align 4
  %s0 = fadd float %v0, %v1
  %s1 = fadd float %s0, %v2
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %sum = phi float [ %s1, %entry ], [ %s2, %loop ]
  %row = mul i32 %i, 1024
  %e = add i32 %row, %tid
  %pg = getelementptr inbounds float, ptr addrspace(1) %a, i32 %e
  %g = load float, ptr addrspace(1) %pg, align 4
  %s2 = fadd float %sum, %g
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %exit, label %loop

exit:
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %s2, ptr addrspace(1) %po, align 4
  ret void
}

define void @narrow(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr inbounds float, ptr addrspace(1) %a, i32 %tid
  %v0 = load float, ptr addrspace(1) %p0, align 4
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %v0, ptr addrspace(1) %po, align 4
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @wide, !"kernel", i32 1}
!1 = !{ptr @narrow, !"kernel", i32 1}
