#!/usr/bin/env bash
# Builds the GPU tests here (the GPU machine has no clang) into <outdir>:
#   <name>          instrumented, -O2 (what the checks run)
#   <name>.plain    the same source without the plugin (ncu ground truth,
#                   overhead baseline)
#   identical_O0    the exactness test at -O0
#   heatmap_called, grid_called  heatmap and grid with the access called at
#                   each site instead of inlined
#   multi_device    instrumented, with the real host runtime (libsectorscope_rt,
#                   found through LD_LIBRARY_PATH there), and its report
#                   check multi_device_reports.py
#   host_wait       instrumented, with the real host runtime
#   block_wait      instrumented, with the real host runtime
#   rdc, rdc_plain  rdc/'s two units with -fgpu-rdc, instrumented (the real
#                   host runtime) and plain, and the report check
#                   rdc_reports.py
# The other tests carry their own host runtime (ss_test_host.h), so cudart is
# all they need; it is linked statically so that <outdir> runs anywhere.
# Usage: test/gpu/build.sh <build-dir> <outdir>
set -euo pipefail
build=${1:?usage: build.sh <build-dir> <outdir>}
out=${2:?usage: build.sh <build-dir> <outdir>}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
w=$build/bin/sectorscope-clang++
root=$(cd "$here/../.." && pwd)
# ss_test_host.h decodes launch buffers with the host runtime's own code.
inc=(-I"$root/runtime/host" -I"$root/runtime/include" -I"$root")
link=("$build/lib/libsectorscope_rt_core.a" "$build/lib/libsectorscope_common.a"
      "$build/lib/libsectorscope_fileio.a"
      -L"$build/cuda-compat/lib64" -lcudart_static -ldl -lpthread -lrt)
cxx=${SECTORSCOPE_CLANGXX:-clang++-19}
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for src in "$here"/*.cu; do
  n=$(basename "$src" .cu)
  case $n in multi_device | host_wait | block_wait) continue ;; esac
  "$w" -O2 -w -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze \
    "${inc[@]}" -c "$src" -o "$tmp/$n.o"
  "$cxx" "$tmp/$n.o" -o "$out/$n" "${link[@]}"
  # Without the plugin: no plugin options either (a CCC_OVERRIDE_OPTIONS
  # that passes a hidden -mllvm option of the pass would be refused).
  env -u CCC_OVERRIDE_OPTIONS SECTORSCOPE_NO_PLUGIN=1 \
    "$w" -O2 -w "${inc[@]}" -c "$src" -o "$tmp/$n.plain.o"
  "$cxx" "$tmp/$n.plain.o" -o "$out/$n.plain" "${link[@]}"
done
"$w" -O0 -w -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze \
  "${inc[@]}" -c "$here/identical.cu" -o "$tmp/identical_O0.o"
"$cxx" "$tmp/identical_O0.o" -o "$out/identical_O0" "${link[@]}"
# The access called at each site instead of inlined, as in a function of
# more sites than -sectorscope-max-inlined-sites: the same checks must hold.
for n in heatmap grid; do
  "$w" -O2 -w -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze \
    -mllvm -sectorscope-max-inlined-sites=1 "${inc[@]}" -c "$here/$n.cu" -o "$tmp/${n}_called.o"
  "$cxx" "$tmp/${n}_called.o" -o "$out/${n}_called" "${link[@]}"
done
# What the runtime writes with several devices, threads and processes: the
# wrapper links the runtime as it does for users.
"$w" -O2 -w -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze \
  "$here/multi_device.cu" -o "$out/multi_device"
cp "$here/multi_device_reports.py" "$out/"
# Kernels that wait for the host after their launch returns.
"$w" -O2 -w -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze \
  "$here/host_wait.cu" -o "$out/host_wait"
# Blocks that wait on one another, in a grid resident all at once.
"$w" -O2 -w -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze \
  "$here/block_wait.cu" -o "$out/block_wait"
# Relocatable device code over two units (rdc/), device-linked by the
# wrapper: instrumented with the real host runtime, whose reports
# rdc_reports.py checks, and plain, whose results it must match.
rdc=("$here/rdc/units_a.cu" "$here/rdc/units_b.cu")
"$w" -O2 -w -fgpu-rdc -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze \
  "${rdc[@]}" -o "$out/rdc"
env -u CCC_OVERRIDE_OPTIONS SECTORSCOPE_NO_PLUGIN=1 "$w" -O2 -w -fgpu-rdc "${rdc[@]}" -o "$out/rdc_plain"
cp "$here/rdc/rdc_reports.py" "$out/"
echo "built into $out (tools/gpu-tests.sh runs them)"
