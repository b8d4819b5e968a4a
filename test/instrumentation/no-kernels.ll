; A device module without kernels still defines the descriptor the host
; side registers (num_sites 0, a table with the version line only), and
; device functions no kernel reaches are left alone.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

; CHECK: @__sectorscope_site_table = internal addrspace(1) constant [{{[0-9]+}} x i8] c"V\09[[ABI]]\0A\00"
; CHECK: @__sectorscope_module = addrspace(4) externally_initialized global { i32, i32, i64, i64, i64, [312 x i8] } { i32 [[ABI]], i32 0,
; CHECK-LABEL: define float @f(ptr %p)
; CHECK-NEXT: load float
; CHECK-NOT: sectorscope.dispatch

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define float @f(ptr %p) {
  %v = load float, ptr %p, align 4
  ret float %v
}
