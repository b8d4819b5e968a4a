; -sectorscope-explicit-lanes on the shapes that need care (instrumentation/LaneMasks.h):
; a loop left by a break and by its latch (each exit block reads the group;
; the block where both meet gets every lane that entered the loop); an early
; return (the rest gets the lanes that did not return); an irreducible cycle
; (no masks at all: a ballot there could wait for lanes that never come);
; a loop whose latch ends in a switch (the header reads the group, and the
; blocks that took the header's lanes take that instead); a loop without
; accesses (its phi and ballot, which no access uses, are erased: a ballot
; costs every iteration).
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -sectorscope-explicit-lanes -S %s | FileCheck %s

; CHECK-LABEL: define ptx_kernel void @brk__sectorscope_sample(
; CHECK: entry.ss:
; CHECK-NEXT: %[[E:[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK: loop.ss:
; CHECK-NEXT: %[[L:sectorscope.lanes.loop]] = phi i32 [ %[[E]], %entry.ss ], [ %[[STAY:sectorscope.lanes.true[0-9]+]], %latch.ss ]
; CHECK: call void @__sectorscope_access(i32 0, {{.*}}, i32 %[[L]], i32 %sectorscope.take)
; CHECK: %[[BRK:sectorscope.lanes.true]] = call i32 @llvm.nvvm.vote.ballot.sync(i32 %[[L]], i1 %stop.ss)
; CHECK: %[[GO:sectorscope.lanes.false]] = and i32 %[[L]],
; CHECK: latch.ss:
; CHECK: %[[STAY]] = call i32 @llvm.nvvm.vote.ballot.sync(i32 %[[GO]], i1 %more.ss)
; CHECK: broke.ss:
; CHECK-NEXT: %[[B:[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK: call void @__sectorscope_access(i32 1, {{.*}}, i32 %[[B]], i32 %sectorscope.take)
; CHECK: after.ss:
; CHECK: call void @__sectorscope_access(i32 2, {{.*}}, i32 %[[E]], i32 %sectorscope.take)
; CHECK-LABEL: define ptx_kernel void @brk__sectorscope_grid(

; CHECK-LABEL: define ptx_kernel void @early__sectorscope_sample(
; CHECK: %[[E2:[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK: %[[OUT:sectorscope.lanes.true]] = call i32 @llvm.nvvm.vote.ballot.sync(i32 %[[E2]], i1 %out.ss)
; CHECK: %[[STAYED:sectorscope.lanes.false]] = and i32 %[[E2]],
; CHECK: work.ss:
; CHECK: call void @__sectorscope_access(i32 3, {{.*}}, i32 %[[STAYED]], i32 %sectorscope.take)

; CHECK-LABEL: define ptx_kernel void @irr__sectorscope_sample(
; CHECK-NOT: ballot
; CHECK-NOT: sectorscope.lanes
; CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 4, {{.*}}, i32 [[LANES]], i32 %sectorscope.take)
; CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 5, {{.*}}, i32 [[LANES]], i32 %sectorscope.take)

; CHECK-LABEL: define ptx_kernel void @sw__sectorscope_sample(
; CHECK: loop.ss:
; CHECK: %[[H:[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NOT: sectorscope.lanes.loop
; CHECK: call void @__sectorscope_access(i32 6, {{.*}}, i32 %[[H]], i32 %sectorscope.take)

; CHECK-LABEL: define ptx_kernel void @compute__sectorscope_sample(
; CHECK: entry.ss:
; CHECK-NEXT: %[[C:[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NOT: ballot
; CHECK-NOT: sectorscope.lanes
; CHECK: call void @__sectorscope_access(i32 7, {{.*}}, i32 %[[C]], i32 %sectorscope.take)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; A loop with a break: lanes leave by two ways, and meet after the loop.
define void @brk(ptr addrspace(1) %a) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %q = getelementptr float, ptr addrspace(1) %a, i32 %i
  %v = load float, ptr addrspace(1) %q
  %stop = fcmp olt float %v, 0.0
  br i1 %stop, label %broke, label %latch
latch:
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %tid
  br i1 %more, label %loop, label %done
broke:
  %b = getelementptr float, ptr addrspace(1) %a, i32 %i
  store float 0.0, ptr addrspace(1) %b
  br label %after
done:
  br label %after
after:
  %r = getelementptr float, ptr addrspace(1) %a, i32 %tid
  store float 1.0, ptr addrspace(1) %r
  ret void
}

; An early return: the rest runs with the lanes that did not return.
define void @early(ptr addrspace(1) %a) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %out = icmp sgt i32 %tid, 100
  br i1 %out, label %ret, label %work
ret:
  ret void
work:
  %p = getelementptr float, ptr addrspace(1) %a, i32 %tid
  store float 2.0, ptr addrspace(1) %p
  ret void
}

; Two ways into one cycle: irreducible, so no masks are computed.
define void @irr(ptr addrspace(1) %a, i1 %c) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %c, label %x, label %y
x:
  %p = getelementptr float, ptr addrspace(1) %a, i32 %tid
  %v = load float, ptr addrspace(1) %p
  %cx = fcmp olt float %v, 0.0
  br i1 %cx, label %y, label %end
y:
  %q = getelementptr float, ptr addrspace(1) %a, i32 %tid
  store float 3.0, ptr addrspace(1) %q
  %cy = icmp slt i32 %tid, 5
  br i1 %cy, label %x, label %end
end:
  ret void
}

; A loop whose latch ends in a switch, which the rules do not follow.
define void @sw(ptr addrspace(1) %a) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  br label %body
body:
  %q = getelementptr float, ptr addrspace(1) %a, i32 %i
  store float 0.0, ptr addrspace(1) %q
  %i1 = add i32 %i, 1
  %k = and i32 %i1, 3
  switch i32 %k, label %loop [ i32 0, label %exit ]
exit:
  ret void
}

; A loop of arithmetic only, then a store.
define void @compute(ptr addrspace(1) %a) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %s1 = add i32 %s, %i
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %tid
  br i1 %more, label %loop, label %exit
exit:
  %p = getelementptr i32, ptr addrspace(1) %a, i32 %tid
  store i32 %s1, ptr addrspace(1) %p
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!0 = !{ptr @brk, !"kernel", i32 1}
!1 = !{ptr @early, !"kernel", i32 1}
!2 = !{ptr @irr, !"kernel", i32 1}
!3 = !{ptr @sw, !"kernel", i32 1}
!4 = !{ptr @compute, !"kernel", i32 1}
