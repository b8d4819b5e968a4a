#!/usr/bin/env bash
# Installs what sectorscope needs from Debian's packages (only what is
# missing), then configures and builds it in build/. Idempotent: a second run
# installs nothing and rebuilds only what changed.
#
# Usage: tools/setup.sh [build-dir]      (default: <repo>/build)
# Env:   SECTORSCOPE_CUDA_PATH  CUDA toolkit root (default: nvcc on PATH)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}

packages=(clang-19 llvm-19-dev libclang-19-dev llvm-19-tools libomp-19-dev
          nlohmann-json3-dev libeigen3-dev libgtest-dev libre2-dev pkg-config
          clang-format-19 cmake ninja-build python3 python3-jsonschema chromium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "sectorscope setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q >/dev/null
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi

export PATH=$PATH:/usr/local/cuda/bin
args=(-S "$root" -B "$build" -G Ninja)
[ -n "${SECTORSCOPE_CUDA_PATH:-}" ] && args+=("-DSECTORSCOPE_CUDA_PATH=$SECTORSCOPE_CUDA_PATH")
# A build directory copied from another machine, or configured before the
# toolkit moved, names a CUDA root that is gone; ninja would then fail on a
# missing libcudart. Forget the cached root so CMake finds the toolkit again.
cache=$build/CMakeCache.txt
cached_cuda=""
if [ -f "$cache" ]; then
  cached_source=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$cache")
  cached_build=$(sed -n 's/^CMAKE_CACHEFILE_DIR:INTERNAL=//p' "$cache")
  if [ "$cached_source" != "$root" ] || [ "$cached_build" != "$(cd "$build" && pwd)" ]; then
    # CMake refuses a cache made for another source or build directory.
    echo "sectorscope setup: $build was configured elsewhere; configuring afresh" >&2
    rm -rf "$cache" "$build/CMakeFiles" "$build/build.ninja"
  else
    cached_cuda=$(sed -n 's/^SECTORSCOPE_CUDA_PATH:PATH=//p' "$cache")
  fi
fi
if [ -n "$cached_cuda" ] && [ -z "${SECTORSCOPE_CUDA_PATH:-}" ] &&
   [ ! -f "$cached_cuda/lib64/libcudart.so" ]; then
  echo "sectorscope setup: $cached_cuda no longer holds a CUDA toolkit; reconfiguring" >&2
  args+=(-USECTORSCOPE_CUDA_PATH -USECTORSCOPE_NVCC)
  rm -f "$build/build.ninja"
fi
if [ ! -f "$build/build.ninja" ] || [ -n "${SECTORSCOPE_CUDA_PATH:-}" ]; then
  cmake "${args[@]}" >/dev/null
fi
ninja -C "$build" >/dev/null || ninja -C "$build"
echo "sectorscope setup: built in $build" >&2
