; Grid mode's sites in a loop whose address is one across a warp (or a
; row) sum their full-warp runs in a 64-bit slot of their own
; (LoopTallies.h): the access becomes __sectorscope_access_grid_tally with
; the slot, zeroed at entry, and each exit of the outermost loop flushes it,
; in the sites' order; exits that end in a trap do not. Strided sites and
; gathers keep their call, as do sites outside loops and sites past the
; per-loop limit. The sample variant is unchanged. Linked with the runtime,
; the slots become registers.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-max-loop-tallies=1 -S %s | FileCheck %s --check-prefix=ONE
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-max-loop-tallies=0 -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -passes=sectorscope-instrument -S %s | FileCheck %s --check-prefix=LINKED

; CHECK-LABEL: define ptx_kernel void @k__sectorscope_sample(
; CHECK-NOT: tally
; CHECK-LABEL: define ptx_kernel void @k__sectorscope_grid(
; CHECK: %[[T0:sectorscope.tally[0-9]*]] = alloca i64
; CHECK-NEXT: store i64 0, ptr %[[T0]]
; CHECK-NEXT: %[[T1:sectorscope.tally[0-9]*]] = alloca i64
; CHECK-NEXT: store i64 0, ptr %[[T1]]
; CHECK-NOT: alloca
; Before the loop: a call of its own.
; CHECK: call void @__sectorscope_access_grid(i32 0,
; In the inner loop: the uniform load (shape 1), the strided load (lanes 4
; bytes apart) and the gather through it (at once), the uniform shared
; store (shape 1, space 1).
; CHECK: call void @__sectorscope_access_grid_tally(i32 1, ptr {{%[0-9]+}}, i32 4, i32 65536, i32 {{%[0-9]+}}, i32 %sectorscope.take, ptr %[[T0]])
; CHECK: call void @__sectorscope_access_grid(i32 2, ptr {{%[0-9]+}}, i32 4, i32 67371008,
; CHECK: call void @__sectorscope_access_grid(i32 3, ptr {{%[0-9]+}}, i32 4, i32 131072,
; CHECK: call void @__sectorscope_access_grid_tally(i32 4, ptr {{%[0-9]+}}, i32 4, i32 65793, i32 {{%[0-9]+}}, i32 %sectorscope.take, ptr %[[T1]])
; The outer loop's exit flushes both, in order; the inner loop's exit,
; inside the outer loop, does not.
; CHECK: exit.ss:
; CHECK-NEXT: call void @__sectorscope_grid_tally_flush(i32 1, i32 65536, i32 %sectorscope.take, ptr %[[T0]])
; CHECK-NEXT: call void @__sectorscope_grid_tally_flush(i32 4, i32 65793, i32 %sectorscope.take, ptr %[[T1]])
; CHECK-NOT: tally_flush
; CHECK: ret void

; A loop that leaves only through a trap: nothing would flush it.
; CHECK-LABEL: define ptx_kernel void @spin__sectorscope_grid(
; CHECK-NOT: tally
; CHECK: call void @__sectorscope_access_grid(i32 0, ptr {{%[0-9]+}}, i32 4, i32 65536,
; CHECK-NOT: tally
; CHECK: unreachable

; ONE-LABEL: define ptx_kernel void @k__sectorscope_grid(
; ONE: call void @__sectorscope_access_grid_tally(i32 1,
; ONE: call void @__sectorscope_access_grid(i32 4,
; ONE: exit.ss:
; ONE-NEXT: call void @__sectorscope_grid_tally_flush(i32 1,
; ONE-NOT: tally_flush

; OFF-NOT: call void @__sectorscope_{{access_grid_tally|grid_tally_flush}}(

; LINKED-LABEL: define ptx_kernel void @k__sectorscope_grid(
; LINKED-NOT: alloca
; LINKED-NOT: call {{.*}}@__sectorscope_access_grid_tally(
; LINKED-NOT: call {{.*}}@__sectorscope_grid_tally_flush(
; LINKED: ret void

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.trap()

define void @k(ptr addrspace(1) %a, ptr addrspace(1) %idx, ptr addrspace(3) %s, i32 %n, i32 %m) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr inbounds float, ptr addrspace(1) %a, i32 %tid
  %v0 = load float, ptr addrspace(1) %p0, align 4
  br label %outer

outer:
  %j = phi i32 [ 0, %entry ], [ %j1, %latch ]
  br label %inner

inner:
  %i = phi i32 [ 0, %outer ], [ %i1, %inner ]
  %pu = getelementptr inbounds float, ptr addrspace(1) %a, i32 %i
  %u = load float, ptr addrspace(1) %pu, align 4
  %row = mul i32 %i, %n
  %e = add i32 %row, %tid
  %pi = getelementptr inbounds i32, ptr addrspace(1) %idx, i32 %e
  %k = load i32, ptr addrspace(1) %pi, align 4
  %pk = getelementptr inbounds float, ptr addrspace(1) %a, i32 %k
  %w = load float, ptr addrspace(1) %pk, align 4
  %ps = getelementptr inbounds float, ptr addrspace(3) %s, i32 %j
  %y = fadd float %u, %w
  store float %y, ptr addrspace(3) %ps, align 4
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %latch, label %inner

latch:
  %j1 = add i32 %j, 1
  %jdone = icmp eq i32 %j1, %m
  br i1 %jdone, label %exit, label %outer

exit:
  ret void
}

define void @spin(ptr addrspace(1) %a) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i32 %i
  %v = load volatile float, ptr addrspace(1) %p, align 4
  %i1 = add i32 %i, 1
  %bad = fcmp olt float %v, 0.0
  br i1 %bad, label %trap, label %loop

trap:
  call void @llvm.trap()
  unreachable
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @spin, !"kernel", i32 1}
