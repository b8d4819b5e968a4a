; Global = addrspace(1), or generic based on a kernel pointer argument, a
; global variable in addrspace(1), or a pointer loaded from parameters.
; Shared (addrspace 3, or generic cast from it), local and constant are not.
; RUN: %opt -passes=sectorscope-analyze -disable-output %s 2>&1 | FileCheck %s

; CHECK: k.cu:2:1: warning: strided store: consecutive threads are 128 bytes apart
; CHECK: k.cu:3:1: warning: strided store: consecutive threads are 128 bytes apart
; CHECK: k.cu:4:1: warning: strided store: consecutive threads are 128 bytes apart
; CHECK: k.cu:8:1: warning: strided load: consecutive threads are 128 bytes apart
; CHECK-NOT: warning

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P = type { ptr, i32 }
@g = addrspace(1) global [4096 x float] zeroinitializer, align 4
@s = internal addrspace(3) global [4096 x float] undef, align 4
@c = addrspace(4) constant [4096 x float] zeroinitializer, align 4

define ptx_kernel void @k(ptr addrspace(1) %a1, ptr %gen, ptr byval(%struct.P) align 8 %param) !dbg !5 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = shl i32 %tid, 5
  %j = zext i32 %i to i64
  %p1 = getelementptr inbounds float, ptr addrspace(1) %a1, i64 %j
  store float 0.0, ptr addrspace(1) %p1, align 4, !dbg !10
  %p2 = getelementptr inbounds float, ptr %gen, i64 %j
  store float 0.0, ptr %p2, align 4, !dbg !11
  %p3 = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(1) @g to ptr), i64 %j
  store float 0.0, ptr %p3, align 4, !dbg !12
  %p4 = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %j
  store float 0.0, ptr %p4, align 4, !dbg !13
  %p5 = getelementptr inbounds float, ptr addrspace(3) @s, i64 %j
  store float 0.0, ptr addrspace(3) %p5, align 4, !dbg !14
  %loc = alloca [4096 x float], align 4
  %p6 = getelementptr inbounds float, ptr %loc, i64 %j
  store volatile float 0.0, ptr %p6, align 4, !dbg !15
  %p7 = getelementptr inbounds float, ptr addrspace(4) @c, i64 %j
  %v7 = load float, ptr addrspace(4) %p7, align 4, !dbg !16
  %data = load ptr, ptr %param, align 8
  %p8 = getelementptr inbounds float, ptr %data, i64 %j
  %v8 = load float, ptr %p8, align 4, !dbg !17
  %p9 = getelementptr inbounds float, ptr %param, i64 %j
  %v9 = load float, ptr %p9, align 4, !dbg !18
  ret void
}

!nvvm.annotations = !{}
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
!14 = !DILocation(line: 6, column: 1, scope: !5)
!15 = !DILocation(line: 7, column: 1, scope: !5)
!16 = !DILocation(line: 9, column: 1, scope: !5)
!17 = !DILocation(line: 8, column: 1, scope: !5)
!18 = !DILocation(line: 10, column: 1, scope: !5)
