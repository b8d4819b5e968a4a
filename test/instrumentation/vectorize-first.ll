; Adjacent scalar accesses are merged into vector ones before instrumenting,
; as the NVPTX backend would merge them after: a float4 copy is one 16-byte
; load and one 16-byte store per thread, as the hardware sees it (ncu: 16
; sectors per request), not four 4-byte sites.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -sectorscope-vectorize-first=false -S %s | FileCheck %s -DABI=%abi --check-prefix=SCALAR

; mlp is counted on the vectorized IR: one load in flight, not four.
; CHECK: c"V\09[[ABI]]\0AS\090\09k\09load\09global\0916\090\090\091\09{{[0-9]+}}\091\090\09k\09
; CHECK-SAME: S\091\09k\09store\09global\0916\090\090\091\09{{[0-9]+}}\090\090\09k\09
; CHECK-LABEL: entry.ss:
; CHECK: load <4 x float>
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 0, ptr %{{.*}}, i32 16, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: store <4 x float>
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 1, ptr %{{.*}}, i32 16, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})

; Without it, four independent 4-byte loads: mlp 4 each.
; SCALAR: c"V\09[[ABI]]\0AS\090\09k\09load\09global\094\090\090\094\09{{[0-9]+}}\091\090\09k\09
; SCALAR-SAME: S\093\09k\09load\09global\094\090\090\094\09{{[0-9]+}}\091\090\09k\09
; SCALAR-SAME: S\094\09k\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k\09
; SCALAR-COUNT-4: call void @__sectorscope_access(i32 {{[0-3]}}, ptr %{{.*}}, i32 4, i32 0, i32 %{{[0-9]+}}, i32 %sectorscope.{{take|state}})

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr noalias %in, ptr noalias %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %tid to i64
  %pi = getelementptr inbounds <4 x float>, ptr %in, i64 %i
  %po = getelementptr inbounds <4 x float>, ptr %out, i64 %i
  %pi1 = getelementptr inbounds i8, ptr %pi, i64 4
  %pi2 = getelementptr inbounds i8, ptr %pi, i64 8
  %pi3 = getelementptr inbounds i8, ptr %pi, i64 12
  %po1 = getelementptr inbounds i8, ptr %po, i64 4
  %po2 = getelementptr inbounds i8, ptr %po, i64 8
  %po3 = getelementptr inbounds i8, ptr %po, i64 12
  %x = load float, ptr %pi, align 16
  %y = load float, ptr %pi1, align 4
  %z = load float, ptr %pi2, align 8
  %w = load float, ptr %pi3, align 4
  store float %w, ptr %po, align 16
  store float %z, ptr %po1, align 4
  store float %y, ptr %po2, align 8
  store float %x, ptr %po3, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx85,+sm_90" }

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
