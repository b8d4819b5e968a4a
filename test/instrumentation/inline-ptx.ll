; Inline PTX of one load or store with its address in a pointer operand is
; a site like the load or store it is (support/InlinePtx.h): CUDA's
; cache-hinted __ldcs/__stcs, hand-written ld.global.nc. Its width is the
; vector's, an offset in the address moves the recorded address, `.cg`,
; `.cv`, `.volatile` and device-scope orders skip L1, and a generic `ld`
; takes the space of its pointer; register moves beside it change nothing.
; A statement guarded by an integer operand compared with zero is recorded
; under the same test, so that the runtime sees the lanes it serves (`@p`
; after `setp.ne`, or `@!p` after `setp.eq`: where the operand is not zero;
; `@p` after `setp.eq`: where it is); two memory statements, other
; arithmetic, a shared-space statement, an address computed as an integer and a
; qualifier it does not know (.mmio) stay opaque: counted as inline_asm.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4

; Before the store: two loads, and the read-only `.nc` load, which may move
; past it (three in flight). The three other loads after the store (the
; guarded one among them) may read what it wrote, so they wait for it: a
; second round trip, three in flight.
; CHECK: c"V\09[[ABI]]\0A
; CHECK-SAME: S\090\09k\09load\09global\0916\090\090\093\09{{[0-9]+}}\091\090\09k\09
; CHECK-SAME: S\091\09k\09load\09global\094\090\090\093\09{{[0-9]+}}\091\091\09k\09
; CHECK-SAME: S\092\09k\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k\09
; CHECK-SAME: S\093\09k\09load\09global\094\090\090\093\09{{[0-9]+}}\091\091\09k\09
; CHECK-SAME: S\094\09k\09load\09shared\094\090\090\09{{[0-9]+}}\09{{[0-9]+}}\091\090\09k\09
; Cache and prefetch qualifiers change nothing; a v2.u64 is 16 bytes. The
; guarded load beside them is one more in flight.
; CHECK-SAME: S\095\09k\09load\09global\0916\090\090\093\09{{[0-9]+}}\091\090\09k\09
; CHECK-SAME: S\096\09k\09load\09global\0916\090\090\093\09{{[0-9]+}}\091\090\09k\09
; CHECK-SAME: S\097\09k\09load\09global\094\090\090\093\09{{[0-9]+}}\091\090\09k\09
; An asm load does not hold back the plain load after it: two in flight.
; CHECK-SAME: S\098\09mlp\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09mlp\09
; CHECK-SAME: S\099\09mlp\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09mlp\09
; A store with an L2-only hint is a store like any other (skips_l1 0).
; CHECK-SAME: S\0910\09mlp\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09mlp\09
; The moved-in default beside a load: one 4-byte load site; the guarded v4
; load and the two setp.eq ones are sites too, four loads in flight.
; CHECK-SAME: S\0911\09guards\09load\09global\094\090\090\094\09{{[0-9]+}}\091\090\09guards\09
; CHECK-SAME: S\0912\09guards\09load\09global\0916\090\090\094\09{{[0-9]+}}\091\090\09guards\09
; CHECK-SAME: S\0913\09guards\09load\09global\094\090\090\094\09{{[0-9]+}}\091\090\09guards\09
; CHECK-SAME: S\0914\09guards\09load\09global\094\090\090\094\09{{[0-9]+}}\091\090\09guards\09
; A guard of another type (a float) cannot be tested: guarded_asm.
; CHECK-SAME: K\09k\09inline_asm=4\0A
; CHECK-SAME: K\09guards\09inline_asm=1,guarded_asm=1\0A

; The offset: the site records %a + 8.
; CHECK-LABEL: define void @k(
; CHECK: %[[P:[0-9a-z.]+]] = getelementptr inbounds i8, ptr %a, i64 8
; CHECK: call void @__sectorscope_access(i32 1, ptr %[[P]], i32 4,

define void @k(ptr %a, i64 %ai, i32 %c) {
entry:
  %v4 = call { i32, i32, i32, i32 } asm sideeffect "ld.global.cs.v4.s32 {$0,$1,$2,$3}, [$4];", "=r,=r,=r,=r,l"(ptr %a)
  %cg = call i32 asm sideeffect "ld.global.cg.u32 $0, [$1+8];", "=r,l"(ptr %a)
  %f = bitcast i32 %cg to float
  call void asm sideeffect "st.global.cs.f32 [$0], $1;", "l,f,~{memory}"(ptr %a, float %f)
  %rel = call i32 asm sideeffect "ld.relaxed.gpu.global.u32 $0, [$1];", "=r,l"(ptr %a)
  %gen = call i32 asm sideeffect "ld.u32 $0, [$1];", "=r,l"(ptr addrspacecast (ptr addrspace(3) @s to ptr))
  %nc = call { float, float, float, float } asm "ld.global.nc.L1::no_allocate.L2::256B.v4.f32 {$0,$1,$2,$3}, [$4];", "=f,=f,=f,=f,l"(ptr %a)
  %u64 = call { i64, i64 } asm sideeffect "ld.global.v2.u64 {$0,$1}, [$2+16];", "=l,=l,l"(ptr %a)
  %guarded = call i32 asm sideeffect "{ .reg .pred p; setp.ne.u32 p, $2, 0; @p ld.global.u32 $0, [$1]; }", "=r,l,r"(ptr %a, i32 %c)
  ; Opaque:
  %two = call i32 asm sideeffect "ld.global.u32 $0, [$1]; add.u32 $0, $0, 1;", "=r,l"(ptr %a)
  %sh = call i32 asm sideeffect "ld.shared.u32 $0, [$1];", "=r,r"(i32 0)
  %int = call i32 asm sideeffect "ld.global.u32 $0, [$1];", "=r,l"(i64 %ai)
  %mmio = call i32 asm sideeffect "ld.mmio.relaxed.sys.global.u32 $0, [$1];", "=r,l"(ptr %a)
  %lane = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  ret void
}

define void @mlp(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
entry:
  %x = call i32 asm sideeffect "ld.global.cs.u32 $0, [$1];", "=r,l"(ptr addrspace(1) %a)
  %y = load i32, ptr addrspace(1) %b, align 4
  %s = add i32 %x, %y
  call void asm sideeffect "st.global.cg.u32 [$0], $1;", "l,r,~{memory}"(ptr addrspace(1) %out, i32 %s)
  ret void
}

; TVM's and CUTLASS's loads: a default moved in, then the load (a site); the
; same guarded by an operand (a site under its test), a guard with no
; predicate named (opaque), both polarities of setp.eq, and a float guard.
; CHECK-LABEL: define ptx_kernel void @guards__sectorscope_sample(
; CHECK: %g.ss = call
; CHECK-NEXT: %[[NE:[0-9]+]] = icmp ne i32 %c, 0
; CHECK-NEXT: br i1 %[[NE]], label %[[THEN:[0-9]+]], label
; CHECK: [[THEN]]:
; CHECK-NEXT: %[[L:[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 12, ptr %a, i32 16, i32 0, i32 %[[L]],
; CHECK: %eq.ss = call
; CHECK-NEXT: icmp ne i32 %c, 0
; CHECK: %zero.ss = call
; CHECK-NEXT: icmp eq i32 %c, 0
; CHECK: %fg.ss = call
; CHECK-NOT: __sectorscope_access
; CHECK: ret void
define void @guards(ptr %a, i32 %c) {
entry:
  %moved = call i32 asm sideeffect "{ mov.b32 $0, $2; ld.global.u32 $0, [$1]; }", "=r,l,r"(ptr %a, i32 %c)
  %g = call { i32, i32, i32, i32 } asm sideeffect "{ .reg .pred p; setp.ne.b32 p, $5, 0; @p ld.global.v4.u32 {$0,$1,$2,$3}, [$4]; @!p mov.u32 $0, 0; }", "=r,=r,=r,=r,l,r"(ptr %a, i32 %c)
  %noname = call i32 asm sideeffect "{ @ ld.global.u32 $0, [$1]; }", "=r,l"(ptr %a)
  %eq = call i32 asm sideeffect "{ .reg .pred q; setp.eq.b32 q, $2, 0; @!q ld.global.u32 $0, [$1+4]; }", "=r,l,r"(ptr %a, i32 %c)
  %zero = call i32 asm sideeffect "{ .reg .pred q; setp.eq.b32 q, $2, 0; @q ld.global.u32 $0, [$1+8]; }", "=r,l,r"(ptr %a, i32 %c)
  %fg = call i32 asm sideeffect "{ .reg .pred q; setp.ne.f32 q, $2, 0; @q ld.global.u32 $0, [$1]; }", "=r,l,f"(ptr %a, float 1.0)
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @mlp, !"kernel", i32 1}
!2 = !{ptr @guards, !"kernel", i32 1}
