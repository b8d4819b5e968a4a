; Struct copies reach the IR as small memcpy/memset; the NVPTX backend
; expands them into loads and stores of at most 8 bytes, as wide as the
; alignment allows (a float4 `out[i] = in[i]` is two ld.global.u64 and two
; st.global.u64; Nsight Compute counts two requests per warp). Each piece is
; a site; larger or variable sizes are counted as "other".
; RUN: %opt -passes=sectorscope-instrument -sectorscope-link-runtime=false -S %s | FileCheck %s -DABI=%abi

; CHECK: c"V\09[[ABI]]\0AS\090\09k\09load\09global\098\09
; CHECK-SAME: S\091\09k\09store\09global\098\09
; CHECK-SAME: S\092\09k\09load\09global\098\09
; CHECK-SAME: S\093\09k\09store\09global\098\09
; CHECK-SAME: S\094\09k\09store\09shared\094\09
; CHECK-SAME: S\095\09k\09store\09shared\092\09
; CHECK-SAME: K\09k\09other=2\0A\00"
; CHECK-LABEL: entry.ss:
; The pieces are recorded after the copies, all before the block ends.
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 16 %dst, ptr align 16 %src, i64 16, i1 false)
; CHECK-NEXT: call void @llvm.memset.p3.i64(
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 64, i1 false)
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %n, i1 false)
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 0, ptr %src, i32 8, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 1, ptr %dst, i32 8, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: %[[S8:.*]] = getelementptr inbounds i8, ptr %src, i64 8
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 2, ptr %[[S8]], i32 8, i32 0, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: %[[D8:.*]] = getelementptr inbounds i8, ptr %dst, i64 8
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 3, ptr %[[D8]], i32 8, i32 1, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 4, ptr addrspacecast (ptr addrspace(3) @s to ptr), i32 4, i32 257, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: [[LANES:%[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT: call void @__sectorscope_access(i32 5, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 4), i32 2, i32 257, i32 [[LANES]], i32 %sectorscope.{{take|state}})
; CHECK-NEXT: ret void

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@s = internal addrspace(3) global [64 x i32] undef, align 4

define void @k(ptr %src, ptr %dst, i64 %n) {
entry:
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %dst, ptr align 16 %src, i64 16, i1 false)
  call void @llvm.memset.p3.i64(ptr addrspace(3) align 4 @s, i8 0, i64 6, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 64, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %n, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p3.i64(ptr addrspace(3), i8, i64, i1)

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
