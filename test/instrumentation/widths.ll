; Width is the accessed type's store size: sub-word, scalar, vector.
; op|space<<8: load 0, store 1, global space 0 (a kernel's pointer argument).
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The five loads are independent: mlp 5 each; stores 1.
; CHECK: c"V\09[[ABI]]\0AS\090\09k\09load\09global\091\090\090\095\09{{[0-9]+}}\091\090\09k\09
; CHECK-SAME: S\094\09k\09load\09global\0916\090\090\095\09{{[0-9]+}}\091\090\09k\09
; CHECK-SAME: S\095\09k\09store\09global\091\090\090\091\09{{[0-9]+}}\090\090\09k\09
; CHECK-LABEL: entry.ss:
; CHECK: load i8
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 0, ptr %a, i32 1, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: load i16
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 1, ptr %p16.ss, i32 2, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: load float
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 2, ptr %p32.ss, i32 4, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: load double
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 3, ptr %p64.ss, i32 8, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: load <4 x float>
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 4, ptr %p128.ss, i32 16, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: store i8
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 5, ptr %a, i32 1, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: store i16
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 6, ptr %p16.ss, i32 2, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: store double
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 7, ptr %p64.ss, i32 8, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: store <4 x float>
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 8, ptr %p128.ss, i32 16, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})

define void @k(ptr %a) {
entry:
  %p16 = getelementptr inbounds i8, ptr %a, i64 64
  %p32 = getelementptr inbounds i8, ptr %a, i64 128
  %p64 = getelementptr inbounds i8, ptr %a, i64 256
  %p128 = getelementptr inbounds i8, ptr %a, i64 512
  %b = load i8, ptr %a, align 1
  %h = load i16, ptr %p16, align 2
  %f = load float, ptr %p32, align 4
  %d = load double, ptr %p64, align 8
  %v = load <4 x float>, ptr %p128, align 16
  store i8 %b, ptr %a, align 1
  store i16 %h, ptr %p16, align 2
  store double %d, ptr %p64, align 8
  store <4 x float> %v, ptr %p128, align 16
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
