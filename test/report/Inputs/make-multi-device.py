#!/usr/bin/env python3
#===- make-multi-device.py - The reports test/gpu/multi_device writes -----===#
#
# Usage: make-multi-device.py TEMPLATE.json OUT-DIR devices|processes
#
# Writes the report directory a correct run of test/gpu/multi_device would
# leave, in heat-map mode, from TEMPLATE (a report the runtime wrote) with
# the kernel, launch, device, process and the two sites changed:
#   devices    one process: strided<1> on device 1 from the main thread, then
#              4 launches each of strided<2> on device 0 and strided<8> on
#              device 1 from two threads with their own streams;
#   processes  4 processes on two hosts' devices, 3 launches of strided<4>.
# Each heat-map report gets its CSV beside it (the template's, renamed).
#
#===----------------------------------------------------------------------===#
import copy
import json
import os
import shutil
import sys

BLOCK, GRID = 256, 64


def site(sid, op, line, spr, warps):
    return {"id": sid, "file": "multi_device.cu", "line": line, "column": 9,
            "function": "strided", "op": op, "space": "global", "width": 4,
            "mlp": 1, "requests": warps, "sectors": spr * warps,
            "bytes": 128 * warps, "threads": 32 * warps,
            "sectors_per_request": float(spr),
            "ideal_sectors_per_request": 4.0,
            "patterns": ["coalesced"] if spr == 4 else ["strided"],
            "evidence": {}, "object": None}


def launch(template, stride, seq, index, device, host, pid, tid, stream):
    r = copy.deepcopy(template)
    r["kernel"] = "void strided<%d>(float*, float const*, int)" % stride
    r["mangled"] = "_Z7stridedILi%dEEvPfPKfi" % stride
    r["launch"] = {"seq": seq, "kernel_launch": index, "stream": stream}
    r["grid"] = {"x": GRID, "y": 1, "z": 1}
    r["block"] = {"x": BLOCK, "y": 1, "z": 1}
    r["previous_launch"] = None
    r["device"] = {"ordinal": device, "name": "Fake H100", "sm_count": 132,
                   "cc": "9.0"}
    r["process"] = {"host": host, "pid": pid, "rank": None, "thread": tid}
    r["sampled_blocks"] = 1
    warps = BLOCK // 32
    r["sites"] = [site(0, "load", 36, min(32, 4 * stride), warps),
                  site(1, "store", 36, 4, warps)]
    r["objects"] = []
    r["error"] = r["note"] = None
    stem = "strided_%d_-%s-%d-t%d-%05d" % (stride, host, pid, tid, seq)
    r["heatmap"]["csv"] = stem + ".heat.csv"
    return stem, r


def main(template_path, out, what):
    template = json.load(open(template_path))
    csv = os.path.splitext(template_path)[0] + ".heat.csv"
    os.makedirs(out, exist_ok=True)
    runs = []
    if what == "devices":
        runs.append((1, 0, 0, 1, "gpu1", 500, 500, "0x0"))
        for i in range(4):
            runs.append((2, 1 + 2 * i, i, 0, "gpu1", 500, 501, "0x5a10"))
            runs.append((8, 2 + 2 * i, i, 1, "gpu1", 500, 502, "0x5b20"))
    else:
        for k, (host, pid) in enumerate([("gpu1", 600), ("gpu1", 601),
                                         ("gpu2", 600), ("gpu2", 602)]):
            for i in range(3):
                runs.append((4, i, i, k % 2, host, pid, pid, "0x0"))
    for args in runs:
        stem, r = launch(template, *args)
        with open(os.path.join(out, stem + ".json"), "w") as f:
            json.dump(r, f, indent=1)
        shutil.copyfile(csv, os.path.join(out, stem + ".heat.csv"))


if __name__ == "__main__":
    main(*sys.argv[1:])
