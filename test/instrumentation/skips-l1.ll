; A volatile or atomic load is served by L2, never by L1 (another SM may
; have changed the word): its site record's skips_l1 field (after waits) is
; 1. A plain load of the same word has 0, and so do stores, volatile ones
; included (every store goes to L2 anyway).
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: c"V\09[[ABI]]\0AS\090\09k\09load\09global\094\090\090\09{{[0-9]+}}\09{{[0-9]+}}\091\090\09k\09
; CHECK-SAME: S\091\09k\09load\09global\094\090\090\09{{[0-9]+}}\09{{[0-9]+}}\091\091\09k\09
; CHECK-SAME: S\092\09k\09load\09global\098\090\090\09{{[0-9]+}}\09{{[0-9]+}}\091\091\09k\09
; CHECK-SAME: S\093\09k\09load\09global\094\090\090\09{{[0-9]+}}\09{{[0-9]+}}\091\091\09k\09
; CHECK-SAME: S\094\09k\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k\09

define void @k(ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %plain = load i32, ptr addrspace(1) %a, align 4
  %vol = load volatile i32, ptr addrspace(1) %a, align 4
  %relaxed = load atomic i64, ptr addrspace(1) %b syncscope("device") monotonic, align 8
  %acq = load atomic i32, ptr addrspace(1) %a monotonic, align 4
  %s1 = add i32 %plain, %vol
  %s2 = add i32 %s1, %acq
  %w = trunc i64 %relaxed to i32
  %s3 = add i32 %s2, %w
  store volatile i32 %s3, ptr addrspace(1) %a, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
