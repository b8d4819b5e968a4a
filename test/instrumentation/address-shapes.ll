; Grid mode's accesses carry what the pass proved of their addresses in
; op_space's bits 16-23 (abi.h ss_shape, AddressKinds.h): 1 (65536) for an
; address the same in every lane of a warp, 2 (131072) for one whose
; per-lane part comes from memory, nothing otherwise. Kernel parameters, loop
; counters and loads of uniform addresses are uniform; thread indices, a
; device function's parameters and arithmetic on them are per lane (and, to
; LLVM 19's NVPTX model, the block index: a call's result). The sample
; variant and the site table are unchanged.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s

; CHECK: c"V\09{{[0-9]+}}\0AS\090\09k\09load\09global\094\09
; CHECK-LABEL: define ptx_kernel void @k__sectorscope_sample(
; CHECK: call void @__sectorscope_access(i32 0, ptr {{%[0-9]+}}, i32 4, i32 0,
; CHECK-LABEL: define ptx_kernel void @k__sectorscope_grid(
; CHECK: call void @__sectorscope_access_grid(i32 0, ptr {{%[0-9]+}}, i32 4, i32 65536,
; CHECK: call void @__sectorscope_access_grid(i32 1, ptr {{%[0-9]+}}, i32 8, i32 65536,
; CHECK: call void @__sectorscope_access_grid(i32 2, ptr {{%[0-9]+}}, i32 4, i32 0,
; CHECK: call void @__sectorscope_access_grid(i32 3, ptr {{%[0-9]+}}, i32 4, i32 65792,
; CHECK: call void @__sectorscope_access_grid(i32 4, ptr {{%[0-9]+}}, i32 4, i32 0,
; An index read per lane, and the element it picks: a gather.
; CHECK: call void @__sectorscope_access_grid(i32 5, ptr {{%[0-9]+}}, i32 4, i32 0,
; CHECK: call void @__sectorscope_access_grid(i32 6, ptr {{%[0-9]+}}, i32 4, i32 131072,
; A uniform store after the loop: the trip count is uniform, so is `%n`.
; CHECK: call void @__sectorscope_access_grid(i32 7, ptr {{%[0-9]+}}, i32 4, i32 65537,
; A counter read after a loop that lanes leave at different counts.
; CHECK: call void @__sectorscope_access_grid(i32 8, ptr {{%[0-9]+}}, i32 4, i32 1,
; CHECK-LABEL: define internal void @f.sectorscope.k.grid(
; CHECK: call void @__sectorscope_access_grid(i32 9, ptr {{%[0-9]+}}, i32 4, i32 1,

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define void @f(ptr addrspace(1) %p) noinline {
  store float 0.0, ptr addrspace(1) %p, align 4
  ret void
}

define void @k(ptr addrspace(1) %a, ptr addrspace(1) %t, ptr addrspace(3) %s, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  ; A loop counter's element and, through it, a pointer read from a table.
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i32 %i
  %x = load float, ptr addrspace(1) %pa, align 4
  %pt = getelementptr inbounds ptr addrspace(1), ptr addrspace(1) %t, i32 %i
  %row = load ptr addrspace(1), ptr addrspace(1) %pt, align 8
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pr = getelementptr inbounds float, ptr addrspace(1) %row, i32 %tid
  %y = load float, ptr addrspace(1) %pr, align 4
  %ps = getelementptr inbounds i32, ptr addrspace(3) %s, i32 %n
  %c = load i32, ptr addrspace(3) %ps, align 4
  %pd = getelementptr inbounds float, ptr addrspace(1) %a, i32 %tid
  %d = load float, ptr addrspace(1) %pd, align 4
  %pix = getelementptr inbounds i32, ptr addrspace(1) %t, i32 %tid
  %ix = load i32, ptr addrspace(1) %pix, align 4
  %pg = getelementptr inbounds float, ptr addrspace(1) %a, i32 %ix
  %gv = load float, ptr addrspace(1) %pg, align 4
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  %pn = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i1
  store i32 %c, ptr addrspace(1) %pn, align 4
  br label %wait
wait:
  %j = phi i32 [ 0, %exit ], [ %j1, %wait ]
  %j1 = add i32 %j, 1
  %stop = icmp ugt i32 %j1, %tid
  br i1 %stop, label %after, label %wait
after:
  ; Each lane left the loop at its own count: per lane after it.
  %pj = getelementptr inbounds float, ptr addrspace(1) %a, i32 %j1
  store float 0.0, ptr addrspace(1) %pj, align 4
  call void @f(ptr addrspace(1) %a)
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
