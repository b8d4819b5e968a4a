; The analyzer as an opt pass (and at the O2 pipeline's last EP): strided and likely-strided accesses, kernels
; marked by nvvm.annotations (clang 19) or the ptx_kernel calling convention.
; RUN: %opt -passes=sectorscope-analyze -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -passes='default<O2>' -disable-output %s 2>&1 | FileCheck %s

; CHECK: kernels.cu:3:10: warning: strided load: consecutive threads are 128 bytes apart; a warp touches 32 sectors per request instead of 4, assuming blockDim.x is a multiple of 32 [sectorscope-strided]
; CHECK-NEXT: kernels.cu:3:10: note: make consecutive threads access consecutive elements
; CHECK-NEXT: kernels.cu:9:5: warning: likely strided store: consecutive threads are 4*nj bytes apart (a run-time stride); a warp likely touches 32 sectors per request instead of 4, assuming blockDim.x is a multiple of 32 [sectorscope-strided]
; CHECK-NEXT: kernels.cu:9:5: note: the thread index is multiplied by a run-time value
; CHECK-NOT: warning

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @strided(ptr %a, ptr %b) !dbg !5 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %ctaid, %ntid
  %i = add i32 %m, %tid
  %i32 = shl i32 %i, 5
  %idx = sext i32 %i32 to i64
  %p = getelementptr inbounds float, ptr %b, i64 %idx
  %v = load float, ptr %p, align 4, !dbg !8
  %j = sext i32 %i to i64
  %q = getelementptr inbounds float, ptr %a, i64 %j
  store float %v, ptr %q, align 4, !dbg !9
  ret void
}

define ptx_kernel void @symbolic(ptr %q, i32 %nj, i32 %k) !dbg !10 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %ctaid, %ntid
  %i = add i32 %m, %tid
  %row = mul nsw i32 %i, %nj
  %e = add nsw i32 %row, %k
  %idx = sext i32 %e to i64
  %p = getelementptr inbounds float, ptr %q, i64 %idx
  store float 0.0, ptr %p, align 4, !dbg !11
  ret void
}

; Not a kernel: its pointer arguments are of unknown space.
define void @helper(ptr %b) !dbg !12 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i32 = shl i32 %tid, 5
  %idx = sext i32 %i32 to i64
  %p = getelementptr inbounds float, ptr %b, i64 %idx
  store float 0.0, ptr %p, align 4, !dbg !13
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!nvvm.annotations = !{!4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernels.cu", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{ptr @strided, !"kernel", i32 1}
!5 = distinct !DISubprogram(name: "strided", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 3, column: 10, scope: !5)
!9 = !DILocation(line: 3, column: 8, scope: !5)
!10 = distinct !DISubprogram(name: "symbolic", scope: !1, file: !1, line: 7, type: !6, scopeLine: 7, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DILocation(line: 9, column: 5, scope: !10)
!12 = distinct !DISubprogram(name: "helper", scope: !1, file: !1, line: 12, type: !6, scopeLine: 12, spFlags: DISPFlagDefinition, unit: !0)
!13 = !DILocation(line: 14, column: 5, scope: !12)
