#!/usr/bin/env bash
# reeval.sh - re-run the model's validation from a GPU run's raw.tar.gz,
# without a GPU.
#
#   model/reeval.sh RAW.tar.gz [--out OUTDIR] [--bin path/to/sectorscope-model]
#                   [--bench microbench.json]
#
# RAW.tar.gz is what model/validate.sh leaves in its OUT dir: raw/cases.json
# (profile paths relative to it), raw/profiles/*.json, raw/microbench.json and
# the calib.json of that run. The model is fitted again (from --bench, else
# the archived micro-benchmarks) by the CLI given, so a changed model is
# judged on the same measured kernels; then validate.sh runs on the archived
# cases and prints the same tables and summary (all cases, in-scope cases,
# extrapolation). Outputs go to OUTDIR (default model-reeval).
set -euo pipefail

die() { echo "reeval.sh: error: $*" >&2; exit 1; }

RAW="" OUT="model-reeval" BIN="" BENCH=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    --bin) BIN="${2:?--bin needs a path}"; shift 2 ;;
    --bench) BENCH="${2:?--bench needs a file}"; shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    -*) die "unknown argument '$1' (try --help)" ;;
    *) [[ -z "$RAW" ]] || die "one archive only"; RAW="$1"; shift ;;
  esac
done
[[ -n "$RAW" ]] || die "missing RAW.tar.gz (validate.sh writes OUT/raw.tar.gz)"
[[ -f "$RAW" ]] || die "$RAW: no such file"

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$OUT"
rm -rf "$OUT/raw"
python3 - "$RAW" "$OUT" <<'PY'
import os, sys, tarfile
raw, out = sys.argv[1:3]
with tarfile.open(raw) as tar:
    for m in tar.getmembers():
        # Only the archive's own layout: no absolute paths, no "..".
        if not m.name.startswith("raw/") or ".." in m.name.split("/") or not (m.isfile() or m.isdir()):
            sys.exit("reeval.sh: error: %s: unexpected member %r" % (raw, m.name))
    tar.extractall(out)
for need in ("raw/cases.json", "raw/microbench.json"):
    if not os.path.isfile(os.path.join(out, need)):
        sys.exit("reeval.sh: error: %s: no %s in the archive" % (raw, need))
PY
[[ -n "$BENCH" ]] || BENCH="$OUT/raw/microbench.json"
args=()
[[ -n "$BIN" ]] && args+=(--bin "$BIN")
exec "$HERE/validate.sh" --bench "$BENCH" --profiles "$OUT/raw" --out "$OUT" "${args[@]}"
