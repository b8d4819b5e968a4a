#!/usr/bin/env bash
# One call on a GPU machine: the suite twice (run-to-run agreement), the L2
# slice probe under Nsight Compute, and the comparison. Writes into $OUT:
#   run1.json run2.json compare.json probe-manifest.json ncu-probe.csv
#   device.log (environment, progress of every step)
# Usage: OUT=dir microbench/run-gpu.sh [bin-dir]   (default build-mb/bin)
# Time limits per step come from SUITE_TIMEOUT and PROBE_TIMEOUT (seconds).
set -u
BIN=${1:-build-mb/bin}
OUT=${OUT:-microbench-out}
mkdir -p "$OUT"
LOG=$OUT/device.log
MB=$BIN/sectorscope-microbench
# Metrics every Hopper ncu knows; the per-instance values are per L2 slice.
METRICS=lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_red.sum,lts__t_sectors_op_atom.sum
step() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$LOG" >&2; }

step environment
{ nvidia-smi; nvidia-smi -q -d CLOCK,POWER,TEMPERATURE | head -80; ncu --version; } >>"$LOG" 2>&1
ncu --query-metrics 2>&1 | grep -E '^lts__t_(sectors|requests)' >>"$LOG"

step "suite run 1"
timeout "${SUITE_TIMEOUT:-200}" "$MB" --out "$OUT/run1.json" 2> >(tee -a "$LOG" >&2)
step "suite run 1 rc=$?"

step "slice probe under ncu"
timeout "${PROBE_TIMEOUT:-150}" ncu --clock-control none --cache-control none \
  -k regex:sliceProbe --metrics "$METRICS" --print-metric-instances values \
  --csv --log-file "$OUT/ncu-probe.csv" \
  "$MB" --slice-probe "$OUT/probe-manifest.json" ${PROBE_ARGS:-} >>"$LOG" 2>&1
step "slice probe rc=$? ($(wc -l <"$OUT/ncu-probe.csv" 2>/dev/null) csv lines)"

step "suite run 2"
timeout "${SUITE_TIMEOUT:-200}" "$MB" --out "$OUT/run2.json" 2> >(tee -a "$LOG" >&2)
step "suite run 2 rc=$?"

"$BIN/sectorscope-mbtool" compare "$OUT/run1.json" "$OUT/run2.json" >"$OUT/compare.json" 2>>"$LOG"
for m in lts__t_sectors_srcunit_tex_op_read.sum lts__t_sectors_op_red.sum; do
  "$BIN/sectorscope-mbtool" fitmap --manifest "$OUT/probe-manifest.json" \
    --ncu "$OUT/ncu-probe.csv" --metric $m >>"$LOG" 2>&1
done
step done
grep -E '"(dram|all)"' -A5 "$OUT/compare.json" | head -20
