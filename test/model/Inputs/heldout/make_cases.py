"""heldout.test: cases_kernels.json plus a kernel that does not store
(transposeDiagonal's load alone, as transposeDiagonalRead), whose
prediction no store term moves: whatever the calibration, dropping
mixed_store leaves at least one kernel inside the model's support.
usage: make_cases.py INPUTS OUTDIR"""
import json
import os
import sys

inputs, out = sys.argv[1:3]
os.makedirs(out, exist_ok=True)
p = json.load(open(os.path.join(inputs, "transpose_diagonal.json")))
p["kernel"] = "transposeDiagonalRead"
p["sites"] = [s for s in p["sites"] if s["op"] == "load"]
json.dump(p, open(os.path.join(out, "diagonal_read.json"), "w"))
cases = json.load(open(os.path.join(inputs, "cases_kernels.json")))
for c in cases["cases"]:
    c["profile"] = os.path.abspath(os.path.join(inputs, c["profile"]))
for w, ms in ((16, 0.12), (32, 0.07)):
    cases["cases"].append({"name": "read w%d" % w, "profile": "diagonal_read.json",
                           "time_ms": ms, "warps": w, "group": "read"})
json.dump(cases, open(os.path.join(out, "cases.json"), "w"), indent=1)
