; Inline PTX of one load or store with its address in a pointer operand is
; a site like the load or store it is (support/InlinePtx.h): CUDA's
; cache-hinted __ldcs/__stcs, hand-written ld.global.nc. Its width is the
; vector's, an offset in the address moves the recorded address, `.cg`,
; `.cv`, `.volatile` and device-scope orders skip L1, and a generic `ld`
; takes the space of its pointer; register moves beside it change nothing.
; A guarded statement is counted as guarded_asm (the runtime's warp votes
; need every calling lane in the request); two memory statements, other
; arithmetic, a shared-space statement, an address held in an integer and a
; qualifier it does not know (.mmio) stay opaque: counted as inline_asm.
; RUN: %opt -passes=sectorscope-instrument -sectorscope-max-deferred-accesses=1 -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4

; Before the store: two loads, and the read-only `.nc` load, which may move
; past it (three in flight). The two other loads after the store may read
; what it wrote, so they wait for it: a second round trip, two in flight.
; CHECK: c"V\09[[ABI]]\0A
; CHECK-SAME: S\090\09k\09load\09global\0916\090\090\093\09{{[0-9]+}}\091\090\09k\09
; CHECK-SAME: S\091\09k\09load\09global\094\090\090\093\09{{[0-9]+}}\091\091\09k\09
; CHECK-SAME: S\092\09k\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09k\09
; CHECK-SAME: S\093\09k\09load\09global\094\090\090\092\09{{[0-9]+}}\091\091\09k\09
; CHECK-SAME: S\094\09k\09load\09shared\094\090\090\09{{[0-9]+}}\09{{[0-9]+}}\091\090\09k\09
; Cache and prefetch qualifiers change nothing; a v2.u64 is 16 bytes.
; CHECK-SAME: S\095\09k\09load\09global\0916\090\090\093\09{{[0-9]+}}\091\090\09k\09
; CHECK-SAME: S\096\09k\09load\09global\0916\090\090\092\09{{[0-9]+}}\091\090\09k\09
; An asm load does not hold back the plain load after it: two in flight.
; CHECK-SAME: S\097\09mlp\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09mlp\09
; CHECK-SAME: S\098\09mlp\09load\09global\094\090\090\092\09{{[0-9]+}}\091\090\09mlp\09
; A store with an L2-only hint is a store like any other (skips_l1 0).
; CHECK-SAME: S\099\09mlp\09store\09global\094\090\090\091\09{{[0-9]+}}\090\090\09mlp\09
; The moved-in default beside a load: one 4-byte load site.
; CHECK-SAME: S\0910\09guards\09load\09global\094\090\090\091\09{{[0-9]+}}\091\090\09guards\09
; CHECK-SAME: K\09k\09inline_asm=4,guarded_asm=1\0A
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
  ; Opaque:
  %guarded = call i32 asm sideeffect "{ .reg .pred p; setp.ne.u32 p, $2, 0; @p ld.global.u32 $0, [$1]; }", "=r,l,r"(ptr %a, i32 %c)
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
; same guarded by an operand (opaque), and a guard with no predicate named.
define void @guards(ptr %a, i32 %c) {
entry:
  %moved = call i32 asm sideeffect "{ mov.b32 $0, $2; ld.global.u32 $0, [$1]; }", "=r,l,r"(ptr %a, i32 %c)
  %g = call { i32, i32, i32, i32 } asm sideeffect "{ .reg .pred p; setp.ne.b32 p, $5, 0; @p ld.global.v4.u32 {$0,$1,$2,$3}, [$4]; @!p mov.u32 $0, 0; }", "=r,=r,=r,=r,l,r"(ptr %a, i32 %c)
  %noname = call i32 asm sideeffect "{ @ ld.global.u32 $0, [$1]; }", "=r,l"(ptr %a)
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @mlp, !"kernel", i32 1}
!2 = !{ptr @guards, !"kernel", i32 1}
