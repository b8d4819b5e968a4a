; Every kernel gets a grid variant (abi.h v7): a second kernel, named with
; SS_GRID_KERNEL_SUFFIX, copied from the sample variant (abi.h v11: the kernel itself stays as
; compiled, the sample variant has the heat-map entry and accesses) with its
; annotations (launch bounds included), whose entry and accesses are grid
; mode's and whose instrumented callees are its own copies. The sites are
; the kernel's: the site table has no more records. A kernel's sites have
; consecutive ids, and its grid variant counts them from its first (abi.h
; v21): k2's one site is 2 in its sample variant and 0 in its grid variant.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

; CHECK: c"V\09[[ABI]]\0AS\090\09k1\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k1\09\0AS\091\09k1\09load\09generic\094\090\090\091\09{{[0-9]+}}\091\090\09get\09\0AS\092\09k2\09load\09generic\094\090\090\091\09{{[0-9]+}}\091\090\09get\09\0A\00"
; The program's kernels stay as compiled (abi.h v11).
; CHECK-LABEL: define void @k1(
; CHECK-NOT: sectorscope
; CHECK-LABEL: define void @k2(
; CHECK-NOT: sectorscope
; CHECK: ret void
; CHECK-NEXT: }
; CHECK-LABEL: define ptx_kernel void @k1__sectorscope_sample(
; CHECK: call i32 @__sectorscope_enter()
; CHECK-NOT: _grid
; CHECK: call void @__sectorscope_access(i32 0,
; CHECK-LABEL: define internal float @get.sectorscope.k1(
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 1,
; Every block of a grid-mode launch counts: the grid variant keeps the
; instrumented body alone, entered unconditionally, and never calls the
; uninstrumented callee.
; CHECK-LABEL: define ptx_kernel void @k1__sectorscope_grid(ptr %a) {
; CHECK-NEXT: sectorscope.dispatch:
; CHECK-NEXT: %sectorscope.take = call i32 @__sectorscope_enter_grid()
; CHECK-NEXT: br label %entry.ss
; CHECK-NOT: call float @get(
; CHECK: entry.ss:
; CHECK-NEXT: %x.ss = call float @get.sectorscope.k1.grid(ptr %a, i32 %sectorscope.take)
; CHECK-NEXT: store float %x.ss, ptr %a, align 4
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; The kernel's parameter is the same in every lane: its store says so
; (address-shapes.ll); the callee's parameter may not be.
; CHECK-NEXT: call void @__sectorscope_access_grid(i32 0, ptr %a, i32 4, i32 65537, i32 [[LANES]], i32 %sectorscope.take)
; CHECK-LABEL: define internal float @get.sectorscope.k1.grid(
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access_grid(i32 1,
; CHECK-LABEL: define ptx_kernel void @k2__sectorscope_sample(
; CHECK: call i32 @__sectorscope_enter()
; CHECK-LABEL: define internal float @get.sectorscope.k2(
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 2,
; CHECK-LABEL: define ptx_kernel void @k2__sectorscope_grid(
; CHECK: call i32 @__sectorscope_enter_grid()
; CHECK-NOT: call float @get(
; CHECK: call float @get.sectorscope.k2.grid(
; CHECK-LABEL: define internal float @get.sectorscope.k2.grid(
; CHECK-NEXT: %v = load float, ptr %p, align 4
; CHECK-NEXT: call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access_grid(i32 0,
; k2 has no launch bounds: its variants are held to 64 registers a thread,
; so that they launch with any block k2 does.
; CHECK: !nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7, !8, !9, !10}
; CHECK: !3 = !{ptr @k1__sectorscope_sample, !"kernel", i32 1}
; CHECK: !4 = !{ptr @k1__sectorscope_sample, !"maxntidx", i32 256}
; CHECK: !5 = !{ptr @k1__sectorscope_grid, !"kernel", i32 1}
; CHECK: !6 = !{ptr @k1__sectorscope_grid, !"maxntidx", i32 256}
; CHECK: !7 = !{ptr @k2__sectorscope_sample, !"kernel", i32 1}
; CHECK: !8 = !{ptr @k2__sectorscope_sample, !"maxnreg", i32 64}
; CHECK: !9 = !{ptr @k2__sectorscope_grid, !"kernel", i32 1}
; CHECK: !10 = !{ptr @k2__sectorscope_grid, !"maxnreg", i32 64}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define float @get(ptr %p) noinline {
  %v = load float, ptr %p, align 4
  ret float %v
}

define void @k1(ptr %a) {
entry:
  %x = call float @get(ptr %a)
  store float %x, ptr %a, align 4
  ret void
}

define void @k2(ptr %a) {
entry:
  %x = call float @get(ptr %a)
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @k1, !"kernel", i32 1}
!1 = !{ptr @k1, !"maxntidx", i32 256}
!2 = !{ptr @k2, !"kernel", i32 1}
