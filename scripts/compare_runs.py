"""Compares two sets of jetwire-bench runs (`--json` reports), case by case.

Usage: compare_runs.py 'before-*.json' 'after-*.json'

Build the suite at both commits, run the two binaries alternately a few times with the same
`--filter` and `--rounds`, each writing `--json`, then compare: for every case and implementation,
the median over runs of the per-run medians, before and after, their ratio, and the geometric mean
of the ratios per implementation. The peers did not change between the builds, so their ratios
show how much the machine drifted: the repeated baseline.
"""
import json, sys, statistics, glob
def load(pattern):
    runs = []
    for path in sorted(glob.glob(pattern)):
        d = {}
        for m in json.load(open(path)):
            d[(m["case"], m["op"], m["impl"])] = m["median_ns"]
        runs.append(d)
    return runs
base, new = load(sys.argv[1]), load(sys.argv[2])
def fmt(ns):
    return f"{ns:.1f} ns" if ns < 1000 else f"{ns/1000:.2f} µs"
keys = sorted({k for r in base for k in r} & {k for r in new for k in r})
print("| case | impl | before (median of runs) | after | after/before | spread of run medians, after |")
print("|---|---|---:|---:|---:|---|")
ratios = {}
for k in keys:
    b = [r[k] for r in base if k in r]; n = [r[k] for r in new if k in r]
    mb, mn = statistics.median(b), statistics.median(n)
    ratios.setdefault(k[2], []).append(mn / mb)
    print(f"| {k[0]}/{k[1]} | {k[2]} | {fmt(mb)} | {fmt(mn)} | {mn/mb:.3f} | {fmt(min(n))}–{fmt(max(n))} |")
import math
for impl, rs in ratios.items():
    print(f"geomean after/before, {impl}: {math.exp(sum(map(math.log, rs))/len(rs)):.3f} over {len(rs)} cases")
