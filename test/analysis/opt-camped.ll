; camped through opt, per partition model: a 2D tile written with blockIdx.x
; selecting rows 8192 bytes apart (block stride 32 rows), and a read whose
; blocks are 1024 bytes apart: under gt200 a wave of them alternates between
; two of the eight partitions.
; RUN: %opt -passes=sectorscope-analyze -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNIFORM --allow-empty
; RUN: %opt -passes=sectorscope-analyze -sectorscope-arg=partitions=gt200 -disable-output %s 2>&1 | FileCheck %s --check-prefix=GT200
; RUN: %opt -passes=sectorscope-analyze -sectorscope-arg=partitions=linear:256:4 -disable-output %s 2>&1 | FileCheck %s --check-prefix=LIN
; RUN: %opt -passes=sectorscope-analyze -sectorscope-arg=partitions=gt200 -sectorscope-arg=disable=camped -disable-output %s 2>&1 | count 0

; UNIFORM-NOT: warning
; GT200: k.cu:2:1: warning: camped store: consecutive blocks are 262144 bytes apart, a multiple of the gt200 partition period (2048 bytes); a wave of 120 blocks (30 SMs x 4 blocks of (32,8)) touches 1 of 8 memory partitions, 100% of its sectors on partition 0, assuming blockDim (32,8) [sectorscope-camped]
; GT200: k.cu:3:1: warning: camped load: consecutive blocks are 1024 bytes apart; a wave of 120 blocks (30 SMs x 4 blocks of (32,8)) touches 2 of 8 memory partitions, 50% of its sectors on partition 0
; GT200-NOT: warning
; LIN: k.cu:2:1: warning: camped store: consecutive blocks are 262144 bytes apart, a multiple of the linear:256:4 partition period (1024 bytes)
; LIN-NEXT: note: spread consecutive blocks over partitions
; LIN-NEXT: k.cu:3:1: warning: camped load: consecutive blocks are 1024 bytes apart
; LIN-NOT: warning

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %out, ptr %in) !dbg !5 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %by = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  ; out[(bx*32 + ty)*2048 + by*32 + tx]
  %r0 = shl i32 %bx, 5
  %r = add i32 %r0, %ty
  %rp = shl i32 %r, 11
  %c0 = shl i32 %by, 5
  %c = add i32 %c0, %tx
  %e = add i32 %rp, %c
  %ee = zext i32 %e to i64
  %p = getelementptr inbounds float, ptr %out, i64 %ee
  store float 0.0, ptr %p, align 4, !dbg !10
  ; in[bx*256 + ty*4096 + tx]: 1024-byte block stride
  %s0 = shl i32 %bx, 8
  %s1 = shl i32 %ty, 12
  %s2 = add i32 %s0, %s1
  %s = add i32 %s2, %tx
  %ss = zext i32 %s to i64
  %q = getelementptr inbounds float, ptr %in, i64 %ss
  %v = load float, ptr %q, align 4, !dbg !11
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
