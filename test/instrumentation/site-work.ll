; The site table's work field (ABI v18): the issue slots a warp spends per
; execution of a site, its share of the instructions that run as often as it
; does (SiteWork.h). Costs are SASS-slot estimates: a 64-bit integer
; division 40, an IEEE float division 10, a 32-bit operation 1, a 64-bit one
; 2, phis and unconditional branches 0.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

; S <id> <kernel> <op> <space> <width> <line> <column> <mlp> <work> <function> <file>
; @top, outside loops: load 1 + sdiv i64 40 + sitofp 1 + fdiv 10 + store 1
; + ret 1 = 54, shared by its two sites: 27 each.
; CHECK: @__sectorscope_site_table = internal addrspace(1) constant
; CHECK-SAME: c"V\09[[ABI]]\0A
; CHECK-SAME: S\090\09top\09load\09global\098\090\090\091\0927\091\090\09top\09\0A
; CHECK-SAME: S\091\09top\09store\09global\094\090\090\091\0927\090\090\09top\09\0A
; @loops: the outer loop's own blocks cost 2 + 5; the inner loop has no
; site, so its 4 slots run 4 times (its constant trip count) per outer
; trip: (7 + 16) / 2 sites = 11.5, 12 each. The entry block's slots run
; once per thread outside any site's loop and are not charged.
; CHECK-SAME: S\092\09loops\09load\09global\094\090\090\091\0912\091\090\09loops\09\0A
; CHECK-SAME: S\093\09loops\09store\09global\094\090\090\091\0912\090\090\09loops\09\0A
; @huge: an inner loop of 2000000000 constant trips and no site folds
; 8e9 slots into its outer loop's two sites: each capped at 2^24.
; CHECK-SAME: S\094\09huge\09load\09global\094\090\090\091\0916777216\091\090\09huge\09\0A
; CHECK-SAME: S\095\09huge\09store\09global\094\090\090\091\0916777216\090\090\09huge\09\0A
; @halfasm: inline PTX costs its instruction statements (a `.reg`
; declaration and braces nothing): load 1 + add.f16 1 + two movs 2 + cvt 1
; + fmul 1 + store 1 + ret 1 = 8, 4 for each of its two sites.
; CHECK-SAME: S\096\09halfasm\09load\09global\092\090\090\091\094\091\090\09halfasm\09\0A
; CHECK-SAME: S\097\09halfasm\09store\09global\094\090\090\091\094\090\090\09halfasm\09\0A
; @cdiv: divisions by constants are shifts or a reciprocal multiply, not
; the division routine: sdiv by 2 or -4 2 each, urem by 10 5 (3 + the
; multiply-back and subtract); with load, two adds, store and ret: 14, 7
; for each of its two sites.
; CHECK-SAME: S\098\09cdiv\09load\09global\094\090\090\091\097\091\090\09cdiv\09\0A
; CHECK-SAME: S\099\09cdiv\09store\09global\094\090\090\091\097\090\090\09cdiv\09\0A\00"

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @top(ptr noalias %a, ptr noalias %out, i64 %d) {
entry:
  %x = load i64, ptr %a, align 8
  %q = sdiv i64 %x, %d
  %f = sitofp i64 %q to float
  %r = fdiv float 1.000000e+00, %f
  store float %r, ptr %out, align 4
  ret void
}

define void @loops(ptr noalias %a, ptr noalias %out, i32 %n) {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %outer, label %exit

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %p = getelementptr inbounds float, ptr %a, i32 %i
  %v = load float, ptr %p, align 4
  br label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %acc = phi float [ %v, %outer ], [ %acc.next, %inner ]
  %acc.next = fmul float %acc, %acc
  %j.next = add nuw nsw i32 %j, 1
  %cj = icmp ult i32 %j.next, 4
  br i1 %cj, label %inner, label %outer.latch

outer.latch:
  %o = getelementptr inbounds float, ptr %out, i32 %i
  store float %acc.next, ptr %o, align 4
  %i.next = add nuw nsw i32 %i, 1
  %ci = icmp slt i32 %i.next, %n
  br i1 %ci, label %outer, label %exit

exit:
  ret void
}

define void @huge(ptr noalias %a, ptr noalias %out, i32 %n) {
entry:
  %c0 = icmp sgt i32 %n, 0
  br i1 %c0, label %outer, label %exit

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %p = getelementptr inbounds float, ptr %a, i32 %i
  %v = load float, ptr %p, align 4
  br label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %acc = phi float [ %v, %outer ], [ %acc.next, %inner ]
  %acc.next = fmul float %acc, %acc
  %j.next = add nuw nsw i32 %j, 1
  %cj = icmp ult i32 %j.next, 2000000000
  br i1 %cj, label %inner, label %outer.latch

outer.latch:
  %o = getelementptr inbounds float, ptr %out, i32 %i
  store float %acc.next, ptr %o, align 4
  %i.next = add nuw nsw i32 %i, 1
  %ci = icmp slt i32 %i.next, %n
  br i1 %ci, label %outer, label %exit

exit:
  ret void
}

define void @halfasm(ptr noalias %a, ptr noalias %out) {
entry:
  %h = load i16, ptr %a, align 2
  %s = call i16 asm "{add.f16 $0,$1,$2;\0A}", "=h,h,h"(i16 %h, i16 %h)
  %m = call i16 asm "{ .reg .b16 t;\0A mov.b16 t, $1;\0A mov.b16 $0, t; }", "=h,h"(i16 %s)
  %f = call float asm "{  cvt.f32.f16 $0, $1;}\0A", "=f,h"(i16 %m)
  %g = fmul float %f, 2.000000e+00
  store float %g, ptr %out, align 4
  ret void
}

define void @cdiv(ptr noalias %a, ptr noalias %out) {
entry:
  %x = load i32, ptr %a, align 4
  %h = sdiv i32 %x, 2
  %r = urem i32 %x, 10
  %q = sdiv i32 %x, -4
  %s = add i32 %h, %r
  %t = add i32 %s, %q
  store i32 %t, ptr %out, align 4
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4}
!0 = !{ptr @top, !"kernel", i32 1}
!1 = !{ptr @loops, !"kernel", i32 1}
!2 = !{ptr @huge, !"kernel", i32 1}
!3 = !{ptr @halfasm, !"kernel", i32 1}
!4 = !{ptr @cdiv, !"kernel", i32 1}

