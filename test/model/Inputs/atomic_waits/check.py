"""atomic-waits.test: the transpose's store site made an atomic, once a
`red` (waits false) and once an atomic whose result is used (waits true);
prints whether the latency term grew by the atomic's requests, per SM, times
the L2 round trip at the launch's warps per SM.
usage: check.py PROFILE OUTDIR (write) | check.py CALIB RED.json WAITS.json"""
import json
import os
import sys

if len(sys.argv) == 3:
    profile, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    p = json.load(open(profile))
    for waits in (False, True):
        for s in p["sites"]:
            if s["op"] == "store":
                s["op"] = "atomic"
                s["waits"] = waits
            elif s["op"] == "atomic":
                s["waits"] = waits
        json.dump(p, open(os.path.join(out, "waits.json" if waits else "red.json"), "w"))
    sys.exit(0)

calib, red, waits = sys.argv[1:4]
step = json.load(open(calib))["bandwidth"]["l2_ms_per_step"]
r, w = json.load(open(red)), json.load(open(waits))
# 128 x 128 blocks, the atomic's 32 requests in the sampled block, 132 SMs,
# 8 warps per SM.
expected = 128 * 128 * 32 / 132 * step / 8
added = w["best_terms"]["latency_ms"] - r["best_terms"]["latency_ms"]
print("match" if abs(added - expected) <= 1e-9 + 1e-6 * expected else
      "added %g ms, expected %g ms" % (added, expected))
