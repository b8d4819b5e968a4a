; -O0 shape: optnone functions, allocas, a helper not inlined. The analyzer
; works on a private optimized clone; the module itself is unchanged.
; RUN: %opt -passes=sectorscope-analyze -S %s 2>%t.err | FileCheck %s --check-prefix=IR
; RUN: FileCheck %s < %t.err

; CHECK: k.cu:3:1: warning: strided load: consecutive threads are 64 bytes apart; a warp touches 32 sectors per request instead of 4
; CHECK-NOT: warning
; IR: define void @k(ptr noundef %b) #0
; IR: alloca ptr
; IR: call i32 @gid()
; IR: attributes #0 = { noinline optnone }

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define i32 @gid() #0 !dbg !8 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %ctaid, %ntid
  %i = add i32 %m, %tid
  ret i32 %i
}

define void @k(ptr noundef %b) #0 !dbg !5 {
entry:
  %b.addr = alloca ptr, align 8
  %i = alloca i32, align 4
  store ptr %b, ptr %b.addr, align 8
  %call = call i32 @gid(), !dbg !10
  store i32 %call, ptr %i, align 4
  %0 = load ptr, ptr %b.addr, align 8
  %1 = load i32, ptr %i, align 4
  %mul = mul nsw i32 %1, 16
  %idx = sext i32 %mul to i64
  %p = getelementptr inbounds float, ptr %0, i64 %idx
  %v = load float, ptr %p, align 4, !dbg !11
  %o = sext i32 %1 to i64
  %q = getelementptr inbounds float, ptr %0, i64 %o
  store float %v, ptr %q, align 4, !dbg !12
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

attributes #0 = { noinline optnone }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!nvvm.annotations = !{!4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{ptr @k, !"kernel", i32 1}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = distinct !DISubprogram(name: "gid", scope: !1, file: !1, line: 9, type: !6, scopeLine: 9, spFlags: DISPFlagDefinition, unit: !0)
!10 = !DILocation(line: 2, column: 1, scope: !5)
!11 = !DILocation(line: 3, column: 1, scope: !5)
!12 = !DILocation(line: 4, column: 1, scope: !5)
