#!/usr/bin/env bash
# The main job: set up and build when needed, compile every program in
# examples/ with the plugin and show the compile-time findings; where a GPU is
# present, also run an instrumented example and write its run-time report.
#
# Usage: tools/main.sh [example-name-for-the-run]   (default: gram_schmidt)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SECTORSCOPE_BUILD_DIR:-$root/build}
"$root/tools/setup.sh" "$build"
wrapper=$build/bin/sectorscope-clang++
out=$build/examples-main
mkdir -p "$out"

echo "== Compile-time findings on examples/ (sectorscope-clang++ -O2) =="
status=0
for src in "$root"/examples/*.cu; do
  name=$(basename "$src" .cu)
  if ! "$wrapper" -O2 -fplugin-arg-sectorscope-sarif="$out" "$src" -o "$out/$name"; then
    echo "main: $name failed to build" >&2
    status=1
  fi
done
echo "SARIF: $out/*.sarif"

if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q GPU; then
  ex=${1:-gram_schmidt}
  echo "== Run-time profile of examples/$ex.cu on $(nvidia-smi -L | head -1) =="
  "$wrapper" -O2 -fplugin-arg-sectorscope-instrument "$root/examples/$ex.cu" \
    -o "$out/$ex-instrumented" -w
  (cd "$out" && SECTORSCOPE_OUT="$out/report-$ex" "./$ex-instrumented")
  echo "Report: $out/report-$ex/"
else
  echo "== No GPU here: skipping the instrumented run (see README, 'On a GPU') =="
fi
exit $status
