; With the device runtime linked (sectorscope-device.bc beside the plugin):
; the module descriptor gets its initializer (ABI version, number of sites,
; generic address and length of the site table, launch = 0), the runtime's
; functions become internal, the entry check and the heat-map access are
; inlined (the access is one function on request), and nothing of the
; runtime that is no longer called stays.
; RUN: %opt -passes=sectorscope-instrument -S %s | FileCheck %s -DABI=%abi
; RUN: %opt -passes=sectorscope-instrument -sectorscope-inline-access=false -S %s | FileCheck %s --check-prefix=CALLS
; RUN: %opt -passes=sectorscope-instrument -sectorscope-device-runtime=%t.missing.bc -disable-output %s 2>&1 | FileCheck %s --check-prefix=MISSING

; CHECK: @__sectorscope_site_table = internal addrspace(1) constant [[[N:[0-9]+]] x i8]
; CHECK: @__sectorscope_module = {{.*}}addrspace(4) externally_initialized global %struct.ss_module { i32 [[ABI]], i32 1, i64 ptrtoint (ptr addrspacecast (ptr addrspace(1) @__sectorscope_site_table to ptr) to i64), i64 {{[0-9]+}}, i64 0, %struct.ss_launch_header zeroinitializer }
; Inlined: no call is left.
; CHECK-LABEL: define ptx_kernel void @k__sectorscope_sample(
; CHECK: load i64, ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(4) @__sectorscope_module to ptr), i64 24)
; CHECK-NOT: call {{.*}}@__sectorscope_{{access|enter}}(
; CHECK: call {{.*}}i32 @llvm.nvvm.activemask()
; CHECK-NOT: define {{.*}}@__sectorscope_access(
; CHECK-NOT: define {{.*}}@__sectorscope_enter

; On request, the access is a call that gets the lanes present at the site
; and the state's value (ABI v6), which the inlined entry check leaves in a
; register.
; CALLS-LABEL: define ptx_kernel void @k__sectorscope_sample(
; CALLS-NEXT: sectorscope.dispatch:
; CALLS-NOT: alloca
; CALLS: %[[C:[0-9]+]] = icmp ne i32 %[[TAKE:[0-9]+]], 0
; CALLS-NEXT: br i1 %[[C]], label %entry.ss, label %entry
; CALLS: %[[LANES:[0-9]+]] = call i32 @llvm.nvvm.activemask()
; CALLS-NEXT: call void @__sectorscope_access(i32 0, ptr %p.ss, i32 4, i32 0, i32 %[[LANES]], i32 %[[TAKE]])
; CALLS: define internal void @__sectorscope_access(
; CALLS-NOT: define {{.*}}@__sectorscope_enter

; MISSING: error: sectorscope: cannot read the device runtime '{{.*}}missing.bc'

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %a) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds float, ptr %a, i32 %tid
  %v = load float, ptr %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx85,+sm_90" }

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
