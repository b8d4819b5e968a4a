; RUN: not %opt -passes=sectorscope -sectorscope-arg=nope -disable-output %s 2>&1 | FileCheck %s
; CHECK: sectorscope: unknown argument 'nope'; valid arguments:
target triple = "nvptx64-nvidia-cuda"
