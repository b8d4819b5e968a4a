#!/usr/bin/env python3
"""Writes the synthetic inputs of the model's lit tests (run from this dir).

The benchmark files follow the models' own formulas with known coefficients,
so the tests can check that `fit` recovers them:
  campprof_exact.json   t = beta + a1*w + b_k, per (op, camped)
  bandwidth_exact.json  time = launch + (T_bw^p + T_lat^p)^(1/p), T_bw = bytes*a,
                        T_lat = steps/SM * L / w, per (op, camped, width)
  gt200_exact.json      T = l + cR*N + cL*L + cW*N + cM*M per wave (GT200 paper)
  microbench.json       all three with +-2% deterministic noise: an H200-like
                        calibration for the band/predict/validate tests.
"""
import json
import math
import os

SM = 132
U = 65536  # campprof unit bytes per warp
WARPS = [1, 2, 4, 8, 12, 16, 24, 32, 48, 64]
WIDTHS = [1, 2, 4, 8, 16]

# CampProf coefficients: (op, camped) -> (beta, a1, {width: b_k}); 16 B base.
CAMP = {
    ("read", False): (0.020, 0.0030, {1: 0.012, 2: 0.008, 4: 0.004, 8: 0.002}),
    ("read", True): (0.030, 0.0120, {1: 0.020, 2: 0.014, 4: 0.006, 8: 0.003}),
    ("write", False): (0.025, 0.0036, {1: 0.016, 2: 0.010, 4: 0.005, 8: 0.002}),
    ("write", True): (0.040, 0.0150, {1: 0.026, 2: 0.018, 4: 0.008, 8: 0.004}),
}
# Bandwidth: (op, camped) -> (peak GB/s, ns per step at 16-byte words);
# the step time scales with sqrt(width / 16) (wider requests, more sectors),
# except a spread read's: one DRAM round trip at every width, as the fit
# takes it.
BW = {
    ("read", False): (4400.0, 500.0),
    ("read", True): (1100.0, 300.0),
    ("write", False): (4000.0, 20.0),
    ("write", True): (1000.0, 10.0),
}
LAUNCH = 0.004  # ms
P = 3.0  # smooth-max exponent
GT = dict(l=0.0020, cR=0.000317, cL=0.000258, cW=0.000562, cM=0.000421)


def noise(i):
    """Deterministic +-2% noise."""
    return 1.0 + 0.02 * math.sin(12.9898 * i + 78.233)


def gpu():
    return {"name": "NVIDIA H200 (synthetic)", "sm_count": SM,
            "max_warps_per_sm": 64, "cc": "9.0"}


def campprof_rows(noisy):
    """Exact CampProf lines, or (noisy) what a real GPU gives: the saturating
    bandwidth curve, which CampProf's straight line only approximates."""
    rows = []
    for (op, camped), (beta, a1, bk) in CAMP.items():
        for wb in WIDTHS:
            for w in WARPS:
                t_unit = beta + a1 * w + bk.get(wb, 0.0)
                # The suite moves the same bytes in every configuration.
                bytes_moved = 256 * 2 ** 20
                t = t_unit * bytes_moved / (U * w * SM)
                if noisy:
                    t = bw_time(op, camped, wb, w, bytes_moved, mlp=campprof_mlp(wb))
                    t *= noise(len(rows) + 1)
                rows.append({"experiment": "campprof", "op": op,
                             "word_bytes": wb, "camped": camped,
                             "active_warps_per_sm": w, "blocks": SM * w,
                             "threads": 32, "bytes_moved": bytes_moved,
                             "best_ms": t, "median_ms": t * 1.01,
                             "gbps": bytes_moved / t / 1e6})
    return rows


def bw_coeffs(op, camped, wb):
    """(ms per byte, ms per step)."""
    peak, ns16 = BW[(op, camped)]
    scale = 1.0 if (op, camped) == ("read", False) else (wb / 16.0) ** 0.5
    return 1e-6 / peak, ns16 * 1e-6 * scale


def campprof_mlp(wb):
    """Loads in flight per warp in campKernel as ptxas schedules it (SASS):
    two unrolled 4-load trips overlap for 1-4 B words, one for 8-16 B."""
    return 4 if wb >= 8 else 8


def stream_mlp(wb):
    """Loads in flight per thread in the suite's streamRead."""
    return 4 if wb >= 8 else 8


def bw_time(op, camped, wb, w, B, mlp=None):
    """Stream rows by default; campprof rows pass campprof_mlp."""
    a, L = bw_coeffs(op, camped, wb)
    mlp = mlp or stream_mlp(wb)
    steps = B / (32.0 * wb) / (mlp if op == "read" else 1)
    tb, tl = B * a, steps / SM * L / w
    return LAUNCH + (tb ** P + tl ** P) ** (1 / P)


def stream_rows(noisy, start=0):
    """Exact: every class over every occupancy and two sizes. Noisy: like the
    suite, which sweeps occupancy with 16-byte words only and runs the other
    widths at 8 warps/SM (spread only)."""
    rows = []
    for op, camped in BW:
        if noisy and camped:
            continue
        for wb in WIDTHS:
            for w in WARPS:
                if noisy and wb != 16 and w != 8:
                    continue
                for mib in (64, 1024):
                    B = mib * 2 ** 20
                    t = bw_time(op, camped, wb, w, B)
                    if noisy:
                        t *= noise(start + len(rows) + 7)
                    rows.append({"experiment": "stream", "op": op,
                                 "word_bytes": wb, "camped": camped,
                                 "active_warps_per_sm": w,
                                 "bytes_moved": B, "best_ms": t,
                                 "median_ms": t * 1.01,
                                 "extra_field": "ignored"})
    return rows


def gt200_rows(noisy, start=0, split=True):
    """The suite's gt200 experiment: N words read and written per node,
    L / M of them shifted, at full occupancy, plus an occupancy sweep at
    N = 19 whose per-wave time scales as (k/64)^2 (quadratic, as in the GT200 paper)."""
    rows = []
    nodes = 2 ** 22
    cases = []
    for n in (1, 4, 8, 12, 16, 19, 24, 32, 40):
        cases += [("readwrite", n, 0, 0, 64), ("readwrite", n, n, n, 64)]
        if split:
            cases += [("read", n, 0, 0, 64), ("write", n, 0, 0, 64)]
    for x in (3, 6, 12, 19):
        cases += [("readwrite", 19, x, 0, 64), ("readwrite", 19, 0, x, 64)]
    for k in (8, 16, 32, 48):
        cases.append(("readwrite", 19, 0, 0, k))
    for op, n, l, m, k in cases:
        rd = op != "write"
        wr = op != "read"
        T = (GT["l"] + rd * (GT["cR"] * n + GT["cL"] * l) +
             wr * (GT["cW"] * n + GT["cM"] * m)) * (k / 64.0) ** 2
        words = (rd + wr) * n
        waves = nodes / (k * SM * 32)
        t = T * waves
        if noisy:
            t *= noise(start + len(rows) + 3)
        rows.append({"experiment": "gt200", "op": op, "word_bytes": 4,
                     "camped": False, "active_warps_per_sm": k,
                     "blocks_per_sm": k // 8, "blocks": SM * k // 8,
                     "threads": 256, "bytes_moved": words * nodes * 4,
                     "N": n, "L": l, "M": m, "best_ms": t,
                     "median_ms": None if n == 4 else t * 1.01})
    return rows


def dump(name, rows):
    with open(name, "w") as f:
        # One row per line: small files that still diff well.
        f.write('{"schema": "sectorscope-microbench/1",\n "gpu": %s,\n'
                ' "rows": [\n' % json.dumps(gpu()))
        f.write(",\n".join("  " + json.dumps(r) for r in rows))
        f.write("\n ]}\n")


def site(i, op, width, requests, sectors, ideal, line, patterns=()):
    return {"id": i, "file": "kernel.cu", "line": line, "column": 5,
            "function": "k", "op": op, "space": "global", "width": width,
            "requests": requests, "sectors": sectors,
            "sectors_per_request": sectors / requests,
            "ideal_sectors_per_request": ideal, "patterns": list(patterns)}


def profile(name, kernel, grid, block, sites, time_ms=None, warps=None,
            extra=None):
    p = {"schema": "sectorscope-launch/1", "kernel": kernel, "grid": grid,
         "block": block, "device": {"name": "NVIDIA H200", "sm_count": SM},
         "sites": sites, "partitions": {"note": "ignored by the model"}}
    if time_ms is not None:
        p["time_ms"] = time_ms
    if warps is not None:
        p["occupancy"] = {"active_warps_per_sm": warps}
    p.update(extra or {})
    with open(name, "w") as f:
        json.dump(p, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    dump("campprof_exact.json", campprof_rows(False))
    dump("bandwidth_exact.json", stream_rows(False))
    dump("gt200_exact.json", gt200_rows(False))
    cp = campprof_rows(True)
    st = stream_rows(True, len(cp))
    dump("microbench.json",
         cp + st + gt200_rows(True, len(cp) + len(st), split=False))

    # 4096x4096 float transpose, 32x8 threads, 4 elements per thread: per
    # block 32 load and 32 store warp requests of 4 sectors each.
    tsites = [site(0, "load", 4, 32, 128, 4, 12),
              site(1, "store", 4, 32, 128, 4, 14, ["camping"])]
    profile("transpose_coalesced.json", "transposeCoalesced", [128, 128, 1],
            [32, 8, 1], tsites, time_ms=0.11, warps=32)
    profile("transpose_diagonal.json", "transposeDiagonal", [128, 128, 1],
            [32, 8, 1], [site(0, "load", 4, 32, 128, 4, 30),
                         site(1, "store", 4, 32, 128, 4, 32)],
            time_ms=0.052, warps=32)
    # A kernel name that needs XML escaping, no time, no occupancy.
    profile("template_kernel.json",
            "void copy<float, 4>(float*, const float&) & more", [1024, 1, 1],
            [256, 1, 1], [site(0, "load", 16, 8, 32, 4, 7),
                          site(1, "store", 16, 8, 32, 4, 8),
                          {"id": 2, "op": "load", "space": "shared",
                           "width": 4, "requests": 8, "sectors": 8}])
    # D3Q19 LBM, 128^3 nodes, one thread per node, 19 loads (10 misaligned
    # by one float: 5 sectors instead of 4) and 19 aligned stores.
    lsites = [site(i, "load", 4, 4, 20 if i < 10 else 16, 4, 40 + i,
                   ["misaligned"] if i < 10 else [])
              for i in range(19)]
    lsites += [site(19 + i, "store", 4, 4, 16, 4, 70 + i) for i in range(19)]
    for name, t, w in (("lbm_d3q19_w16", 0.150, 16), ("lbm_d3q19_w32", 0.124, 32),
                       ("lbm_d3q19_w48", 0.112, 48)):
        profile(name + ".json", "lbm_d3q19", [16384, 1, 1], [128, 1, 1],
                lsites, time_ms=t, warps=w, extra={"work_items": 128 ** 3})


def runtime_profile(dirname, stem, kernel, grid, block, sites, mode,
                    time_ms=None, kernel_ms=None, error=None, previous=None):
    """A launch as runtime/host/JsonReport.cpp writes it: dims as objects,
    mode, sampled_blocks, null time_ms in instrumented modes, extra fields."""
    p = {"schema": "sectorscope-launch/1", "kernel": kernel,
         "mangled": "_Z" + kernel.split("(")[0],
         "launch": {"seq": 0, "kernel_launch": 0, "stream": "default"},
         "grid": {"x": grid[0], "y": grid[1], "z": grid[2]},
         "block": {"x": block[0], "y": block[1], "z": block[2]},
         "previous_launch": previous,
         "shared_bytes": 0, "mode": mode,
         "sampled_block": ({"x": 0, "y": 0, "z": 0, "in_grid": True}
                           if mode == "heatmap" else None),
         "device": {"ordinal": 0, "name": "NVIDIA H200", "sm_count": SM,
                    "cc": "9.0"},
         "time_ms": time_ms, "kernel_ms": kernel_ms, "error": error,
         "note": None, "not_instrumented": {}}
    if mode != "time":
        p["overflow"] = {"heat_overflow": 0, "site_overflow": 0}
        p["sampled_blocks"] = 1
    p["sites"] = sites if mode != "time" else []
    p["objects"] = []
    p["heatmap"] = None
    p["partitions"] = None
    os.makedirs(dirname, exist_ok=True)
    with open(os.path.join(dirname, stem + ".json"), "w") as f:
        json.dump(p, f, indent=1)
        f.write("\n")


def runtime_dir(d):
    """A directory as a GPU run leaves it: instrumented (heatmap) launches
    with counters but no time, and mode=time launches with time only."""
    tr = "(float*, float const*, int, int)"
    n4 = [site(0, "load", 4, 32, 128, 4, 40), site(1, "store", 4, 32, 128, 4, 47)]
    naive = [site(0, "load", 4, 32, 128, 4, 30),
             site(1, "store", 4, 32, 1024, 4, 31, ["strided"])]
    g, b = (128, 128, 1), (32, 8, 1)
    runs = [("transpose_shared_kernel" + tr, n4, [0.112, 0.110, 0.111]),
            ("transpose_diagonal_kernel" + tr, n4, [0.053, 0.052]),
            ("transpose_naive_kernel" + tr, naive, [0.61])]
    pid = 1000
    for kernel, sites, times in runs:
        short = kernel.split("(")[0]
        runtime_profile(d, "%s-gpu-%d-t1-00000" % (short, pid), kernel, g, b,
                        sites, "heatmap", kernel_ms=times[0] * 9)
        for i, t in enumerate(times):
            runtime_profile(d, "%s-gpu-%d-t1-%05d" % (short, pid + 1, i),
                            kernel, g, b, sites, "time", time_ms=t)
        pid += 2
    # LBM 128x64x64 step (4 warps per 128-thread block row) and its ghost
    # kernel, which the MLUPS chart must leave out.
    lbm = [site(i, "load", 4, 4, 20 if i < 10 else 16, 4, 120 + i)
           for i in range(19)]
    lbm += [site(19 + i, "store", 4, 4, 16, 4, 160 + i) for i in range(19)]
    lk = "lbm_d3q19_step(float const*, float*, int, int, int, float)"
    runtime_profile(d, "lbm_d3q19_step-gpu-2000-t1-00000", lk, (1, 64, 64),
                    (128, 1, 1), lbm, "heatmap", kernel_ms=0.9)
    for i, t in enumerate([0.0335, 0.0331, 0.0333]):
        runtime_profile(d, "lbm_d3q19_step-gpu-2001-t1-%05d" % i, lk,
                        (1, 64, 64), (128, 1, 1), lbm, "time", time_ms=t)
    gk = "lbm_fill_ghosts_x(float*, int, int, int)"
    ghost = [site(0, "load", 4, 2, 64, 4, 100, ["strided"]),
             site(1, "store", 4, 2, 64, 4, 101, ["strided"])]
    runtime_profile(d, "lbm_fill_ghosts_x-gpu-2000-t1-00001", gk, (32, 1, 1),
                    (128, 1, 1), ghost, "heatmap", kernel_ms=0.05)
    runtime_profile(d, "lbm_fill_ghosts_x-gpu-2001-t1-00003", gk, (32, 1, 1),
                    (128, 1, 1), ghost, "time", time_ms=0.006)
    # A failed launch: skipped with a message.
    runtime_profile(d, "broken-gpu-3000-t1-00000", "broken(int*)", (1, 1, 1),
                    (32, 1, 1), [], "time", error="launch failed: out of memory")
    # A kernel that was never timed: skipped with a message.
    runtime_profile(d, "untimed-gpu-3001-t1-00000", "untimed(int*)",
                    (4, 1, 1), (32, 1, 1), [site(0, "load", 4, 1, 4, 4, 1)],
                    "heatmap")


def runs_dir(d):
    """One subdirectory per program run (validate.sh --runs): two LBM
    lattices whose ghost copies have one launch shape but their own times,
    each timed after its lattice's step (previous_launch)."""
    lk = "lbm_d3q19_step(float const*, float*, int, int, int, float)"
    gk = "lbm_fill_ghosts_x(float*, int, int, int)"
    step = [site(0, "load", 4, 4, 16, 4, 120), site(1, "store", 4, 4, 16, 4, 160)]
    ghost = [site(0, "load", 4, 2, 64, 4, 100, ["strided"]),
             site(1, "store", 4, 2, 64, 4, 101, ["strided"])]
    for n, (gy, t) in enumerate([(64, 0.006), (128, 0.009)]):
        run = os.path.join(d, "%02d-lbm_d3q19" % (n + 1))
        sg = (1, gy, 64)
        after = {"kernel": lk, "kernel_launch": 0,
                 "grid": {"x": sg[0], "y": sg[1], "z": sg[2]},
                 "block": {"x": 128, "y": 1, "z": 1}}
        runtime_profile(run, "lbm_d3q19_step-gpu-10%d0-t1-00001" % n, lk, sg,
                        (128, 1, 1), step, "heatmap", kernel_ms=0.9)
        runtime_profile(run, "lbm_d3q19_step-gpu-10%d1-t1-00001" % n, lk, sg,
                        (128, 1, 1), step, "time", time_ms=0.03 * (n + 1))
        runtime_profile(run, "lbm_fill_ghosts_x-gpu-10%d0-t1-00000" % n, gk,
                        (32, 1, 1), (128, 1, 1), ghost, "heatmap",
                        kernel_ms=0.05)
        for i in range(3):
            runtime_profile(run, "lbm_fill_ghosts_x-gpu-10%d1-t1-%05d" % (n, 2 * i),
                            gk, (32, 1, 1), (128, 1, 1), ghost, "time",
                            time_ms=t, previous=after if i else None)


if __name__ == "__main__":
    import shutil
    shutil.rmtree("runtime_dir", ignore_errors=True)
    runtime_dir("runtime_dir")
    shutil.rmtree("runs_dir", ignore_errors=True)
    runs_dir("runs_dir")
