; Loads from a kernel's by-value struct argument (param space) are not
; instrumented: taking their address would make the backend copy the struct
; to local memory at entry, for the original path as well. Pointers loaded
; from it were put there by the host: global.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

; CHECK: c"V\09[[ABI]]\0AS\090\09k\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k\09\0A\00"
; CHECK-LABEL: entry.ss:
; CHECK-NEXT: %f.ss = getelementptr inbounds i8, ptr %p, i64 8
; CHECK-NEXT: %x.ss = load float, ptr %f.ss, align 4
; CHECK-NEXT: %dst.ss = load ptr, ptr %p, align 8
; CHECK-NEXT: store float %x.ss, ptr %dst.ss, align 4
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 0, ptr %dst.ss, i32 4, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P = type { ptr, float }

define void @k(ptr byval(%struct.P) align 8 %p) {
entry:
  %f = getelementptr inbounds i8, ptr %p, i64 8
  %x = load float, ptr %f, align 4
  %dst = load ptr, ptr %p, align 8
  store float %x, ptr %dst, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
