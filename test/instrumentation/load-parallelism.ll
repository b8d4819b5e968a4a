; The site table's mlp field (ABI v5; shared loads since v23): for a global
; or generic load, the global and generic loads of its basic block at its
; load-dependence depth, itself included (loads a warp has in flight
; together); for a shared load, the shared loads at its depth; 1 for
; anything but a load. Depth counts the loads a value depends on within the
; block: a load whose address comes from another load is one deeper. For
; global loads only global and generic loads count, so shared, local and
; param loads add no depth there, also when a generic pointer is resolved
; statically to shared; for shared loads global loads count too.
; A load after a write it may alias is also deeper than the write's operands,
; and one after a point where ptxas makes the warp wait (an IEEE division of
; a loaded value, a barrier, a call) deeper than the values waited for.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P = type { ptr, float }

@s = internal addrspace(3) global [64 x float] undef, align 4

; S <id> <kernel> <op> <space> <width> <line> <column> <mlp> <function> <file>
; (a) Three independent loads in one block: 3 each.
; CHECK: @__sectorscope_site_table = internal addrspace(1) constant
; CHECK-SAME: c"V\09[[ABI]]\0A
; CHECK-SAME: S\090\09k\09load\09global\094\090\090\093\09{{[0-9]+}}\091\090\09k\09\0A
; CHECK-SAME: S\091\09k\09load\09global\094\090\090\093\09{{[0-9]+}}\091\090\09k\09\0A
; CHECK-SAME: S\092\09k\09load\09global\094\090\090\093\09{{[0-9]+}}\091\090\09k\09\0A
; (c) A store: 1.
; CHECK-SAME: S\093\09k\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k\09\0A
; (b) Pointer chasing in the next block: depth 1 holds the pointer load and
; two independent loads (3 each); depth 2 the load through the loaded pointer
; (a generic pointer) and a load whose index was loaded (2 each); depth 3 the
; load through the pointer loaded at depth 2 (1).
; CHECK-SAME: S\094\09k\09load\09global\098\090\090\093\09{{[0-9]+}}\091\090\09k\09\0A
; CHECK-SAME: S\095\09k\09load\09global\094\090\090\093\09{{[0-9]+}}\091\090\09k\09\0A
; CHECK-SAME: S\096\09k\09load\09global\094\090\090\093\09{{[0-9]+}}\091\090\09k\09\0A
; CHECK-SAME: S\097\09k\09load\09generic\098\090\090\092\09{{[0-9]+}}\091\090\09k\09\0A
; CHECK-SAME: S\098\09k\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k\09\0A
; CHECK-SAME: S\099\09k\09load\09generic\094\090\090\091\09{{[0-9]+}}\091\090\09k\09\0A
; An atomic: 1.
; CHECK-SAME: S\0910\09k\09atomic\09global\094\090\090\091\09{{[0-9]+}}\09{{[01]}}\090\09k\09\0A
; Kernel k2: shared loads (direct and through a generic pointer) are not
; counted with the global loads; the param load giving a pointer adds no
; depth, so the load through it is at depth 1 with the index load (2 each).
; The two shared loads of no loaded address fly together (2 each); the one
; whose index a global load gave is a step later, alone (1).
; CHECK-SAME: S\0911\09k2\09load\09shared\094\090\090\092\09{{[0-9]+}}\091\090\09k2\09\0A
; CHECK-SAME: S\0912\09k2\09load\09shared\094\090\090\092\09{{[0-9]+}}\091\090\09k2\09\0A
; CHECK-SAME: S\0913\09k2\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k2\09\0A
; CHECK-SAME: S\0914\09k2\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k2\09\0A
; CHECK-SAME: S\0915\09k2\09load\09shared\094\090\090\091\09{{[0-9]+}}\091\090\09k2\09\0A
; The load whose index went through the shared load: depth 2, alone.
; CHECK-SAME: S\0916\09k2\09load\09global\094\090\090\091\09{{[0-9]+}}\091\090\09k2\09\0A
; A device function's loads are counted in its clone: generic, 2 each.
; CHECK-SAME: S\0917\09k2\09load\09generic\094\090\090\092\09{{[0-9]+}}\091\090\09f\09\0A
; CHECK-SAME: S\0918\09k2\09load\09generic\094\090\090\092\09{{[0-9]+}}\091\090\09f\09\0A
; Kernel k3, an unrolled copy: where out may alias in, the second load
; issues after the first store, which waits for the first load's value: one
; load in flight at a time (1 each). Through noalias pointers the two loads
; fly together (2 each).
; CHECK-SAME: S\0919\09k3\09load\09global\094\090\090\091\09{{[0-9]+}}\091\090\09k3\09\0A
; CHECK-SAME: S\0920\09k3\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k3\09\0A
; CHECK-SAME: S\0921\09k3\09load\09global\094\090\090\091\09{{[0-9]+}}\091\090\09k3\09\0A
; CHECK-SAME: S\0922\09k3\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k3\09\0A
; CHECK-SAME: S\0923\09k3\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k3\09\0A
; CHECK-SAME: S\0924\09k3\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k3\09\0A
; CHECK-SAME: S\0925\09k3\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k3\09\0A
; CHECK-SAME: S\0926\09k3\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k3\09\0A
; Kernel k4: ptxas expands an IEEE division (float or double) and a 64-bit
; integer division into a fast path and a call, and keeps later loads
; behind it: a load after such a division of a loaded value waits for that
; value (1 each, blocks ieee, double, i64; their stores 1). Not so after an approximate
; division (afn), a 32-bit one, or one of no loaded value (2 each). The
; divisors are kernel arguments: by a constant there is no routine (k7).
; CHECK-SAME: S\0927\09k4\09load\09global\094\090\090\091\09{{[0-9]+}}\091\090\09k4\09\0A
; CHECK-SAME: S\0928\09k4\09load\09global\094\090\090\091\09{{[0-9]+}}\091\090\09k4\09\0A
; CHECK-SAME: S\0929\09k4\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k4\09\0A
; CHECK-SAME: S\0930\09k4\09load\09global\098\090\090\091\09{{[0-9]+}}\091\090\09k4\09\0A
; CHECK-SAME: S\0931\09k4\09load\09global\098\090\090\091\09{{[0-9]+}}\091\090\09k4\09\0A
; CHECK-SAME: S\0932\09k4\09store\09global\098\090\090\091\09{{[0-9]+}}\090\090\09k4\09\0A
; CHECK-SAME: S\0933\09k4\09load\09global\098\090\090\091\09{{[0-9]+}}\091\090\09k4\09\0A
; CHECK-SAME: S\0934\09k4\09load\09global\098\090\090\091\09{{[0-9]+}}\091\090\09k4\09\0A
; CHECK-SAME: S\0935\09k4\09store\09global\098\090\090\091\09{{[0-9]+}}\090\090\09k4\09\0A
; CHECK-SAME: S\0936\09k4\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k4\09\0A
; CHECK-SAME: S\0937\09k4\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k4\09\0A
; CHECK-SAME: S\0938\09k4\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k4\09\0A
; CHECK-SAME: S\0939\09k4\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k4\09\0A
; CHECK-SAME: S\0940\09k4\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k4\09\0A
; CHECK-SAME: S\0941\09k4\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k4\09\0A
; CHECK-SAME: S\0942\09k4\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k4\09\0A
; CHECK-SAME: S\0943\09k4\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k4\09\0A
; CHECK-SAME: S\0944\09k4\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k4\09\0A
; Kernel k5: a barrier keeps later loads behind it. A tile element stored
; to shared memory before it has arrived by then (1 each); a loaded value
; nobody used yet is still in flight with the load after it (2 each). An
; out-of-line call waits for every load before it, used or not (1 each).
; CHECK-SAME: S\0945\09k5\09load\09global\094\090\090\091\09{{[0-9]+}}\091\090\09k5\09\0A
; CHECK-SAME: S\0946\09k5\09store\09shared\094\090\090\091\09{{[0-9]+}}\090\090\09k5\09\0A
; CHECK-SAME: S\0947\09k5\09load\09global\094\090\090\091\09{{[0-9]+}}\091\090\09k5\09\0A
; CHECK-SAME: S\0948\09k5\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k5\09\0A
; CHECK-SAME: S\0949\09k5\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k5\09\0A
; CHECK-SAME: S\0950\09k5\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09k5\09\0A
; CHECK-SAME: S\0951\09k5\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k5\09\0A
; CHECK-SAME: S\0952\09k5\09load\09global\094\090\090\091\09{{[0-9]+}}\091\090\09k5\09\0A
; CHECK-SAME: S\0953\09k5\09load\09global\094\090\090\091\09{{[0-9]+}}\091\090\09k5\09\0A
; CHECK-SAME: S\0954\09k5\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k5\09\0A
; Kernel k6: one step of a shared-memory scan, `t = s[i - 1]; sync;
; s[i] += t; sync; u = s[i - 2]`, then a stencil's three independent reads
; of a shared tile. The first two loads fly together across the barrier (t
; is not used before it: 2 each); the load after the second barrier waits
; for the sum stored before it (1); the stencil's reads fly together (3).
; CHECK-SAME: S\0955\09k6\09load\09shared\094\090\090\092\09{{[0-9]+}}\091\090\09k6\09\0A
; CHECK-SAME: S\0956\09k6\09load\09shared\094\090\090\092\09{{[0-9]+}}\091\090\09k6\09\0A
; CHECK-SAME: S\0957\09k6\09store\09shared\094\090\090\091\09{{[0-9]+}}\090\090\09k6\09\0A
; CHECK-SAME: S\0958\09k6\09load\09shared\094\090\090\091\09{{[0-9]+}}\091\090\09k6\09\0A
; CHECK-SAME: S\0959\09k6\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k6\09\0A
; CHECK-SAME: S\0960\09k6\09load\09shared\094\090\090\093\09{{[0-9]+}}\091\090\09k6\09\0A
; CHECK-SAME: S\0961\09k6\09load\09shared\094\090\090\093\09{{[0-9]+}}\091\090\09k6\09\0A
; CHECK-SAME: S\0962\09k6\09load\09shared\094\090\090\093\09{{[0-9]+}}\091\090\09k6\09\0A
; CHECK-SAME: S\0963\09k6\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k6\09\0A
; Kernel k7: a 64-bit division by a constant is a multiply-high and shifts
; (no routine to branch to), so the load after it does not wait: 2 each.
; CHECK-SAME: S\0964\09k7\09load\09global\098\090\090\092\09{{[0-9]+}}\091\090\09k7\09\0A
; CHECK-SAME: S\0965\09k7\09load\09global\098\090\090\092\09{{[0-9]+}}\091\090\09k7\09\0A
; CHECK-SAME: S\0966\09k7\09store\09global\098\090\090\091\09{{[0-9]+}}\090\090\09k7\09\0A\00"

define void @k(ptr %a, ptr %b, ptr %c, ptr %pp, ptr %idx, ptr %out) {
entry:
  %x = load float, ptr %a, align 4
  %y = load float, ptr %b, align 4
  %z = load float, ptr %c, align 4
  %s1 = fadd float %x, %y
  %s2 = fadd float %s1, %z
  store float %s2, ptr %out, align 4
  br label %chase

chase:
  %q = load ptr, ptr %pp, align 8
  %v = load float, ptr %a, align 4
  %i = load i32, ptr %idx, align 4
  %q2 = load ptr, ptr %q, align 8
  %pi = getelementptr inbounds float, ptr %b, i32 %i
  %u = load float, ptr %pi, align 4
  %r = load float, ptr %q2, align 4
  %t = fadd float %v, %u
  %t3 = fadd float %t, %r
  %o = atomicrmw fadd ptr %out, float %t3 monotonic, align 4
  ret void
}

define void @k2(ptr byval(%struct.P) align 8 %p, ptr %a, ptr %idx) {
entry:
  %sp = getelementptr inbounds [64 x float], ptr addrspace(3) @s, i32 0, i32 1
  %sh = load float, ptr addrspace(3) %sp, align 4
  %gen = addrspacecast ptr addrspace(3) @s to ptr
  %sh2 = load float, ptr %gen, align 4
  %dst = load ptr, ptr %p, align 8
  %g1 = load float, ptr %dst, align 4
  %j = load i32, ptr %idx, align 4
  %sj = getelementptr inbounds [64 x float], ptr addrspace(3) @s, i32 0, i32 %j
  %shj = load i32, ptr addrspace(3) %sj, align 4
  %pj = getelementptr inbounds float, ptr %a, i32 %shj
  %g2 = load float, ptr %pj, align 4
  %f = call float @f(ptr %a, ptr %dst)
  ret void
}

define void @k3(ptr %in, ptr %out, ptr noalias %nin, ptr noalias %nout) {
entry:
  %x = load float, ptr %in, align 4
  store float %x, ptr %out, align 4
  %in1 = getelementptr inbounds float, ptr %in, i32 1
  %y = load float, ptr %in1, align 4
  %out1 = getelementptr inbounds float, ptr %out, i32 1
  store float %y, ptr %out1, align 4
  br label %restrict

restrict:
  %u = load float, ptr %nin, align 4
  store float %u, ptr %nout, align 4
  %nin1 = getelementptr inbounds float, ptr %nin, i32 1
  %v = load float, ptr %nin1, align 4
  %nout1 = getelementptr inbounds float, ptr %nout, i32 1
  store float %v, ptr %nout1, align 4
  ret void
}

define void @k4(ptr noalias %a, ptr noalias %b, ptr noalias %d, ptr noalias %e, ptr noalias %out, float %q, i64 %n, i32 %m) {
ieee:
  %x = load float, ptr %a, align 4
  %r = fdiv float 1.000000e+00, %x
  %y = load float, ptr %b, align 4
  %ry = fmul float %r, %y
  store float %ry, ptr %out, align 4
  br label %double

double:
  %dx = load double, ptr %d, align 8
  %dr = fdiv double 1.000000e+00, %dx
  %dy = load double, ptr %e, align 8
  %dry = fmul double %dr, %dy
  store double %dry, ptr %out, align 8
  br label %i64

i64:
  %ix = load i64, ptr %d, align 8
  %iq = sdiv i64 %ix, %n
  %iy = load i64, ptr %e, align 8
  %iqy = mul i64 %iq, %iy
  store i64 %iqy, ptr %out, align 8
  br label %approx

approx:
  %ax = load float, ptr %a, align 4
  %ar = fdiv afn float 1.000000e+00, %ax
  %ay = load float, ptr %b, align 4
  %ary = fmul float %ar, %ay
  store float %ary, ptr %out, align 4
  br label %i32

i32:
  %jx = load i32, ptr %a, align 4
  %jq = udiv i32 %jx, %m
  %jy = load i32, ptr %b, align 4
  %jqy = mul i32 %jq, %jy
  store i32 %jqy, ptr %out, align 4
  br label %unrelated

unrelated:
  %ux = load float, ptr %a, align 4
  %ur = fdiv float 1.000000e+00, %q
  %uy = load float, ptr %b, align 4
  %uxy = fmul float %ux, %uy
  %uz = fmul float %uxy, %ur
  store float %uz, ptr %out, align 4
  ret void
}

define void @k5(ptr noalias %a, ptr noalias %b, ptr noalias %out) {
tile:
  %x = load float, ptr %a, align 4
  %sp = getelementptr inbounds [64 x float], ptr addrspace(3) @s, i32 0, i32 2
  store float %x, ptr addrspace(3) %sp, align 4
  call void @llvm.nvvm.barrier0()
  %y = load float, ptr %b, align 4
  store float %y, ptr %out, align 4
  br label %unused

unused:
  %u = load float, ptr %a, align 4
  call void @llvm.nvvm.barrier0()
  %v = load float, ptr %b, align 4
  %uv = fadd float %u, %v
  store float %uv, ptr %out, align 4
  br label %call

call:
  %c = load float, ptr %a, align 4
  call void @opaque()
  %w = load float, ptr %b, align 4
  %cw = fadd float %c, %w
  store float %cw, ptr %out, align 4
  ret void
}

define void @k6(i32 %i, ptr %out) {
entry:
  %pm1 = getelementptr inbounds [64 x float], ptr addrspace(3) @s, i32 0, i32 %i
  %t = load float, ptr addrspace(3) %pm1, align 4
  call void @llvm.nvvm.barrier0()
  %pi = getelementptr inbounds float, ptr addrspace(3) %pm1, i32 1
  %si = load float, ptr addrspace(3) %pi, align 4
  %sum = fadd float %si, %t
  store float %sum, ptr addrspace(3) %pi, align 4
  call void @llvm.nvvm.barrier0()
  %pm2 = getelementptr inbounds float, ptr addrspace(3) %pm1, i32 -1
  %u = load float, ptr addrspace(3) %pm2, align 4
  store float %u, ptr %out, align 4
  br label %stencil

stencil:
  %a = load float, ptr addrspace(3) %pm1, align 4
  %b = load float, ptr addrspace(3) %pi, align 4
  %c = load float, ptr addrspace(3) %pm2, align 4
  %ab = fadd float %a, %b
  %abc = fadd float %ab, %c
  store float %abc, ptr %out, align 4
  ret void
}

declare void @llvm.nvvm.barrier0()
declare void @opaque()

define float @f(ptr %x, ptr %y) {
  %vx = load float, ptr %x, align 4
  %vy = load float, ptr %y, align 4
  %s = fadd float %vx, %vy
  ret float %s
}

define void @k7(ptr noalias %d, ptr noalias %e, ptr noalias %out) {
  %x = load i64, ptr %d, align 8
  %q = sdiv i64 %x, 7
  %y = load i64, ptr %e, align 8
  %qy = mul i64 %q, %y
  store i64 %qy, ptr %out, align 8
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @k2, !"kernel", i32 1}
!2 = !{ptr @k3, !"kernel", i32 1}
!3 = !{ptr @k4, !"kernel", i32 1}
!4 = !{ptr @k5, !"kernel", i32 1}
!5 = !{ptr @k6, !"kernel", i32 1}
!6 = !{ptr @k7, !"kernel", i32 1}
