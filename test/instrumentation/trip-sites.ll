; Trip sites (ABI v20, SiteWork.h): a loop with no memory site whose trip
; count the compiler does not know gets a site of op `trip` (space global,
; width 0) whose work is the issue slots of one trip, and a call
; __sectorscope_trip(site, lanes, state) at its head in both variants. Its
; slots are no longer charged to the sites around it. Trip sites follow the
; function's memory sites in the table.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

; S <id> <kernel> <op> <space> <width> <line> <column> <mlp> <work> <waits> <function> <file>
; @series: the load and the store outside loops share load 1 + store 1 +
; ret 1 + the unconditional branch 0 = 3 (2 each, rounded): the
; data-dependent loop (fmul, fadd, fcmp, add, icmp, or, branch: 7 slots a
; trip) is the trip site's, not theirs.
; CHECK: @__sectorscope_site_table = internal addrspace(1) constant
; CHECK-SAME: c"V\09[[ABI]]\0A
; CHECK-SAME: S\090\09series\09load\09global\094\090\090\091\092\091\090\09series\09\0A
; CHECK-SAME: S\091\09series\09store\09global\094\090\090\091\092\090\090\09series\09\0A
; CHECK-SAME: S\092\09series\09trip\09global\090\090\090\091\097\090\090\09series\09\0A
; @counted: a site-less loop of 8 constant trips (4 slots each) folds into
; the store after it: 32 + store 1 + ret 1 = 34; no trip site.
; CHECK-SAME: S\093\09counted\09store\09global\094\090\090\091\0934\090\090\09counted\09\0A
; @nested: the inner loop's trips are unknown too; each loop is a trip site
; of its own slots (outer: add 1, icmp 1, br 1, fadd 1 = 4; inner: 3),
; and the store after them is charged store 1 + ret 1 = 2.
; CHECK-SAME: S\094\09nested\09store\09global\094\090\090\091\092\090\090\09nested\09\0A
; CHECK-SAME: S\095\09nested\09trip\09global\090\090\090\091\094\090\090\09nested\09\0A
; CHECK-SAME: S\096\09nested\09trip\09global\090\090\090\091\093\090\090\09nested\09\0A
; @withsite: a loop that loads has a site that counts its trips: no trip
; site.
; CHECK-NOT: withsite\09trip
; CHECK-SAME: \00"

; The kernel as compiled has no trip call.
; CHECK-LABEL: define void @series(
; CHECK-NOT: __sectorscope_trip
; CHECK: ret void
; The sample variant calls the trip at the loop's head with the lanes there.
; CHECK-LABEL: define ptx_kernel void @series__sectorscope_sample(
; CHECK: call void @__sectorscope_access(i32 0,
; CHECK: [[LANES:%[0-9a-z.]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_trip(i32 2, i32 [[LANES]], i32 %sectorscope.take)
; The grid variant keeps it: trips count in grid mode too.
; CHECK-LABEL: define ptx_kernel void @series__sectorscope_grid(
; CHECK: call void @__sectorscope_trip(i32 2,

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @series(ptr noalias %a, ptr noalias %out) {
entry:
  %x = load float, ptr %a, align 4
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %t = phi float [ %x, %entry ], [ %t.next, %loop ]
  %sq = fmul float %t, 5.000000e-01
  %t.next = fadd float %sq, 1.000000e+00
  %small = fcmp olt float %t.next, 2.000000e+00
  %i.next = add i32 %i, 1
  %stop = icmp eq i32 %i.next, 1000
  %done = or i1 %small, %stop
  br i1 %done, label %exit, label %loop

exit:
  store float %t.next, ptr %out, align 4
  ret void
}

define void @counted(ptr noalias %out) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i32 %s, %i
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i.next, 8
  br i1 %more, label %loop, label %exit

exit:
  store i32 %s.next, ptr %out, align 4
  ret void
}

define void @nested(ptr noalias %out, i32 %n) {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %s = phi float [ 0.000000e+00, %entry ], [ %s.next, %outer.latch ]
  br label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %j.next = add i32 %j, 1
  %cj = icmp slt i32 %j.next, %i
  br i1 %cj, label %inner, label %outer.latch

outer.latch:
  %s.next = fadd float %s, 1.000000e+00
  %i.next = add i32 %i, 1
  %ci = icmp slt i32 %i.next, %n
  br i1 %ci, label %outer, label %exit

exit:
  store float %s.next, ptr %out, align 4
  ret void
}

define void @withsite(ptr noalias %a, ptr noalias %out, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds float, ptr %a, i32 %i
  %v = load float, ptr %p, align 4
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  store float %v, ptr %out, align 4
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @series, !"kernel", i32 1}
!1 = !{ptr @counted, !"kernel", i32 1}
!2 = !{ptr @nested, !"kernel", i32 1}
!3 = !{ptr @withsite, !"kernel", i32 1}
