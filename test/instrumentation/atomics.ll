; atomicrmw, cmpxchg and NVVM atomic intrinsics are atomics (op 2); the
; width is the value's; shared atomics say so (space 1 -> 256). The site
; record's waits field (after mlp and work) is 0 for an atomic nobody reads
; (ptxas emits `red`) and 1 for one whose result is used (kernel @used: a
; returned slot, an atomicCAS loop's old value): the warp waits for it.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4

; CHECK: c"V\09[[ABI]]\0AS\090\09k\09atomic\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k\09
; CHECK-SAME: S\091\09k\09atomic\09global\098\090\090\091\09{{[0-9]+}}\090\090\09k\09
; CHECK-SAME: S\092\09k\09atomic\09shared\094\090\090\091\09{{[0-9]+}}\090\090\09k\09
; CHECK-SAME: S\093\09k\09atomic\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k\09
; CHECK-SAME: S\094\09used\09atomic\09global\094\090\090\091\09{{[0-9]+}}\091\090\09used\09
; CHECK-SAME: S\095\09used\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09used\09
; CHECK-SAME: S\096\09used\09atomic\09global\098\090\090\091\09{{[0-9]+}}\091\090\09used\09
; CHECK-SAME: S\097\09used\09store\09global\098\090\090\091\09{{[0-9]+}}\090\090\09used\09
; CHECK-LABEL: entry.ss:
; CHECK: atomicrmw fadd ptr %a
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 0, ptr %a, i32 4, i32 2, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: cmpxchg ptr %q.ss
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 1, ptr %q.ss, i32 8, i32 2, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: atomicrmw add ptr addrspace(3) @s
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 2, ptr addrspacecast (ptr addrspace(3) @s to ptr), i32 4, i32 258, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: call i32 @llvm.nvvm.atomic.load.inc.32.p0
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 3, ptr %a, i32 4, i32 2, i32 [[LANES]], i32 %sectorscope.{{take|state}})

define void @k(ptr %a) {
entry:
  %q = getelementptr inbounds i8, ptr %a, i64 64
  %0 = atomicrmw fadd ptr %a, float 1.0 seq_cst, align 4
  %1 = cmpxchg ptr %q, i64 0, i64 1 seq_cst seq_cst, align 8
  %2 = atomicrmw add ptr addrspace(3) @s, i32 1 monotonic, align 4
  %3 = call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %a, i32 7)
  ret void
}

define void @used(ptr %a, ptr %b, ptr %c) {
entry:
  %slot = atomicrmw add ptr %a, i32 1 monotonic, align 4
  store i32 %slot, ptr %b, align 4
  %cas = cmpxchg ptr %c, i64 0, i64 1 seq_cst seq_cst, align 8
  %old = extractvalue { i64, i1 } %cas, 0
  store i64 %old, ptr %c, align 8
  ret void
}

declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr, i32)

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @used, !"kernel", i32 1}
