; Width is the accessed type's store size: sub-word, scalar, vector.
; op|space<<8: load 0, store 1, global space 0 (a kernel's pointer argument).
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The five loads are independent: mlp 5 each; stores 1.
; CHECK: c"V\09[[ABI]]\0AS\090\09k\09load\09global\091\090\090\095\09k\09
; CHECK-SAME: S\094\09k\09load\09global\0916\090\090\095\09k\09
; CHECK-SAME: S\095\09k\09store\09global\091\090\090\091\09k\09
; CHECK-LABEL: entry.ss:
; CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 0, ptr %a, i32 1, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: load i8
; CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 1, ptr %p16.ss, i32 2, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: load i16
; CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 2, ptr %p32.ss, i32 4, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: load float
; CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 3, ptr %p64.ss, i32 8, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: load double
; CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 4, ptr %p128.ss, i32 16, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: load <4 x float>
; CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 5, ptr %a, i32 1, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: store i8
; CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 6, ptr %p16.ss, i32 2, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: store i16
; CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 7, ptr %p64.ss, i32 8, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: store double
; CHECK: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 8, ptr %p128.ss, i32 16, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: store <4 x float>

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
