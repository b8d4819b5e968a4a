; The global side of cp.async (inline PTX, as cuda_pipeline.h writes it, or
; NVVM's intrinsics) is a load site of the bytes a lane copies, `.cg` skips
; L1, and its warp does not wait for it (waits 0): it waits at
; cp.async.wait_group, which, like commit_group, is no access. A source
; address cast to an integer (libcu++'s cuda::memcpy_async casts it with
; __cvta_generic_to_global) is followed back to its pointer. A src-size
; operand the compiler does not know guards the record (no byte is read
; where it is zero: CUTLASS's zero fill); a known zero reads nothing and is
; counted under cp_async.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

; CHECK: c"V\09[[ABI]]\0A
; CHECK-SAME: S\090\09copies\09load\09global\094\090\090\09{{[0-9]+}}\09{{[0-9]+}}\090\090\09copies\09
; CHECK-SAME: S\091\09copies\09load\09global\0916\090\090\09{{[0-9]+}}\09{{[0-9]+}}\090\091\09copies\09
; CHECK-SAME: S\092\09copies\09load\09global\094\090\090\09{{[0-9]+}}\09{{[0-9]+}}\090\090\09copies\09
; CHECK-SAME: S\093\09copies\09load\09global\0916\090\090\09{{[0-9]+}}\09{{[0-9]+}}\090\091\09copies\09
; CHECK-SAME: S\094\09copies\09load\09global\0916\090\090\09{{[0-9]+}}\09{{[0-9]+}}\090\091\09copies\09
; CHECK-SAME: S\095\09copies\09load\09global\0916\090\090\09{{[0-9]+}}\09{{[0-9]+}}\090\091\09copies\09
; CHECK-SAME: K\09copies\09cp_async=1\0A\00"
; The two guarded copies are recorded where their src-size is not zero.
; CHECK-LABEL: define void @copies(
; CHECK: icmp ne i32 %n, 0
; CHECK: call void @__sectorscope_access
; CHECK: icmp ne i32 %m, 0
; CHECK: call void @__sectorscope_access

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4

define void @copies(ptr %a, ptr addrspace(1) %g, i32 %n, i32 %m) {
entry:
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], $2, $3;", "r,l,n,n,~{memory}"(i32 0, ptr %a, i64 4, i64 4)
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], 16;", "r,l,~{memory}"(i32 0, ptr %a)
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) @s, ptr addrspace(1) %g)
  call void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3) @s, ptr addrspace(1) %g, i32 %n)
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], 16, $2;", "r,l,r,~{memory}"(i32 0, ptr %a, i32 %m)
  %gp = addrspacecast ptr %a to ptr addrspace(1)
  %gi = ptrtoint ptr addrspace(1) %gp to i64
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2, $2;", "r,l,n,~{memory}"(i32 0, i64 %gi, i32 16)
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4, 0;", "r,l,~{memory}"(i32 0, ptr %a)
  call void asm sideeffect "cp.async.commit_group;", "~{memory}"()
  call void asm sideeffect "cp.async.wait_group 0;", "~{memory}"()
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}

declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.wait.all()

!nvvm.annotations = !{!0}
!0 = !{ptr @copies, !"kernel", i32 1}
