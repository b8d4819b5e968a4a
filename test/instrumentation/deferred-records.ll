; An access is recorded after it, together with the block's other accesses,
; so that a block's loads are all in flight before the first record waits
; for them: at the block's end, or before the first call that may sync the
; warp, write memory or not return. Pure intrinsics do not stop it.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s
; At most this many records wait; the next instruction records them.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-max-deferred-accesses=2 -S %s | FileCheck %s --check-prefix=CAP

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @k__sectorscope_sample(
; CHECK: entry.ss:
; CHECK-NEXT: %a1.ss = getelementptr inbounds float, ptr %a, i64 1
; CHECK-NEXT: %x.ss = load float, ptr %a, align 4
; CHECK-NEXT: %y.ss = load float, ptr %a1.ss, align 4
; CHECK-NEXT: %z.ss = load float, ptr %b, align 4
; CHECK-NEXT: %s.ss = call float @llvm.fmuladd.f32(float %x.ss, float %y.ss, float %z.ss)
; CHECK-NEXT: call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 0, ptr %a,
; CHECK-NEXT: call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 1, ptr %a1.ss,
; CHECK-NEXT: call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 2, ptr %b,
; CHECK-NEXT: call void @llvm.nvvm.barrier0()
; CHECK-NEXT: store float %s.ss, ptr %b, align 4
; CHECK-NEXT: call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 3, ptr %b,
; CHECK-NEXT: call void @helper.sectorscope.k(ptr %a,
; CHECK-NEXT: %c.ss = icmp sgt i32 %n, 0
; CHECK-NEXT: br i1 %c.ss, label %then.ss, label %done.ss
; A divergent branch's access is recorded in its own block.
; CHECK: then.ss:
; CHECK-NEXT: store float 0.0{{.*}}, ptr %b
; CHECK-NEXT: call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 4, ptr %b,
; CHECK-NEXT: br label %done.ss
; CHECK: done.ss:
; CHECK-NEXT: ret void

; CAP-LABEL: define ptx_kernel void @k__sectorscope_sample(
; CAP: entry.ss:
; CAP: %y.ss = load float, ptr %a1.ss, align 4
; CAP-NEXT: call i32 @llvm.nvvm.activemask()
; CAP-NEXT: call void @__sectorscope_access(i32 0, ptr %a,
; CAP-NEXT: call i32 @llvm.nvvm.activemask()
; CAP-NEXT: call void @__sectorscope_access(i32 1, ptr %a1.ss,
; CAP-NEXT: %z.ss = load float, ptr %b, align 4
; CAP-NEXT: %s.ss = call float @llvm.fmuladd.f32(
; CAP-NEXT: call i32 @llvm.nvvm.activemask()
; CAP-NEXT: call void @__sectorscope_access(i32 2, ptr %b,

define void @helper(ptr %p) noinline {
  store float 1.0, ptr %p, align 4
  ret void
}

define void @k(ptr %a, ptr %b, i32 %n) {
entry:
  %a1 = getelementptr inbounds float, ptr %a, i64 1
  %x = load float, ptr %a, align 4
  %y = load float, ptr %a1, align 4
  %z = load float, ptr %b, align 4
  %s = call float @llvm.fmuladd.f32(float %x, float %y, float %z)
  call void @llvm.nvvm.barrier0()
  store float %s, ptr %b, align 4
  call void @helper(ptr %a)
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %then, label %done

then:
  store float 0.0, ptr %b, align 4
  br label %done

done:
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)
declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
