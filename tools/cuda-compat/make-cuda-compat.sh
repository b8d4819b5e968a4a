#!/usr/bin/env bash
# Builds a "compat CUDA root" that lets clang 19 drive a CUDA 13 toolkit.
#
# clang 19 predates CUDA 13 in two ways that need the toolkit itself patched
# around (see README, "CUDA 13 compatibility shim"):
#  * its CUDA wrapper header includes texture_fetch_functions.h, which CUDA 13
#    removed: we provide an empty stub in <out>/stub-include (use -isystem);
#  * it calls `fatbinary --image=profile=sm_90,file=F`, which CUDA 13's
#    fatbinary no longer accepts: <out>/bin/fatbinary rewrites the arguments;
#  * nvcc's headers and built-ins give CUDA code some functions clang's do not
#    (host min/max, cache-hinted loads, surface and __nv_atomic_* functions):
#    <out>/nvcc-compat/sectorscope_nvcc_compat.h, which the wrapper
#    force-includes.
# Everything else is a symlink to the real toolkit, so the root stays valid
# as long as the toolkit does.
#
# Usage: make-cuda-compat.sh <cuda-root> <out-dir>
set -euo pipefail
cuda=${1:?usage: make-cuda-compat.sh <cuda-root> <out-dir>}
out=${2:?usage: make-cuda-compat.sh <cuda-root> <out-dir>}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [ ! -f "$cuda/include/cuda.h" ] || [ ! -x "$cuda/bin/fatbinary" ]; then
  echo "sectorscope: error: no CUDA toolkit at '$cuda' (need include/cuda.h and bin/fatbinary)" >&2
  exit 1
fi

mkdir -p "$out/bin" "$out/stub-include"
for entry in "$cuda"/*; do
  name=$(basename "$entry")
  [ "$name" = bin ] && continue
  ln -sfn "$entry" "$out/$name"
done
for tool in "$cuda"/bin/*; do
  name=$(basename "$tool")
  [ "$name" = fatbinary ] && continue
  ln -sfn "$tool" "$out/bin/$name"
done
sed "s|@REAL_FATBINARY@|$cuda/bin/fatbinary|" "$here/fatbinary.in" >"$out/bin/fatbinary.tmp"
chmod +x "$out/bin/fatbinary.tmp"
mv -f "$out/bin/fatbinary.tmp" "$out/bin/fatbinary"
printf '/* Empty: CUDA 13 removed this header; clang 19 still includes it. */\n' \
  >"$out/stub-include/texture_fetch_functions.h"
rm -rf "$out/nvcc-compat"
cp -R "$here/nvcc-compat" "$out/nvcc-compat"
echo "$cuda" >"$out/.sectorscope-cuda-root"
