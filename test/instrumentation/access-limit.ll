; A kernel with more accesses than instrument-max-accesses (its own and its
; device functions') is left as compiled: a remark names it, the count and
; the argument; its variants are plain copies; the L record tells the host.
; A kernel within the limit is instrumented as usual.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-arg=instrument-max-accesses=4 -S %s -o - 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-arg=instrument-max-accesses=5 -S %s -o - 2>%t.err5 | FileCheck %s --check-prefix=AT
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-arg=instrument-max-accesses=0 -S %s -o - | FileCheck %s --check-prefix=AT
; RUN: not %opt -passes=sectorscope-instrument -sectorscope-arg=instrument-max-accesses=many -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

; REMARK: sectorscope: kernel 'big' not instrumented: 5 accesses exceed the limit of 4 (raise it with -fplugin-arg-sectorscope-instrument-max-accesses=<n>)
; REMARK-NOT: small

; CHECK: S\090\09small\09load
; CHECK-NOT: S\09{{[0-9]+}}\09big
; CHECK-SAME: L\09big\095 accesses exceed the limit of 4 (raise it with -fplugin-arg-sectorscope-instrument-max-accesses=<n>)\0A\00"
; CHECK-LABEL: define void @big(
; CHECK-NOT: __sectorscope
; CHECK: ret void
; CHECK-LABEL: define void @small(
; CHECK: define {{.*}}@big__sectorscope_sample(
; CHECK-NOT: __sectorscope_access
; CHECK: ret void
; CHECK: define {{.*}}@big__sectorscope_grid(
; CHECK-NOT: __sectorscope_access
; CHECK: ret void

; At the limit, or with no limit, both are instrumented.
; AT-NOT: L\09big
; AT: S\09{{[0-9]+}}\09big\09
; AT-NOT: L\09big
; AT: define {{.*}}@big__sectorscope_sample(
; AT: call void @__sectorscope_access(

; BAD: instrument-max-accesses{{.*}}needs a number, got 'many'

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
