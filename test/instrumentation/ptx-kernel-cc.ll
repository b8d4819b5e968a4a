; Kernels marked by the ptx_kernel calling convention (LLVM 20 style) are
; found like those in !nvvm.annotations (clang 19 style); a function listed
; in !nvvm.annotations with another key, or "kernel" 0, is not a kernel.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s

; CHECK-LABEL: define ptx_kernel void @cc(
; CHECK-LABEL: define void @notkernel(
; CHECK-NOT: sectorscope.dispatch
; CHECK-LABEL: define void @maxntid(
; CHECK-NOT: sectorscope.dispatch
; CHECK: ret void
; CHECK-LABEL: define ptx_kernel void @cc__sectorscope_sample(
; CHECK: sectorscope.dispatch:
; CHECK-NOT: define {{.*}}@notkernel__sectorscope_sample(
; CHECK-NOT: define {{.*}}@maxntid__sectorscope_sample(

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @cc(ptr %a) {
  store float 0.0, ptr %a, align 4
  ret void
}

define void @notkernel(ptr %a) {
  store float 0.0, ptr %a, align 4
  ret void
}

define void @maxntid(ptr %a) {
  store float 0.0, ptr %a, align 4
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @notkernel, !"kernel", i32 0}
!1 = !{ptr @maxntid, !"maxntidx", i32 256}
