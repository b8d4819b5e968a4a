#!/usr/bin/env bash
# run_examples.sh [DIR] [VARIANT...]: run the built examples on a GPU machine
# and check that each exits 0 and prints "PASS <name>".
#   DIR      where the binaries are (default: this script's directory, i.e.
#            build/examples, or a copy of it)
#   VARIANT  "" (plugin build), "-plain", "-instrumented"; default: all
#            three that exist
# lbm_d3q19 also runs at a few more lattice sizes. Extra output lines
# (MLUPS, GBPS) are shown. Exit status: the number of failed runs (max 125).
set -u
dir=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)}
shift || true
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=("" "-plain" "-instrumented")
names="transpose_naive transpose_shared transpose_diagonal gemm_mapping
  gram_schmidt spmv_csr lbm_d3q19 private_smem warp_broadcast_smem
  stream_copy reduction histogram_atomic"
failed=0 ran=0
run() { # name variant args...
  local name=$1 v=$2; shift 2
  local exe=$dir/$name$v out rc
  [ -x "$exe" ] || return 0
  ran=$((ran + 1))
  out=$("$exe" "$@" 2>&1); rc=$?
  if [ $rc -eq 0 ] && grep -qx "PASS $name" <<<"$out"; then
    printf 'ok   %-34s %s\n' "$name$v $*" "$(grep -v '^PASS' <<<"$out" | tr '\n' ' ')"
  else
    failed=$((failed + 1))
    printf 'FAIL %-34s rc=%d\n' "$name$v $*" $rc
    sed 's/^/     | /' <<<"$out" | tail -20
  fi
}
for v in "${variants[@]}"; do
  for n in $names; do
    run "$n" "$v"
  done
  for size in "64 32 32" "96 48 16" "256 64 32" "130 20 10"; do
    run lbm_d3q19 "$v" $size
  done
done
echo "examples: $ran runs, $failed failed"
[ $failed -gt 125 ] && failed=125
exit $failed
