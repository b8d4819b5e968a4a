#!/usr/bin/env bash
# The format check of the test command: every tracked C, C++ and CUDA source
# outside test/, examples/ and Inputs/ folders is as clang-format (LLVM
# style, .clang-format) would write it. Those keep their layout: lit tests
# check line and column numbers, and sectorscope-expect comments belong to
# the line of their access, which reflowing would move.
# Prints the files that differ and exits 1; `tools/check-format.sh --fix` rewrites them.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
fmt=$(command -v clang-format-19 || command -v clang-format || true)
[ -n "$fmt" ] || { echo "check-format: clang-format-19 not found (tools/setup.sh installs it)" >&2; exit 1; }
mapfile -t files < <(git ls-files '*.c' '*.cpp' '*.h' '*.cu' '*.cuh' '*.inc' ':!:test/**' ':!:examples/**' ':!:**/Inputs/**')
if [ "${1:-}" = --fix ]; then
  "$fmt" -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  "$fmt" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  printf 'check-format: not in clang-format style: %s\n' "${bad[@]}" >&2
  echo "check-format: run tools/check-format.sh --fix" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files in clang-format style"
