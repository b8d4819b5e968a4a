"""Copies a profile whose sites are global into variants whose sites are
generic, tied to an object of each kind (or to none): make.py PROFILE OUTDIR."""
import json
import os
import sys

src, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
with open(src) as f:
    base = json.load(f)
with open(os.path.join(out, "global.json"), "w") as f:
    json.dump(base, f)
for kind in ("cudaMalloc", "unregistered", "shared", "none"):
    p = json.loads(json.dumps(base))
    for s in p["sites"]:
        s["space"] = "generic"
        if kind != "none":
            s["object"] = {"id": 0, "kind": kind}
    with open(os.path.join(out, kind + ".json"), "w") as f:
        json.dump(p, f)
