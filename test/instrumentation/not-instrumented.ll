; Memory operations the instrumentation cannot see into are counted per
; kernel in K records: inline asm with memory instructions (other than one
; load or store through a pointer operand: inline-ptx.ll; one under a guard
; that is not an integer is guarded_asm), cp.async that reads nothing (a
; zero src-size; the others are load sites: cp-async.ll), bulk copies, textures, memcpy, and calls through a pointer (the callee runs
; uninstrumented). Inline asm without memory access is not.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

; CHECK: c"V\09[[ABI]]\0A
; CHECK-SAME: K\09k\09inline_asm=1,cp_async=1,bulk_copy=1,other=1,guarded_asm=1\0A
; CHECK-SAME: K\09k2\09texture=2,indirect_call=1\0A\00"
; The operations stay, uninstrumented.
; CHECK-LABEL: entry.ss:
; CHECK-NOT: __sectorscope_access
; CHECK: ret void

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4

define void @k(ptr %a, ptr addrspace(1) %g, i64 %ai) {
entry:
  %v = call i32 asm sideeffect "ld.global.nc.u32 $0, [$1];", "=r,l"(i64 %ai)
  call void asm sideeffect "{ .reg .pred p; setp.ne.f32 p, $0, 0; @p st.global.f32 [$1], $0; }", "f,l"(float 1.0, ptr %a)
  %lane = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4, 0;", "r,l"(i32 0, ptr %a)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void @llvm.nvvm.cp.async.bulk.prefetch.L2(ptr addrspace(1) %g, i32 64, i64 0, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 64, i1 false)
  ret void
}

define void @k2(i64 %tex, ptr %fn) {
entry:
  %t = call { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64 %tex, i32 0)
  %r = call float %fn(ptr null)
  %u = call { float, float, float, float } asm "tex.1d.v4.f32.s32 {$0, $1, $2, $3}, [$4, {$5}];", "=f,=f,=f,=f,l,r"(i64 %tex, i32 0)
  ret void
}

declare void @llvm.nvvm.cp.async.bulk.prefetch.L2(ptr addrspace(1), i32, i64, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64, i32)

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @k2, !"kernel", i32 1}
