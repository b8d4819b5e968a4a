; The program's kernel stays as compiled (ABI v11); its sample variant, a
; copy of it, gets a second copy of its body behind one call to
; __sectorscope_enter() at entry; the original blocks stay untouched and
; static allocas move to the new entry so both copies share them. The
; thread's state (enter's result, read-only since ABI v6) is the last
; argument of every access of the copy.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-arg=instrument -sectorscope-link-runtime=false -S %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @k(ptr %a, i32 %n)
; CHECK-NEXT: entry:
; CHECK-NEXT: %tmp = alloca [4 x i32], align 4
; CHECK-NOT: sectorscope
; CHECK: ret void
; CHECK-NEXT: }
; CHECK: declare i32 @__sectorscope_enter()
; CHECK: declare void @__sectorscope_access(i32, ptr, i32, i32, i32, i32)
; CHECK-LABEL: define ptx_kernel void @k__sectorscope_sample(ptr %a, i32 %n)
; CHECK-NEXT: sectorscope.dispatch:
; CHECK-NEXT: %tmp = alloca [4 x i32], align 4
; CHECK-NEXT: %sectorscope.take = call i32 @__sectorscope_enter()
; CHECK-NEXT: %[[C:.*]] = icmp ne i32 %sectorscope.take, 0
; CHECK-NEXT: br i1 %[[C]], label %entry.ss, label %entry
; The original path: no runtime calls, no use of the state.
; CHECK-NOT: sectorscope
; CHECK: entry:
; CHECK-NEXT: %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %p = getelementptr inbounds float, ptr %a, i32 %tid
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: %c = icmp slt i32 %tid, %n
; CHECK-NEXT: br i1 %c, label %then, label %exit
; CHECK: then:
; CHECK-NEXT: store float %v, ptr %tmp, align 4
; CHECK-NEXT: br label %exit
; CHECK-NOT: sectorscope
; The copy: the same instructions, each access followed by its record.
; CHECK: entry.ss:
; CHECK-NOT: alloca
; CHECK: %v.ss = load float, ptr %p.ss, align 4
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 0, ptr %p.ss, i32 4, i32 0, i32 [[LANES]], i32 %sectorscope.take)
; CHECK: br i1 %c.ss, label %then.ss, label %exit.ss
; CHECK: then.ss:
; CHECK-NEXT: store float %v.ss, ptr %tmp, align 4
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 1, ptr %tmp, i32 4, i32 513, i32 [[LANES]], i32 %sectorscope.take)
; CHECK: exit.ss:
; CHECK-NEXT: ret void
; CHECK-NEXT: }
; CHECK-NOT: call void @__sectorscope_access(
; CHECK: define ptx_kernel void @k__sectorscope_grid(

define void @k(ptr %a, i32 %n) {
entry:
  %tmp = alloca [4 x i32], align 4
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds float, ptr %a, i32 %tid
  %v = load float, ptr %p, align 4
  %c = icmp slt i32 %tid, %n
  br i1 %c, label %then, label %exit
then:
  store float %v, ptr %tmp, align 4
  br label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
