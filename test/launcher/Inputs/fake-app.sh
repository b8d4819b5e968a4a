#!/bin/sh
# Stands in for an instrumented program: prints the runtime's variables it
# was given, copies the fixture reports named after the exit code into
# SECTORSCOPE_OUT (as the runtime would write them), and exits with $1.
status=$1
shift
env | grep '^SECTORSCOPE_' | sort
if [ $# -gt 0 ]; then
  out=${SECTORSCOPE_OUT:-./sectorscope-out/}
  mkdir -p "$out"
  cp "$@" "$out/"
fi
exit "$status"
