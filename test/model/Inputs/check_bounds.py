"""Recomputes a bounds file from the sets' validate JSON (raw bands).

Usage: check_bounds.py BOUNDS.json VALIDATE-SET1.json VALIDATE-SET2.json ...
A kernel's score is its largest log excess outside [min, max] of best and
worst over its in-scope cases; the margin is the ceil((n + 1) x coverage)-th
smallest score (capped at the largest); each set's inside count uses the
margin of the other sets.
"""
import json
import math
import sys


def scores(path):
    kernels, cases = {}, []
    for c in json.load(open(path))["cases"]:
        if not c["in_scope"]:
            continue
        lo = min(c["best_ms"], c["worst_ms"])
        hi = max(c["best_ms"], c["worst_ms"])
        t = c["measured_ms"]
        e = max(math.log(lo / t), math.log(t / hi), 0.0)
        cases.append(e)
        kernels[c["kernel"]] = max(kernels.get(c["kernel"], 0.0), e)
    return list(kernels.values()), cases


def margin(s, coverage):
    s = sorted(s)
    need = min(len(s), math.ceil((len(s) + 1) * coverage - 1e-9))
    return s[need - 1]


bounds = json.load(open(sys.argv[1]))
sets = [scores(p) for p in sys.argv[2:]]
cov = bounds["bounds"]["coverage"]
every = [k for s in sets for k in s[0]]
want = math.exp(margin(every, cov))
got = bounds["bounds"]["upper_factor"]
assert abs(got - want) < 1e-9 * want, (got, want)
assert bounds["bounds"]["kernels"] == len(every)
print("margin ok")
for i, s in enumerate(sets):
    other = [k for j, t in enumerate(sets) if j != i for k in t[0]]
    m = margin(other, cov)
    inside = sum(e <= m + 1e-12 for e in s[1])
    row = bounds["sets"][i]
    assert row["inside_without_it"] == inside, (i, row, inside)
    assert row["in_scope_cases"] == len(s[1])
    assert abs(math.log(row["factor_without_it"]) - m) < 1e-9
print("left-out counts ok")
