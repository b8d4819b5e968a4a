#!/usr/bin/env python3
#===- make-rdc-reports.py - Reports as test/gpu/rdc's program writes them ===#
#
# Usage: make-rdc-reports.py DIR heatmap|grid
#
# One report per kernel of the two-unit program, with the fields
# rdc_reports.py reads, as a correct run leaves them: 256 blocks of 256
# threads, one request per warp counted (the sampled block, or all), each
# kernel's sites from its own unit.
#
#===----------------------------------------------------------------------===#
import json
import os
import sys

UNITS = "/src/test/gpu/rdc/"
# kernel -> [(op, function, file, line, sectors per request)]
KERNELS = {
    "copyA": [("load", "copyA", "units_a.cu", 14, 4),
              ("store", "copyA", "units_a.cu", 14, 4)],
    "stridedA": [("load", "stridedA", "units_a.cu", 20, 8),
                 ("store", "stridedA", "units_a.cu", 20, 4)],
    "callsB": [("store", "callsB", "units_a.cu", 27, 4)],
    "gatherB": [("load", "loadB", "units_b.cu", 17, 4),
                ("store", "gatherB", "units_b.cu", 23, 4)],
}


def main(out, mode):
    os.makedirs(out, exist_ok=True)
    counted = 1 if mode == "heatmap" else 256
    requests = 8 * counted
    for seq, (kernel, sites) in enumerate(sorted(KERNELS.items())):
        report = {
            "schema": "sectorscope-launch/1",
            "kernel": "%s(float*, const float*)" % kernel,
            "grid": {"x": 256, "y": 1, "z": 1},
            "block": {"x": 256, "y": 1, "z": 1},
            "mode": mode,
            "sampled_blocks": counted,
            "error": None,
            "note": None,
            "sites": [{"id": i, "op": op, "function": fn, "file": UNITS + f,
                       "line": line, "space": "global", "requests": requests,
                       "sectors": spr * requests}
                      for i, (op, fn, f, line, spr) in enumerate(sites)],
            "objects": [],
        }
        name = "%s-gpu1-700-t700-%05d.json" % (kernel, seq)
        with open(os.path.join(out, name), "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
