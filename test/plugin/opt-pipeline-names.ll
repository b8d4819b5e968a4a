; Each pass has a pipeline name for IR tests; an unknown name is opt's error.
; RUN: %opt -passes=sectorscope-analyze -disable-output %s
; RUN: %opt -passes=sectorscope-instrument -disable-output %s
; RUN: %opt -passes=sectorscope-host -disable-output %s
; RUN: not %opt -passes=sectorscope-bogus -disable-output %s 2>&1 | FileCheck %s
; CHECK: unknown pass name 'sectorscope-bogus'
target triple = "nvptx64-nvidia-cuda"
