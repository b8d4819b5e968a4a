; A host runtime entry point defined in the module itself (a test's own
; runtime) keeps its CUDA calls: rewriting them would make it call itself.
; Calls without a source position get a null site.
; RUN: %opt -passes=sectorscope-host -S %s | FileCheck %s

; CHECK-LABEL: define i32 @__sectorscope_malloc(ptr %p, i64 %n, ptr %site)
; CHECK-NEXT: call i32 @cudaMalloc(ptr %p, i64 %n)
; CHECK-LABEL: define i32 @__sectorscope_launch_kernel(
; CHECK-NEXT: call i32 @cudaLaunchKernel(
; CHECK-LABEL: define i32 @user(ptr %p)
; CHECK-NEXT: call i32 @__sectorscope_malloc(ptr %p, i64 64, ptr null)
; CHECK-NEXT: call i32 @__sectorscope_launch_kernel(ptr null, i64 1, i32 1, i64 1, i32 1, ptr null, i64 0, ptr null)

target triple = "x86_64-pc-linux-gnu"

define i32 @__sectorscope_malloc(ptr %p, i64 %n, ptr %site) {
  %r = call i32 @cudaMalloc(ptr %p, i64 %n)
  ret i32 %r
}

define i32 @__sectorscope_launch_kernel(ptr %f, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %st) {
  %r = call i32 @cudaLaunchKernel(ptr %f, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %a, i64 %s, ptr %st)
  ret i32 %r
}

define i32 @user(ptr %p) {
  %r = call i32 @cudaMalloc(ptr %p, i64 64)
  %l = call i32 @cudaLaunchKernel(ptr null, i64 1, i32 1, i64 1, i32 1, ptr null, i64 0, ptr null)
  ret i32 %r
}

declare i32 @cudaMalloc(ptr, i64)
declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
