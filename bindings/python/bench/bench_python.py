#!/usr/bin/env python3
"""Benchmarks of the Python package, each variant interleaved with the others
round by round (a shared machine drifts; ratios within one run are what
count, as with bench/interleaved.sh).

  overhead FILE   Analyzer.analyze() per line against `kma bench` (C, one
                  thread) on the same non-empty lines: the Python overhead per
                  call, as a share of the analysis time.
  many FILE       analyze_many(workers=1) against workers=2 (kma_pool); with
                  --with-c, `kma bench --threads 1|2` on the same lines too.
  stream FILE     tokenize(line) per line, against tokenize(iterable,
                  workers=2) (the generator over the pool) and
                  analyze_many(workers=2) on the same lines.
  choice FILE     why pybind11: per line, the best of 5 calls of the bare C
                  analysis (through ctypes, no conversion), of kma's
                  analyze() (pybind11) and of the same analyze() over ctypes
                  (ctypes_prototype.py).

From the repository root, after the build (PYTHONPATH = the staged package):

  PYTHONPATH=build/bindings/python/stage /usr/bin/python3 \\
      bindings/python/bench/bench_python.py overhead ../shared/data/bench/reviews.txt
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

import kma


def read_lines(path, limit):
    """Non-empty lines without their endings, as `kma bench` reads them."""
    with open(path, encoding="utf-8") as f:
        lines = [l.rstrip("\n").rstrip("\r") for l in f]
    lines = [l for l in lines if l]
    return lines[:limit] if limit else lines


def c_bench(cli, path, model, lm, threads=1):
    """Seconds of `kma bench` for one pass on `threads` threads (--json)."""
    cmd = [cli, "bench", "--json", "--threads", str(threads), "--model", model, path]
    if lm:
        cmd[2:2] = ["--lm", lm]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out)["seconds"]


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def report(label, runs, unit_count, unit):
    med = statistics.median(runs)
    print(f"{label}: median {med:.2f} s = {med / unit_count * 1e3:.4f} ms/{unit} "
          f"({min(runs):.2f}-{max(runs):.2f} s, {len(runs)} runs)")
    return med


def overhead(args):
    lines = read_lines(args.file, args.limit)
    path = args.file
    if args.limit:  # kma bench reads a file: give it exactly these lines
        path = os.path.join(args.tmp, "bench_lines.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    model = kma.Model(args.model)
    kma.Analyzer(model, args.lm).analyze("나는 밥을 먹었다.")  # warm-up, as kma bench's
    c_runs, py_runs = [], []
    c_cpu, py_cpu = [], []  # CPU seconds: less disturbed by other processes
    for _ in range(args.rounds):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        c_runs.append(c_bench(args.cli, path, model.path, args.lm))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        # The child's whole CPU time: its model load and file reading too
        # (tens of milliseconds), so this slightly favours Python.
        c_cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        # A new analyzer per run, as kma bench has: its look-up caches start
        # empty, so later rounds are not faster than the first.
        analyzer = kma.Analyzer(model, args.lm)
        start = time.process_time()
        py_runs.append(timed(lambda: [analyzer.analyze(l) for l in lines]))
        py_cpu.append(time.process_time() - start)
    print(f"{len(lines)} lines of {args.file}, lm {analyzer.lm}, isa {kma.active_isa()}")
    c = report("C (kma bench)", c_runs, len(lines), "line")
    py = report("Python analyze()", py_runs, len(lines), "line")
    ratios = sorted(p / c for p, c in zip(py_runs, c_runs))
    print(f"Python overhead: {(py / c - 1) * 100:+.1f}% of the analysis time "
          f"(per-round ratios {ratios[0]:.3f}-{ratios[-1]:.3f})")
    cc, pc = statistics.median(c_cpu), statistics.median(py_cpu)
    cpu_ratios = sorted(p / c for p, c in zip(py_cpu, c_cpu))
    print(f"CPU time: C {cc:.2f} s, Python {pc:.2f} s: overhead {(pc / cc - 1) * 100:+.1f}% "
          f"(per-round ratios {cpu_ratios[0]:.3f}-{cpu_ratios[-1]:.3f})")


def many(args):
    lines = read_lines(args.file, args.limit)
    model = kma.Model(args.model)
    runs = {1: [], 2: []}
    cpu = {1: [], 2: []}  # CPU seconds of the process (all threads) per run
    c_runs = {1: [], 2: []}  # the same lines through `kma bench --threads N`
    path = args.file
    if args.limit:
        path = os.path.join(args.tmp, "bench_lines.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    for _ in range(args.rounds):
        if args.with_c:
            for threads in (1, 2):
                c_runs[threads].append(c_bench(args.cli, path, model.path, args.lm, threads))
        for workers in (1, 2):
            # A new analyzer (and pool) per run: caches start empty each time.
            analyzer = kma.Analyzer(model, args.lm)
            before = os.times()
            runs[workers].append(timed(lambda: analyzer.analyze_many(lines, workers=workers)))
            after = os.times()
            cpu[workers].append(after.user + after.system - before.user - before.system)
    print(f"{len(lines)} lines of {args.file}, lm {analyzer.lm}, isa {kma.active_isa()}")
    one = report("analyze_many workers=1", runs[1], len(lines), "line")
    two = report("analyze_many workers=2", runs[2], len(lines), "line")
    ratios = sorted(a / b for a, b in zip(runs[1], runs[2]))
    print(f"speed-up with 2 workers: {one / two:.2f}x "
          f"(per-round {ratios[0]:.2f}-{ratios[-1]:.2f})")
    # On a busy machine the wall clock shows the share of the CPU the
    # process got; the CPU time shows whether the threads ran in parallel.
    for w in (1, 2):
        c, t = statistics.median(cpu[w]), statistics.median(runs[w])
        print(f"workers={w}: median CPU {c:.2f} s, {c / t:.2f} CPU-seconds per second")
    if args.with_c:
        c1 = report("kma bench --threads 1", c_runs[1], len(lines), "line")
        c2 = report("kma bench --threads 2", c_runs[2], len(lines), "line")
        print(f"C speed-up with 2 threads in the same run: {c1 / c2:.2f}x")


def choice(args):
    import ctypes

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from ctypes_prototype import CtypesAnalyzer, _lib, _vp

    lines = read_lines(args.file, args.limit or 400)
    analyzer = kma.Analyzer(args.model, args.lm)
    other = CtypesAnalyzer(analyzer.model.path)
    assert all(analyzer.analyze(l) == other.analyze(l) for l in lines[:50])

    def bare(line, handle=other._analyzer):
        data = line.encode()
        res = _vp()
        _lib.kma_analyzer_analyze_utf8(handle, data, len(data), ctypes.byref(res))
        _lib.kma_result_free(res)

    variants = {"bare C call": bare, "pybind11 analyze()": analyzer.analyze,
                "ctypes analyze()": other.analyze}
    total = dict.fromkeys(variants, 0.0)
    for line in lines:
        for name, fn in variants.items():
            total[name] += min(timed(lambda: fn(line)) for _ in range(5))
    tokens = sum(len(analyzer.tokenize(l)) for l in lines) / len(lines)
    print(f"{len(lines)} lines of {args.file} ({tokens:.1f} tokens/line), best of 5 per line")
    base = total["bare C call"]
    for name, t in total.items():
        print(f"{name}: {t / len(lines) * 1e6:.1f} us/line "
              f"(+{(t - base) / len(lines) * 1e6:.1f} us, {(t / base - 1) * 100:+.1f}%)")


def stream(args):
    lines = read_lines(args.file, args.limit)
    model = kma.Model(args.model)
    variants = {
        "tokenize per line": lambda a: [a.tokenize(l) for l in lines],
        "tokenize(iterable, workers=2)": lambda a: list(a.tokenize(iter(lines), workers=2)),
        "analyze_many(workers=2)": lambda a: [r[0].tokens for r in a.analyze_many(lines, workers=2)],
    }
    runs = {name: [] for name in variants}
    for _ in range(args.rounds):
        for name, run in variants.items():
            analyzer = kma.Analyzer(model, args.lm)  # caches and pool start empty
            runs[name].append(timed(lambda: run(analyzer)))
    print(f"{len(lines)} lines of {args.file}, lm {analyzer.lm}, isa {kma.active_isa()}")
    base = None
    for name in variants:
        med = report(name, runs[name], len(lines), "line")
        base = base or med
        print(f"  {base / med:.2f}x the speed of tokenize per line")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("mode", choices=["overhead", "many", "stream", "choice"])
    p.add_argument("file")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--limit", type=int, default=0, help="first N non-empty lines only")
    p.add_argument("--model", help="model file (default: the package's)")
    p.add_argument("--lm", help="language model (default: the model's)")
    p.add_argument("--cli", default="build/tools/kma", help="the kma command")
    p.add_argument("--tmp", default="/tmp")
    p.add_argument("--with-c", action="store_true",
                   help="many: also run `kma bench --threads 1|2` on the lines")
    args = p.parse_args()
    {"overhead": overhead, "many": many, "stream": stream, "choice": choice}[args.mode](args)


if __name__ == "__main__":
    main()
