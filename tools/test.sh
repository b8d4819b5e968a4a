#!/usr/bin/env bash
# The test command: sets up and builds when needed, then runs the whole lit
# suite (plugin, analyzer, pass, host runtime, model, micro-benchmark host
# code). Tests that need a GPU say `REQUIRES: gpu` and run only where one is.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SECTORSCOPE_BUILD_DIR:-$root/build}
"$root/tools/setup.sh" "$build"
ninja -C "$build" sectorscope-plugin >/dev/null
"$root/tools/check-format.sh"
exec python3 "$(llvm-config-19 --prefix)/build/utils/lit/lit.py" -sv "$build/test" "$@"
