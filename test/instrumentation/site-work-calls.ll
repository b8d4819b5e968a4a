; A call's share of the site work (SiteWork.h): a called function of the
; module that touches no memory holds no site, so the call costs its body
; (ptxas keeps CUDA's accurate `pow`, a hundred double-precision
; instructions, a subroutine it calls) on top of the 10 slots of linkage; a
; callee that touches memory is instrumented itself and charges its body to
; its own sites; a recursive callee's body counts once. A callee with a
; loop costs its linkage only: its loop has a trip site of its own, which
; counts the trips the calls make. A body of 32 slots or more gets a trip
; site before the call, which counts the warps that make it (a call under
; a data-dependent branch may run far less often than its loop).
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; S <id> <kernel> <op> <space> <width> <line> <column> <mlp> <work> <function> <file>
; @k: load 1 + call @pure (10 + fadd 2 + fmul 2 + ret of a double 2) +
; call @touch 10 + fadd 2 + store 1 + ret 1 = 32, 16 for each of its two
; sites. @touch's own site gets its body: load 1 + ret 2 = 3.
; CHECK: @__sectorscope_site_table = internal addrspace(1) constant
; CHECK-SAME: c"V\09[[ABI]]\0A
; CHECK-SAME: S\090\09k\09load\09global\098\090\090\091\0916\091\090\09k\09\0A
; CHECK-SAME: S\091\09k\09store\09global\098\090\090\091\0916\090\090\09k\09\0A
; CHECK-SAME: S\092\09k\09load\09generic\098\090\090\091\093\091\090\09touch\09\0A
; @krec: load 1 + call @rec (10 + fadd 2 + its own call 10 + ret 2) + store
; 1 + ret 1 = 27, 14 for each (rounded).
; CHECK-SAME: S\093\09krec\09load\09global\098\090\090\091\0914\091\090\09krec\09\0A
; CHECK-SAME: S\094\09krec\09store\09global\098\090\090\091\0914\090\090\09krec\09\0A
; @kloop: load 1 + call @looped 10 + store 1 + ret 1 = 13, 7 each (rounded);
; @looped's trip site: fmul 2 + add 1 + icmp 1 + branch 1 = 5 a trip.
; CHECK-SAME: S\095\09kloop\09load\09global\098\090\090\091\097\091\090\09kloop\09\0A
; CHECK-SAME: S\096\09kloop\09store\09global\098\090\090\091\097\090\090\09kloop\09\0A
; CHECK-SAME: S\097\09kloop\09trip\09global\090\090\090\091\095\090\090\09looped\09\0A
; @kbig: @big's 16 fmuls and ret of a double, 34 slots, are a trip site of
; its own at the call; the sites share load 1 + call 10 + store 1 +
; ret 1 = 13, 7 each (rounded).
; CHECK-SAME: S\098\09kbig\09load\09global\098\090\090\091\097\091\090\09kbig\09\0A
; CHECK-SAME: S\099\09kbig\09trip\09global\090\090\090\091\0934\090\090\09kbig\09\0A
; CHECK-SAME: S\0910\09kbig\09store\09global\098\090\090\091\097\090\090\09kbig\09\0A\00"
; CHECK-LABEL: define ptx_kernel void @kbig__sectorscope_sample(
; CHECK: call void @__sectorscope_trip(i32 9,
; CHECK-NEXT: call double @big.sectorscope.kbig(

define internal double @pure(double %x) #0 {
  %a = fadd double %x, 1.000000e+00
  %m = fmul double %a, %x
  ret double %m
}

define internal double @rec(double %x) #0 {
  %a = fadd double %x, 1.000000e+00
  %r = call double @rec(double %a)
  ret double %r
}

define internal double @looped(double %x, i32 %n) #0 {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ %x, %entry ], [ %acc.next, %loop ]
  %acc.next = fmul double %acc, %acc
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret double %acc.next
}

define internal double @big(double %x) #0 {
  %m0 = fmul double %x, %x
  %m1 = fmul double %m0, %m0
  %m2 = fmul double %m1, %m1
  %m3 = fmul double %m2, %m2
  %m4 = fmul double %m3, %m3
  %m5 = fmul double %m4, %m4
  %m6 = fmul double %m5, %m5
  %m7 = fmul double %m6, %m6
  %m8 = fmul double %m7, %m7
  %m9 = fmul double %m8, %m8
  %m10 = fmul double %m9, %m9
  %m11 = fmul double %m10, %m10
  %m12 = fmul double %m11, %m11
  %m13 = fmul double %m12, %m12
  %m14 = fmul double %m13, %m13
  %m15 = fmul double %m14, %m14
  ret double %m15
}

define internal double @touch(ptr %p) {
  %v = load double, ptr %p, align 8
  ret double %v
}

define void @k(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %out, ptr %g) {
entry:
  %x = load double, ptr addrspace(1) %a, align 8
  %y = call double @pure(double %x)
  %z = call double @touch(ptr %g)
  %s = fadd double %y, %z
  store double %s, ptr addrspace(1) %out, align 8
  ret void
}

define void @krec(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %out) {
entry:
  %x = load double, ptr addrspace(1) %a, align 8
  %y = call double @rec(double %x)
  store double %y, ptr addrspace(1) %out, align 8
  ret void
}

define void @kloop(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %x = load double, ptr addrspace(1) %a, align 8
  %y = call double @looped(double %x, i32 %n)
  store double %y, ptr addrspace(1) %out, align 8
  ret void
}

define void @kbig(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %out) {
entry:
  %x = load double, ptr addrspace(1) %a, align 8
  %y = call double @big(double %x)
  store double %y, ptr addrspace(1) %out, align 8
  ret void
}

attributes #0 = { memory(none) }

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @krec, !"kernel", i32 1}
!2 = !{ptr @kloop, !"kernel", i32 1}
!3 = !{ptr @kbig, !"kernel", i32 1}
