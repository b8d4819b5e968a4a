; Grid mode's accesses carry what the pass proved of their addresses in
; op_space's bits 16-23 (abi.h ss_shape, AddressKinds.h): 1 (65536) for an
; address the same in every lane of a warp, 2 (131072) for one whose
; per-lane part comes from memory, 3 (196608) for one the same in lanes that
; share threadIdx.y and .z, 4 (262144) with a signed stride byte (bits
; 24-31) for one that adds threadIdx.x times a constant number of bytes to
; such a value, nothing otherwise. Kernel parameters, loop
; counters, the block's index and size, and loads of uniform addresses are
; uniform; threadIdx.x, a device function's parameters and arithmetic on
; them are per lane. The sample variant and the site table are unchanged.
; (Loop tallies, which replace a loop's calls, are off: loop-tallies.ll.)
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-max-loop-tallies=0 -S %s | FileCheck %s
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -sectorscope-max-loop-tallies=0 -sectorscope-lane-strides=false -S %s | FileCheck %s --check-prefix=NOSTRIDE

; CHECK: c"V\09{{[0-9]+}}\0AS\090\09k\09load\09global\094\09
; CHECK-LABEL: define ptx_kernel void @k__sectorscope_sample(
; CHECK: call void @__sectorscope_access(i32 0, ptr {{%[0-9]+}}, i32 4, i32 0,
; CHECK-LABEL: define ptx_kernel void @k__sectorscope_grid(
; CHECK: call void @__sectorscope_access_grid(i32 0, ptr {{%[0-9]+}}, i32 4, i32 65536,
; CHECK: call void @__sectorscope_access_grid(i32 1, ptr {{%[0-9]+}}, i32 8, i32 65536,
; Lanes 4 bytes apart (4 << 24 | 4 << 16 = 67371008): row[tid], a[tid],
; t[tid].
; CHECK: call void @__sectorscope_access_grid(i32 2, ptr {{%[0-9]+}}, i32 4, i32 67371008,
; CHECK: call void @__sectorscope_access_grid(i32 3, ptr {{%[0-9]+}}, i32 4, i32 65792,
; CHECK: call void @__sectorscope_access_grid(i32 4, ptr {{%[0-9]+}}, i32 4, i32 67371008,
; An index read per lane, and the element it picks: a gather.
; CHECK: call void @__sectorscope_access_grid(i32 5, ptr {{%[0-9]+}}, i32 4, i32 67371008,
; CHECK: call void @__sectorscope_access_grid(i32 6, ptr {{%[0-9]+}}, i32 4, i32 131072,
; A uniform store after the loop: the trip count is uniform, so is `%n`.
; CHECK: call void @__sectorscope_access_grid(i32 7, ptr {{%[0-9]+}}, i32 4, i32 65537,
; A counter read after a loop that lanes leave at different counts.
; CHECK: call void @__sectorscope_access_grid(i32 8, ptr {{%[0-9]+}}, i32 4, i32 1,
; CHECK-LABEL: define internal void @f.sectorscope.k.grid(
; CHECK: call void @__sectorscope_access_grid(i32 10, ptr {{%[0-9]+}}, i32 4, i32 1,
; 3 (196608): the same in lanes that share threadIdx.y and .z (a 2-D
; block's row), uniform where blockDim.x is a multiple of 32.
; CHECK-LABEL: define ptx_kernel void @rows__sectorscope_grid(
; CHECK: call void @__sectorscope_access_grid(i32 0, ptr {{%[0-9]+}}, i32 4, i32 196608,
; CHECK: call void @__sectorscope_access_grid(i32 1, ptr {{%[0-9]+}}, i32 4, i32 67371008,
; CHECK: call void @__sectorscope_access_grid(i32 2, ptr {{%[0-9]+}}, i32 4, i32 65536,
; CHECK: call void @__sectorscope_access_grid(i32 3, ptr {{%[0-9]+}}, i32 4, i32 196608,
; Not after a phi of two rows' indices, nor after a loop whose lanes left at
; different counts.
; CHECK: call void @__sectorscope_access_grid(i32 4, ptr {{%[0-9]+}}, i32 4, i32 1,
; CHECK: call void @__sectorscope_access_grid(i32 5, ptr {{%[0-9]+}}, i32 4, i32 1,
; Strides: 12 bytes (A[3 tx]), none known (A[tx * n]), -4 (A[n - tx]),
; 256 bytes, past the byte (A[64 tx]).
; CHECK-LABEL: define ptx_kernel void @strides__sectorscope_grid(
; CHECK: call void @__sectorscope_access_grid(i32 0, ptr {{%[0-9]+}}, i32 4, i32 201588736,
; CHECK: call void @__sectorscope_access_grid(i32 1, ptr {{%[0-9]+}}, i32 4, i32 0,
; CHECK: call void @__sectorscope_access_grid(i32 2, ptr {{%[0-9]+}}, i32 4, i32 -66846720,
; CHECK: call void @__sectorscope_access_grid(i32 3, ptr {{%[0-9]+}}, i32 4, i32 0,
; A warp per row (a CSR row's vector kernel): row = (blockIdx.x *
; blockDim.x + threadIdx.x) / 32 and ptr[row] are one address in a warp of
; one row's lanes (shape 3), and val[ptr[row] + threadIdx.x % 32], stepped
; by 32, lanes 4 bytes apart; x[col[j]] stays a gather.
; CHECK-LABEL: define ptx_kernel void @warps__sectorscope_grid(
; CHECK: call void @__sectorscope_access_grid(i32 0, ptr {{%[0-9]+}}, i32 4, i32 196608,
; CHECK: call void @__sectorscope_access_grid(i32 1, ptr {{%[0-9]+}}, i32 4, i32 67371008,
; CHECK: call void @__sectorscope_access_grid(i32 2, ptr {{%[0-9]+}}, i32 4, i32 131072,
; CHECK: call void @__sectorscope_access_grid(i32 3, ptr {{%[0-9]+}}, i32 4, i32 196609,
; Without lane strides (-sectorscope-lane-strides=false), none has one.
; NOSTRIDE-LABEL: define ptx_kernel void @strides__sectorscope_grid(
; NOSTRIDE: call void @__sectorscope_access_grid(i32 0, ptr {{%[0-9]+}}, i32 4, i32 0,
; NOSTRIDE: call void @__sectorscope_access_grid(i32 2, ptr {{%[0-9]+}}, i32 4, i32 0,

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

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

define void @rows(ptr addrspace(1) %a, i32 %n) {
entry:
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %row = mul i32 %ty, %n
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  ; A[row * n + k]: a row's element.
  %ia = add i32 %row, %k
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i32 %ia
  %x = load float, ptr addrspace(1) %pa, align 4
  ; A[k * n + tx]: per lane.
  %kn = mul i32 %k, %n
  %ib = add i32 %kn, %tx
  %pb = getelementptr inbounds float, ptr addrspace(1) %a, i32 %ib
  %y = load float, ptr addrspace(1) %pb, align 4
  ; A[blockIdx.x * n + k]: the block's index alone, uniform.
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bn = mul i32 %bx, %n
  %id = add i32 %bn, %k
  %pd = getelementptr inbounds float, ptr addrspace(1) %a, i32 %id
  %w = load float, ptr addrspace(1) %pd, align 4
  ; A[tz * n + ty]: both row indices.
  %zn = mul i32 %tz, %n
  %ic = add i32 %zn, %ty
  %pc = getelementptr inbounds float, ptr addrspace(1) %a, i32 %ic
  %z = load float, ptr addrspace(1) %pc, align 4
  %k1 = add i32 %k, 1
  %done = icmp eq i32 %k1, %n
  br i1 %done, label %pick, label %loop
pick:
  %odd = and i32 %tx, 1
  %isodd = icmp eq i32 %odd, 0
  br i1 %isodd, label %left, label %join
left:
  br label %join
join:
  %which = phi i32 [ %ty, %left ], [ %tz, %pick ]
  %pw = getelementptr inbounds float, ptr addrspace(1) %a, i32 %which
  store float %x, ptr addrspace(1) %pw, align 4
  br label %spin
spin:
  %m = phi i32 [ 0, %join ], [ %m1, %spin ]
  %rm = add i32 %row, %m
  %m1 = add i32 %m, 1
  %stop = icmp ugt i32 %m1, %tx
  br i1 %stop, label %out, label %spin
out:
  ; Lanes left the loop at their own counts: `%rm` is per lane here.
  %pm = getelementptr inbounds float, ptr addrspace(1) %a, i32 %rm
  store float %y, ptr addrspace(1) %pm, align 4
  %zw = fadd float %z, %w
  store float %zw, ptr addrspace(1) %a, align 4
  ret void
}

define void @strides(ptr addrspace(1) %a, i32 %n) {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i3 = mul i32 %tx, 3
  %p3 = getelementptr inbounds float, ptr addrspace(1) %a, i32 %i3
  %v3 = load float, ptr addrspace(1) %p3, align 4
  %in = mul i32 %tx, %n
  %pn = getelementptr inbounds float, ptr addrspace(1) %a, i32 %in
  %vn = load float, ptr addrspace(1) %pn, align 4
  %ir = sub i32 %n, %tx
  %pr = getelementptr inbounds float, ptr addrspace(1) %a, i32 %ir
  %vr = load float, ptr addrspace(1) %pr, align 4
  %i64 = shl i32 %tx, 6
  %pw = getelementptr inbounds float, ptr addrspace(1) %a, i32 %i64
  %vw = load float, ptr addrspace(1) %pw, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

define void @warps(ptr addrspace(1) %ptr, ptr addrspace(1) %col, ptr addrspace(1) %x, ptr addrspace(1) %y) {
entry:
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = mul i32 %bx, %nx
  %t = add i32 %base, %tx
  %row = lshr i32 %t, 5
  %lane = and i32 %tx, 31
  %pb = getelementptr inbounds i32, ptr addrspace(1) %ptr, i32 %row
  %begin = load i32, ptr addrspace(1) %pb, align 4
  %j0 = add i32 %begin, %lane
  br label %loop
loop:
  %j = phi i32 [ %j0, %entry ], [ %j1, %loop ]
  %pc = getelementptr inbounds i32, ptr addrspace(1) %col, i32 %j
  %c = load i32, ptr addrspace(1) %pc, align 4
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i32 %c
  %v = load float, ptr addrspace(1) %px, align 4
  %j1 = add i32 %j, 32
  %more = fcmp olt float %v, 0.0
  br i1 %more, label %loop, label %done
done:
  %py = getelementptr inbounds float, ptr addrspace(1) %y, i32 %row
  store float %v, ptr addrspace(1) %py, align 4
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @rows, !"kernel", i32 1}
!2 = !{ptr @strides, !"kernel", i32 1}
!3 = !{ptr @warps, !"kernel", i32 1}
