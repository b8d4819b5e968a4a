; RUN: %opt -passes=sectorscope -sectorscope-arg=verbose -disable-output %s 2>&1 | FileCheck %s
; CHECK: remark: sectorscope: host module '{{.*}}' (x86_64-unknown-linux-gnu): not analyzed
target triple = "x86_64-unknown-linux-gnu"
define void @f() {
  ret void
}
