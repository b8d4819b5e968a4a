; misaligned through opt: constant offsets off a sector, whole-sector
; offsets, run-time offsets.
; RUN: %opt -passes=sectorscope-analyze -disable-output %s 2>&1 | FileCheck %s

; CHECK: k.cu:2:1: warning: misaligned load: a warp's first access starts 4 bytes past a 32-byte sector boundary; a warp touches 5 sectors per request instead of 4, assuming blockDim.x is a multiple of 32 [sectorscope-misaligned]
; CHECK-NEXT: k.cu:2:1: note: start each warp on a 32-byte boundary
; CHECK-NEXT: k.cu:5:1: warning: misaligned store: a warp's first access starts 2 bytes past a 32-byte sector boundary; a warp touches 3 sectors per request instead of 2, assuming blockDim.x is a multiple of 32 [sectorscope-misaligned]
; CHECK-NOT: warning

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %a, ptr %b, i32 %off) !dbg !5 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %ctaid, %ntid
  %i = add i32 %m, %tid
  %j = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %b, i64 %j
  %p1 = getelementptr inbounds i8, ptr %p, i64 4
  %v1 = load float, ptr %p1, align 4, !dbg !10
  %p8 = getelementptr inbounds i8, ptr %p, i64 32
  %v8 = load float, ptr %p8, align 4, !dbg !11
  %o = sext i32 %off to i64
  %pk = getelementptr inbounds float, ptr %p, i64 %o
  %vk = load float, ptr %pk, align 4, !dbg !12
  %h = getelementptr inbounds i16, ptr %a, i64 %j
  %h1 = getelementptr inbounds i8, ptr %h, i64 2
  store i16 0, ptr %h1, align 2, !dbg !13
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!10 = !DILocation(line: 2, column: 1, scope: !5)
!11 = !DILocation(line: 3, column: 1, scope: !5)
!12 = !DILocation(line: 4, column: 1, scope: !5)
!13 = !DILocation(line: 5, column: 1, scope: !5)
