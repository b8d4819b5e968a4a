; opt -load-pass-plugin= loads the same library and gates on the triple.
; RUN: %opt -passes=sectorscope -sectorscope-arg=verbose -disable-output %s 2>&1 | FileCheck %s
; CHECK: remark: sectorscope: device module '{{.*}}opt-device.ll' (nvptx64-nvidia-cuda): analyzed
target triple = "nvptx64-nvidia-cuda"
define void @f() {
  ret void
}
