; instrument-ignorelist: the kernels a user lists (the sanitizers'
; special-case-list syntax, fun: on the mangled or demangled name, src: on
; the defining file) are left as compiled, as a kernel over the access limit
; is: a remark names the list's line, the L record tells the host, the
; variants are plain copies. The others are instrumented.
; RUN: rm -rf %t && mkdir -p %t
; RUN: printf '# library code\nfun:_Z10lib_kernel*\n' > %t/mangled.txt
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-arg=instrument-ignorelist=%t/mangled.txt -S %s -o - 2>%t/err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t/err
; RUN: printf 'fun:void lib_kernel<*>(int*)\n' > %t/demangled.txt
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-arg=instrument-ignorelist=%t/demangled.txt -S %s -o - 2>/dev/null | FileCheck %s
; RUN: printf 'src:*/third_party/*\n' > %t/src.txt
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-arg=instrument-ignorelist=%t/src.txt -S %s -o - 2>/dev/null | FileCheck %s
; A list that names nothing here changes nothing.
; RUN: printf 'fun:other\n' > %t/none.txt
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-arg=instrument-ignorelist=%t/none.txt -S %s -o - 2>/dev/null | FileCheck %s --check-prefix=NONE
; Bad lists are one line each.
; RUN: not %opt -passes=sectorscope-instrument -sectorscope-arg=instrument-ignorelist=%t/missing.txt -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
; RUN: not %opt -passes=sectorscope-instrument -sectorscope-arg=instrument-ignorelist=/dev/zero -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
; RUN: printf 'fun:[\n' > %t/glob.txt
; RUN: not %opt -passes=sectorscope-instrument -sectorscope-arg=instrument-ignorelist=%t/glob.txt -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GLOB
; RUN: printf 'not a rule\n' > %t/line.txt
; RUN: not %opt -passes=sectorscope-instrument -sectorscope-arg=instrument-ignorelist=%t/line.txt -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LINE

; REMARK: sectorscope: kernel 'void lib_kernel<int>(int*)' not instrumented: listed in the ignore list ({{.*}}mangled.txt:2)
; REMARK-NOT: mine

; CHECK: S\09{{[0-9]+}}\09_Z4minePf\09
; CHECK-NOT: S\09{{[0-9]+}}\09_Z10lib_kernelIiEvPT_
; CHECK-SAME: L\09_Z10lib_kernelIiEvPT_\09listed in the ignore list
; CHECK: define {{.*}}@_Z4minePf__sectorscope_sample(
; CHECK: call void @__sectorscope_access(
; CHECK: define {{.*}}@_Z10lib_kernelIiEvPT___sectorscope_sample(
; CHECK-NOT: __sectorscope_access
; CHECK: ret void

; NONE-NOT: L\09_Z10lib_kernel
; NONE: define {{.*}}@_Z10lib_kernelIiEvPT___sectorscope_sample(
; NONE: call void @__sectorscope_access(

; MISSING: cannot read ignore list '{{.*}}missing.txt': No such file or directory
; ZERO: cannot read ignore list '/dev/zero': a character device, not a regular file
; GLOB: ignore list '{{.*}}glob.txt': malformed glob in line 1: '[': invalid glob pattern, unmatched '['
; LINE: ignore list '{{.*}}line.txt': malformed line 1: 'not a rule'

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @_Z4minePf(ptr %a) !dbg !10 {
entry:
  %v = load float, ptr %a, align 4
  ret void
}

define void @_Z10lib_kernelIiEvPT_(ptr %a) !dbg !20 {
entry:
  %v = load i32, ptr %a, align 4
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @_Z4minePf, !"kernel", i32 1}
!1 = !{ptr @_Z10lib_kernelIiEvPT_, !"kernel", i32 1}

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!5}
!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, emissionKind: LineTablesOnly)
!3 = !DIFile(filename: "app/k.cu", directory: "/src")
!4 = !DIFile(filename: "lib.cuh", directory: "/src/third_party/lib")
!5 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "mine", scope: !3, file: !3, line: 1, spFlags: DISPFlagDefinition, unit: !2)
!20 = distinct !DISubprogram(name: "lib_kernel", scope: !4, file: !4, line: 1, spFlags: DISPFlagDefinition, unit: !2)
