#!/usr/bin/env python3
"""Writes a micro-benchmark file whose rows follow the bandwidth model's own
form with a known blend exponent: campprof streams (4-byte words, 8 loads in
flight) and loadstore rows (trips of R loads then S stores per thread, 64-
thread blocks, one wave) on a 100-SM GPU, p = 2.5, launch 0, 4000 GB/s,
400 ns per read round trip, 5 ns per store request, 2 ns per store request
per SM of a loading warp (the store term). Used by fit-loadstore.test."""
import json
import sys

P, A, L, LS, MIX, SMS = 2.5, 1e-6 / 4000, 4e-4, 5e-6, 2e-6, 100


def smax(a, b):
    return (a ** P + b ** P) ** (1 / P)


rows = []
for op in ("read", "write"):
    for w in (1, 2, 4, 8, 16, 32, 64):
        b = 1 << 28
        req = b / (32 * 4)
        lat = (req / 8 * L if op == "read" else req * LS) / SMS / w
        rows.append({"experiment": "campprof", "op": op, "word_bytes": 4,
                     "camped": False, "active_warps_per_sm": w,
                     "bytes_moved": b, "best_ms": smax(b * A, lat)})
for r, s in ((1, 1), (2, 1), (4, 4), (8, 1)):
    for w in (2, 4, 8, 12, 16, 24, 32, 48, 64):
        nodes = (1 << 26) / (r + s)
        b = nodes * 4 * (r + s)
        warps = nodes / 32
        bw = b * A + warps * s * MIX / SMS
        lat = warps * (L + s * LS) / SMS
        rows.append({"experiment": "loadstore", "op": "readwrite",
                     "word_bytes": 4, "active_warps_per_sm": w,
                     "blocks": SMS * w // 2, "threads": 64, "N": r,
                     "stores": s, "mlp": r, "bytes_moved": b,
                     "best_ms": smax(bw, lat / w)})
json.dump({"schema": "sectorscope-microbench/1",
           "gpu": {"name": "test", "sm_count": SMS, "max_warps_per_sm": 64},
           "rows": rows}, sys.stdout, indent=1)
