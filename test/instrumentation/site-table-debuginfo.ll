; Site records carry the access's own file:line:col and function, also when
; it was inlined (the helper's line, not the call's); relative files are
; made absolute with the compilation directory; accesses inside toolchain
; headers (clang's CUDA wrappers) take the user's call position instead, and
; in a kernel that is all toolkit code (CUB's) the library's call position.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

; CHECK: @__sectorscope_site_table = internal addrspace(1) constant
; CHECK-SAME: c"V\09[[ABI]]\0A
; CHECK-SAME: S\090\09_Z1kPf\09load\09global\094\093\0917\091\09{{[0-9]+}}\091\090\09helper\09/src/app/k.cu\0A
; CHECK-SAME: S\091\09_Z1kPf\09store\09global\094\0910\095\091\09{{[0-9]+}}\090\090\09k\09/src/app/k.cu\0A
; CHECK-SAME: S\092\09_Z1kPf\09atomic\09global\094\0911\093\091\09{{[0-9]+}}\09{{[01]}}\090\09k\09/src/app/k.cu\0A
; CHECK-SAME: S\093\09_Z3cubPf\09atomic\09global\094\09460\097\091\09{{[0-9]+}}\09{{[01]}}\090\09onesweep\09/usr/local/cuda/include/cub/agent.cuh\0A\00"
; CHECK: @__sectorscope_module = {{.*}} { i32 [[ABI]], i32 4,

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @_Z1kPf(ptr %a) !dbg !5 {
entry:
  %v = load float, ptr %a, align 4, !dbg !12
  store float %v, ptr %a, align 4, !dbg !13
  %o = atomicrmw fadd ptr %a, float 1.0 seq_cst, align 4, !dbg !16
  ret void
}

define void @_Z3cubPf(ptr %a) !dbg !21 {
entry:
  %o = atomicrmw fadd ptr %a, float 1.0 seq_cst, align 4, !dbg !25
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!nvvm.annotations = !{!20, !26}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: NoDebug)
!1 = !DIFile(filename: "k.cu", directory: "/src/app")
!2 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/__clang_cuda_device_functions.h", directory: "")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = distinct !DISubprogram(name: "k", linkageName: "_Z1kPf", scope: !1, file: !1, line: 8, type: !6, scopeLine: 8, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = distinct !DISubprogram(name: "helper", scope: !1, file: !1, line: 2, type: !6, scopeLine: 2, spFlags: DISPFlagDefinition, unit: !0)
!9 = distinct !DILocation(line: 9, column: 12, scope: !5)
!12 = !DILocation(line: 3, column: 17, scope: !8, inlinedAt: !9)
!13 = !DILocation(line: 10, column: 5, scope: !5)
!14 = distinct !DISubprogram(name: "__fAtomicAdd", scope: !2, file: !2, line: 176, type: !6, scopeLine: 176, spFlags: DISPFlagDefinition, unit: !0)
!15 = distinct !DILocation(line: 11, column: 3, scope: !5)
!16 = !DILocation(line: 177, column: 10, scope: !14, inlinedAt: !15)
!20 = !{ptr @_Z1kPf, !"kernel", i32 1}
!21 = distinct !DISubprogram(name: "kernel", linkageName: "_Z3cubPf", scope: !22, file: !22, line: 100, type: !6, scopeLine: 100, spFlags: DISPFlagDefinition, unit: !0)
!22 = !DIFile(filename: "/usr/local/cuda/include/cub/agent.cuh", directory: "")
!23 = distinct !DISubprogram(name: "onesweep", scope: !22, file: !22, line: 450, type: !6, scopeLine: 450, spFlags: DISPFlagDefinition, unit: !0)
!24 = distinct !DILocation(line: 460, column: 7, scope: !23, inlinedAt: !27)
!25 = !DILocation(line: 177, column: 10, scope: !14, inlinedAt: !24)
!26 = !{ptr @_Z3cubPf, !"kernel", i32 1}
!27 = distinct !DILocation(line: 120, column: 5, scope: !21)
