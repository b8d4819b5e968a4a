"""skips-l1.test: the transpose's load made a volatile load of a one-word
allocation (every warp reads the same word, as an atomicMin helper's first
load), with and without sites[].skips_l1, and the suite's rows with
`hot_load` rows added (1 Mi warp requests in 4 ms on one word); prints
whether the launch with skips_l1 is bounded by its requests at that rate
and the one without it is not.
usage: check.py PROFILE BENCH OUTDIR (write) | check.py PLAIN.json SKIPS.json"""
import json
import os
import sys

if len(sys.argv) == 4:
    profile, bench, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    b = json.load(open(bench))
    for words, ms in ((1, 4.0), (65536, 0.02)):
        for warps in (8, 32):
            b["rows"].append({"experiment": "hot_load", "op": "read",
                              "word_bytes": 4, "active_warps_per_sm": warps,
                              "blocks": 132 * warps // 2, "threads": 64,
                              "bytes_moved": 4 * 1048576, "best_ms": ms,
                              "median_ms": ms, "N": 8,
                              "region_bytes": 4 * words})
    json.dump(b, open(os.path.join(out, "bench.json"), "w"))
    p = json.load(open(profile))
    p["objects"] = [{"id": 0, "kind": "cudaMalloc", "size": 4, "base": "0x7f0000000000"}]
    for s in p["sites"]:
        if s["op"] == "load":
            s.update(sectors=s["requests"], sectors_per_request=1.0,
                     object={"id": 0}, patterns=["hot_spot"])
    json.dump(p, open(os.path.join(out, "plain.json"), "w"))
    for s in p["sites"]:
        if s["op"] == "load":
            s["skips_l1"] = True
    json.dump(p, open(os.path.join(out, "skips.json"), "w"))
    sys.exit(0)

plain, skips = (json.load(open(f)) for f in sys.argv[1:3])
# 128 x 128 blocks of 8 warps, one request each: 131072 requests at
# 1048576 / 4 per ms.
bound = 128 * 128 * 8 / (1048576 / 4.0)
ok = skips["best_ms"] >= bound * (1 - 1e-6) and plain["best_ms"] < bound
print("match" if ok else "plain %g ms, skips %g ms, bound %g ms" %
      (plain["best_ms"], skips["best_ms"], bound))
