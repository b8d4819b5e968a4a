; A kernel's static shared memory, with the 4096 bytes of log cursors the
; sample variant adds, may not exceed the 48 KiB static limit: ptxas would
; reject the program. Such a kernel is left as compiled, with a remark and an
; L record whose reason the report shows. Shared variables count where any
; function the kernel reaches uses them, through constant expressions too;
; an extern (dynamic) shared array counts nothing; a kernel exactly at the
; limit is instrumented. A build without heat-map mode has no log: there
; every kernel is instrumented for grid mode.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s -o - 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-arg=instrument-modes=grid -S %s -o - 2>%t.grid.err | FileCheck %s --check-prefix=GRID
; RUN: count 0 < %t.grid.err

; GRID: S\09{{[0-9]+}}\09tile\09
; GRID-NOT: L\09
; GRID: define {{.*}}@tile__sectorscope_grid(
; GRID: call void @__sectorscope_access_grid(

; REMARK-DAG: sectorscope: kernel 'tile' not instrumented: 47200 bytes of static shared memory leave no room for the 4096 the sampled block's log needs under the 49152-byte static limit
; REMARK-DAG: sectorscope: kernel 'via_helper' not instrumented: 45064 bytes of static shared memory
; REMARK-NOT: at_limit
; REMARK-NOT: dynamic

; CHECK: S\09{{[0-9]+}}\09at_limit\09load\09shared
; CHECK-NOT: S\09{{[0-9]+}}\09tile
; CHECK-NOT: S\09{{[0-9]+}}\09via_helper
; CHECK-SAME: L\09tile\0947200 bytes of static shared memory leave no room
; CHECK-SAME: L\09via_helper\0945064 bytes
; CHECK-LABEL: define void @tile(
; CHECK: define {{.*}}@tile__sectorscope_sample(
; CHECK-NOT: __sectorscope_access
; CHECK: ret void
; CHECK: define {{.*}}@at_limit__sectorscope_sample(
; CHECK: call void @__sectorscope_access(
; CHECK: define {{.*}}@dynamic__sectorscope_sample(
; CHECK: call void @__sectorscope_access(
; CHECK: define {{.*}}@via_helper__sectorscope_sample(
; CHECK-NOT: __sectorscope_access
; CHECK: ret void

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@big = internal addrspace(3) global [11800 x i32] undef, align 4
@fits = internal addrspace(3) global [11264 x i32] undef, align 4
@one = internal addrspace(3) global i8 undef, align 1
@four = internal addrspace(3) global [1 x i32] undef, align 4
@dyn = external addrspace(3) global [0 x float], align 4

define void @tile(ptr %a) {
entry:
  %v = load i32, ptr addrspace(3) @big, align 4
  store i32 %v, ptr %a, align 4
  ret void
}

; 45056 bytes: with the cursors, exactly 48 KiB.
define void @at_limit(ptr %a) {
entry:
  %v = load i32, ptr addrspace(3) getelementptr ([11264 x i32], ptr addrspace(3) @fits, i32 0, i32 7), align 4
  store i32 %v, ptr %a, align 4
  ret void
}

define void @dynamic(ptr %a, i32 %i) {
entry:
  %p = getelementptr float, ptr addrspace(3) @dyn, i32 %i
  %v = load float, ptr addrspace(3) %p, align 4
  store float %v, ptr %a, align 4
  ret void
}

; @fits, then @one, then @four at the next multiple of 4: 45064 bytes.
define void @via_helper(ptr %a) {
entry:
  %v = load i32, ptr addrspace(3) @fits, align 4
  store i32 %v, ptr %a, align 4
  call void @helper(ptr %a)
  ret void
}

define void @helper(ptr %a) {
entry:
  %b = load i8, ptr addrspace(3) @one, align 1
  %c = load i32, ptr addrspace(3) @four, align 4
  store i32 %c, ptr %a, align 4
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @tile, !"kernel", i32 1}
!1 = !{ptr @at_limit, !"kernel", i32 1}
!2 = !{ptr @dynamic, !"kernel", i32 1}
!3 = !{ptr @via_helper, !"kernel", i32 1}
