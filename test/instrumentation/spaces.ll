; Space from the address space or the underlying object: addrspace(1/3/5),
; a shared variable reached through addrspacecast (how -O2 code looks), an
; alloca (local), a kernel's pointer argument (global), a device function's
; argument (generic, resolved at run time). Constant and param space loads
; are not memory traffic we model, also through a generic pointer.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [256 x float] undef, align 4
@g = addrspace(1) global [256 x float] zeroinitializer, align 4
@c = addrspace(4) constant [4 x float] zeroinitializer, align 4

; CHECK: c"V\09[[ABI]]\0AS\090\09k\09load\09global
; CHECK-SAME: S\096\09k\09store\09generic\094\090\090\091\09{{[0-9]+}}\090\090\09f\09\0A\00"
; CHECK-LABEL: define void @f(ptr %p)
; CHECK-NEXT: store float
; CHECK-LABEL: define void @k(
; CHECK: entry.ss:
; CHECK: load float, ptr addrspace(1) %pg
; CHECK-NEXT: %[[G:.*]] = addrspacecast ptr addrspace(1) %pg to ptr
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 0, ptr %[[G]], i32 4, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: load float, ptr addrspace(3) %ps.ss
; CHECK-NEXT: %[[S:.*]] = addrspacecast ptr addrspace(3) %ps.ss to ptr
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 1, ptr %[[S]], i32 4, i32 256, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: load float, ptr %gen.ss
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 2, ptr %gen.ss, i32 4, i32 256, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: store float
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 3, ptr %loc, i32 4, i32 513, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: store float
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 4, ptr %a, i32 4, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK: store float
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 5, ptr addrspacecast (ptr addrspace(1) @g to ptr), i32 4, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: load float, ptr addrspace(4) @c
; CHECK-NEXT: getelementptr
; CHECK-NEXT: load float, ptr %cg
; CHECK-NEXT: call void @f.sectorscope.k(ptr %a, i32 %sectorscope.{{take|state}})
; CHECK-LABEL: define internal void @f.sectorscope.k(ptr %p, i32 %sectorscope.{{take|state}})
; CHECK: store float 0.0{{.*}}, ptr %p
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 6, ptr %p, i32 4, i32 769, i32 [[LANES]], i32 %sectorscope.{{take|state}})

define void @f(ptr %p) noinline {
  store float 0.0, ptr %p, align 4
  ret void
}

define void @k(ptr %a, ptr addrspace(1) %pg) {
entry:
  %loc = alloca float, align 4
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ps = getelementptr inbounds float, ptr addrspace(3) @sh, i32 %tid
  %gen = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(3) @sh to ptr), i32 %tid
  %x = load float, ptr addrspace(1) %pg, align 4
  %y = load float, ptr addrspace(3) %ps, align 4
  %z = load float, ptr %gen, align 4
  store float %x, ptr %loc, align 4
  store float %y, ptr %a, align 4
  store float %z, ptr addrspacecast (ptr addrspace(1) @g to ptr), align 4
  %w = load float, ptr addrspace(4) @c, align 4
  %cg = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(4) @c to ptr), i32 %tid
  %v = load float, ptr %cg, align 4
  call void @f(ptr %a)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
