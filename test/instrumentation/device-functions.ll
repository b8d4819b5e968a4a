; Device functions a kernel calls are cloned once per kernel for its
; instrumented path (so each site belongs to one kernel); the original path
; and the originals stay uninstrumented; promises that no longer hold
; (memory(argmem: read), nosync) are dropped from the clones and their calls;
; recursion reaches the clone, not the original. A clone takes the thread's
; state (i32, ABI v6) as an extra last parameter: the kernel passes
; %sectorscope.take, a clone passes on its own parameter.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: c"V\09[[ABI]]\0AS\090\09k1\09load\09generic\094\090\090\091\09{{[0-9]+}}\091\090\09get\09\0AS\091\09k1\09load\09generic\094\090\090\091\09{{[0-9]+}}\091\090\09rec\09\0AS\092\09k2\09load\09generic\094\090\090\091\09{{[0-9]+}}\091\090\09get\09\0A\00"
; CHECK-LABEL: define float @get(ptr %p) #0 {
; CHECK-NEXT: load float
; The program's kernels stay as compiled (ABI v11).
; CHECK-LABEL: define void @k1(
; CHECK-NEXT: entry:
; CHECK-NEXT: call float @get(ptr %a) #0
; CHECK-LABEL: define ptx_kernel void @k1__sectorscope_sample(
; CHECK: %sectorscope.take = call i32 @__sectorscope_enter()
; CHECK: entry:
; CHECK-NEXT: call float @get(ptr %a) #0
; CHECK-NEXT: call float @rec(ptr %a, i32 3)
; CHECK: entry.ss:
; CHECK-NEXT: call float @get.sectorscope.k1(ptr %a, i32 %sectorscope.take) #[[CA:[0-9]+]]
; CHECK-NEXT: call float @rec.sectorscope.k1(ptr %a, i32 3, i32 %sectorscope.take)
; CHECK: define internal float @get.sectorscope.k1(ptr %p, i32 %sectorscope.state) #[[ATTR:[0-9]+]] {
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 0, ptr %p, i32 4, i32 768, i32 [[LANES]], i32 %sectorscope.state)
; CHECK-LABEL: define internal float @rec.sectorscope.k1(ptr %p, i32 %n, i32 %sectorscope.state)
; CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 1, ptr %p, i32 4, i32 768, i32 [[LANES]], i32 %sectorscope.state)
; CHECK: call float @rec.sectorscope.k1(ptr %p, i32 %m, i32 %sectorscope.state)
; CHECK-LABEL: define ptx_kernel void @k2__sectorscope_sample(
; CHECK: %sectorscope.take = call i32 @__sectorscope_enter()
; CHECK: entry.ss:
; CHECK-NEXT: call float @get.sectorscope.k2(ptr %a, i32 %sectorscope.take) #[[CA]]
; CHECK-LABEL: define internal float @get.sectorscope.k2(ptr %p, i32 %sectorscope.state)
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 2, ptr %p, i32 4, i32 768, i32 [[LANES]], i32 %sectorscope.state)
; CHECK: attributes #0 = { noinline nosync memory(argmem: read) }
; CHECK: attributes #[[ATTR]] = { noinline }
; CHECK-NOT: attributes #[[CA]] = {{.*}}memory

define float @get(ptr %p) #0 {
  %v = load float, ptr %p, align 4
  ret float %v
}

define float @rec(ptr %p, i32 %n) noinline {
entry:
  %v = load float, ptr %p, align 4
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call float @rec(ptr %p, i32 %m)
  br label %done
done:
  ret float %v
}

define void @k1(ptr %a) {
entry:
  %x = call float @get(ptr %a) #0
  %y = call float @rec(ptr %a, i32 3)
  ret void
}

define void @k2(ptr %a) {
entry:
  %x = call float @get(ptr %a) #0
  ret void
}

attributes #0 = { noinline nosync memory(argmem: read) }

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k1, !"kernel", i32 1}
!1 = !{ptr @k2, !"kernel", i32 1}
