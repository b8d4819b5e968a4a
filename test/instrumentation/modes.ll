; instrument-modes builds the variants of the modes it names: the other
; mode's variants are plain copies of the kernels (a grid-only build's
; sample variant keeps its original body, its instrumented callees go), and
; the M record tells the host to run that mode's launches as compiled.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-arg=instrument-modes=heatmap -S %s -o - | FileCheck %s --check-prefix=HEAT
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-arg=instrument-modes=grid -S %s -o - | FileCheck %s --check-prefix=GRID
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-arg=instrument-modes=grid,heatmap -S %s -o - | FileCheck %s --check-prefix=BOTH
; RUN: not %opt -passes=sectorscope-instrument -sectorscope-arg=instrument-modes=time -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
; RUN: not %opt -passes=sectorscope-instrument -sectorscope-arg=instrument-modes=, -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE

; HEAT: S\090\09big\09load
; HEAT-SAME: M\09grid\09built with -fplugin-arg-sectorscope-instrument-modes=heatmap\0A\00"
; HEAT-LABEL: define {{.*}}@big__sectorscope_sample(
; HEAT: call void @__sectorscope_access(
; HEAT: call void @helper.sectorscope.big(
; HEAT-LABEL: define {{.*}}@big__sectorscope_grid(
; HEAT-NOT: __sectorscope
; HEAT: call void @helper(ptr %a)
; HEAT-NOT: __sectorscope
; HEAT: ret void
; HEAT-LABEL: define {{.*}}@small__sectorscope_sample(
; HEAT: call void @__sectorscope_access(i32 5,
; HEAT-LABEL: define {{.*}}@small__sectorscope_grid(
; HEAT-NOT: __sectorscope
; HEAT: ret void

; The grid variant's sites keep their ids counted from the kernel's first.
; GRID: S\090\09big\09load
; GRID-SAME: M\09heatmap\09built with -fplugin-arg-sectorscope-instrument-modes=grid\0A\00"
; GRID-NOT: @helper.sectorscope.big(
; GRID-LABEL: define {{.*}}@big__sectorscope_sample(
; GRID-NOT: __sectorscope
; GRID: call void @helper(ptr %a)
; GRID-NEXT: ret void
; GRID-LABEL: define {{.*}}@big__sectorscope_grid(
; GRID: call i32 @__sectorscope_enter_grid()
; GRID: call void @__sectorscope_access_grid(i32 2,
; GRID: call void @helper.sectorscope.big.grid(
; GRID-NOT: @helper.sectorscope.big(
; GRID-LABEL: define {{.*}}@small__sectorscope_sample(
; GRID-NOT: __sectorscope
; GRID: ret void
; GRID-LABEL: define {{.*}}@small__sectorscope_grid(
; GRID: call void @__sectorscope_access_grid(i32 0,

; BOTH-NOT: M\09
; BOTH: call void @__sectorscope_access(
; BOTH: call void @__sectorscope_access_grid(

; BAD: unknown mode 'time' in instrument-modes; valid: heatmap, grid
; NONE: instrument-modes needs heatmap, grid or both

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @big(ptr %a) {
entry:
  %v0 = load i32, ptr %a, align 4
  %p1 = getelementptr i32, ptr %a, i64 64
  %v1 = load i32, ptr %p1, align 4
  %p2 = getelementptr i32, ptr %a, i64 128
  store i32 %v0, ptr %p2, align 4
  call void @helper(ptr %a)
  ret void
}

define void @helper(ptr %a) {
entry:
  %p = getelementptr i32, ptr %a, i64 256
  %v = load i32, ptr %p, align 4
  %q = getelementptr i32, ptr %a, i64 512
  store i32 %v, ptr %q, align 4
  ret void
}

define void @small(ptr %a) {
entry:
  %v = load i32, ptr %a, align 4
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @big, !"kernel", i32 1}
!1 = !{ptr @small, !"kernel", i32 1}
