; An XOR-hashed partition map: the sectors of a wave of blocks are hashed;
; camped when the busiest partition gets twice its share or more. Partition
; bits: b0 = a8^a11^a14, b1 = a9^a13, b2 = a10^a12.
; RUN: %opt -passes=sectorscope-analyze -sectorscope-arg=partitions=xor:%S/Inputs/xor-map.json -disable-output %s 2>&1 | FileCheck %s
; A block stride of 2048 flips a11 (block 1 moves): not camped. 65536
; touches no hashed bit: camped. Linear gt200 sees both as camped.
; RUN: %opt -passes=sectorscope-analyze -sectorscope-arg=partitions=gt200 -disable-output %s 2>&1 | FileCheck %s --check-prefix=GT200

; CHECK-NOT: k.cu:2:
; CHECK: k.cu:3:1: warning: camped store: consecutive blocks are 65536 bytes apart; a wave of 1056 blocks (132 SMs x 8 blocks of (32,8)) touches 1 of 8 memory partitions under the test-xor map, 100% of its sectors on partition 0, assuming blockDim (32,8) [sectorscope-camped]
; CHECK-NOT: warning
; GT200: k.cu:2:1: warning: camped store: consecutive blocks are 2048 bytes apart
; GT200: k.cu:3:1: warning: camped store: consecutive blocks are 65536 bytes apart

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %a, ptr %b) !dbg !5 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %yo = shl i32 %ty, 16
  %t = add i32 %yo, %tx
  %b1 = mul i32 %bx, 512
  %e1 = add i32 %b1, %t
  %z1 = zext i32 %e1 to i64
  %p1 = getelementptr inbounds float, ptr %a, i64 %z1
  store float 0.0, ptr %p1, align 4, !dbg !10
  %b2 = mul i32 %bx, 16384
  %e2 = add i32 %b2, %t
  %z2 = zext i32 %e2 to i64
  %p2 = getelementptr inbounds float, ptr %b, i64 %z2
  store float 0.0, ptr %p2, align 4, !dbg !11
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

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
