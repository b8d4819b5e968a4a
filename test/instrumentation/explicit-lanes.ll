; With -sectorscope-explicit-lanes the instrumented copy groups each
; request's lanes from the control flow (instrumentation/LaneMasks.h): the copy's entry
; reads the warp's lanes once; a branch's sides get one ballot and its
; complement; the join gets the entry's lanes back; the loop header gets the
; lanes that entered, then (phi) those the latch's ballot keeps; the block
; after the loop gets every lane that entered it again, not one iteration's
; leavers. Every access passes its block's lanes.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -sectorscope-explicit-lanes -S %s | FileCheck %s
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -S %s | FileCheck %s --check-prefix=DEFAULT

; CHECK-LABEL: define void @k(
; CHECK: entry.ss:
; CHECK-NEXT: %[[E:.*]] = call i32 @llvm.nvvm.activemask()
; CHECK: %[[T:sectorscope.lanes.true.*]] = call i32 @llvm.nvvm.vote.ballot.sync(i32 %[[E]], i1 %c.ss)
; CHECK: then.ss:
; CHECK: call void @__sectorscope_access(i32 0, {{.*}}, i32 %[[T]], i32 %sectorscope.take)
; CHECK: loop.ss:
; CHECK-NEXT: %[[L:sectorscope.lanes.loop.*]] = phi i32 [ %[[E]], %join.ss ], [ %[[STAY:sectorscope.lanes.true.*]], %loop.ss ]
; CHECK: call void @__sectorscope_access(i32 1, {{.*}}, i32 %[[L]], i32 %sectorscope.take)
; CHECK: %[[STAY]] = call i32 @llvm.nvvm.vote.ballot.sync(i32 %[[L]], i1 %more.ss)
; CHECK: exit.ss:
; CHECK: call void @__sectorscope_access(i32 2, {{.*}}, i32 %[[E]], i32 %sectorscope.take)

; DEFAULT-NOT: vote.ballot
; DEFAULT-NOT: sectorscope.lanes

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @k(ptr addrspace(1) %a) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp slt i32 %tid, 16
  br i1 %c, label %then, label %join
then:
  %p = getelementptr float, ptr addrspace(1) %a, i32 %tid
  store float 1.0, ptr addrspace(1) %p
  br label %join
join:
  br label %loop
loop:
  %i = phi i32 [ 0, %join ], [ %i1, %loop ]
  %q = getelementptr float, ptr addrspace(1) %a, i32 %i
  %v = load float, ptr addrspace(1) %q
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %tid
  br i1 %more, label %loop, label %exit
exit:
  %r = getelementptr float, ptr addrspace(1) %a, i32 %tid
  store float %v, ptr addrspace(1) %r
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
