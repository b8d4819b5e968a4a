; Host modules are never analyzed.
; RUN: %opt -passes=sectorscope-analyze -disable-output %s 2>&1 | count 0
target triple = "x86_64-unknown-linux-gnu"

define void @k(ptr %b, i32 %tid) {
entry:
  %i = shl i32 %tid, 5
  %j = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr %b, i64 %j
  store float 0.0, ptr %p, align 4
  ret void
}
