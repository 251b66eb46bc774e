#!/usr/bin/env python3
"""Throughput of kma.dask on LocalClusters of 1 and 2 worker processes
against one `kma analyze` process on the same input, interleaved round by
round; every round also checks that the Dask output is byte-identical to the
command's.

The input is the first --bytes of FILE, cut at a line boundary. Each round
starts each cluster afresh and alone (an idle cluster's scheduler and
workers would take CPU from the measured one on a small machine), and opens
its models (kma.dask.warm_up) before the clock starts, as for a cluster that
serves many jobs; the time covers planning, the tasks, the part files and
their concatenation.

From the repository root, after the build:

  PYTHONPATH=build/bindings/python/stage /usr/bin/python3 \\
      bindings/python/bench/bench_dask.py ../shared/data/raw/reviews_all.txt
"""
import argparse
import filecmp
import os
import resource
import shutil
import statistics
import subprocess
import tempfile
import time

from distributed import Client, LocalCluster

import kma.dask


def _cpu_seconds():
    """CPU seconds used so far by the calling process (run on the workers)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def workers_cpu(client):
    return sum(client.run(_cpu_seconds).values())


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cli_run(cli, src, dest):
    with open(dest, "wb") as out:
        subprocess.run([cli, "analyze", "--format", "json", src], check=True, stdout=out)


def dask_run(client, src, work, dest, blocksize):
    shutil.rmtree(work, ignore_errors=True)
    parts = kma.dask.analyze_files([src], work, blocksize=blocksize, format="json",
                                   client=client)
    kma.dask.concat_parts(parts, dest)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("file")
    p.add_argument("--bytes", type=int, default=3_000_000, help="input size (default 3 MB)")
    p.add_argument("--blocksize", type=int, default=256_000, help="bytes per task")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--cli", default="build/tools/kma")
    args = p.parse_args()

    tmp = tempfile.mkdtemp(prefix="kma_bench_dask_")
    src = os.path.join(tmp, "input.txt")
    with open(args.file, "rb") as f:
        data = f.read(args.bytes)
    with open(src, "wb") as f:
        f.write(data[:data.rindex(b"\n") + 1])
    lines = data.count(b"\n")
    runs = {"cli": [], 1: [], 2: []}
    # CPU seconds (the CLI process; all worker processes): on a busy machine
    # the wall clock shows the CPU share a run got, this shows what the work
    # cost.
    cpu = {"cli": [], 1: [], 2: []}
    try:
        for _ in range(args.rounds):
            start, cpu0 = time.perf_counter(), children_cpu()
            cli_run(args.cli, src, os.path.join(tmp, "cli.jsonl"))
            runs["cli"].append(time.perf_counter() - start)
            cpu["cli"].append(children_cpu() - cpu0)
            for n in (1, 2):
                with LocalCluster(n_workers=n, threads_per_worker=1, dashboard_address="127.0.0.1:0",
                                  silence_logs=40) as cluster, Client(cluster) as client:
                    kma.dask.warm_up(client)
                    dest = os.path.join(tmp, f"dask{n}.jsonl")
                    start, cpu0 = time.perf_counter(), workers_cpu(client)
                    dask_run(client, src, os.path.join(tmp, f"parts{n}"), dest, args.blocksize)
                    runs[n].append(time.perf_counter() - start)
                    cpu[n].append(workers_cpu(client) - cpu0)
                if not filecmp.cmp(dest, os.path.join(tmp, "cli.jsonl"), shallow=False):
                    raise SystemExit(f"dask ({n} workers) output differs from the CLI's")
        size = os.path.getsize(src)
        print(f"{size} bytes, {lines} lines of {args.file}; blocks of {args.blocksize} bytes; "
              f"outputs identical to the CLI's in every round")
        med = {k: statistics.median(v) for k, v in runs.items()}
        for key, label in (("cli", "kma analyze (1 process)"), (1, "kma.dask, 1 worker"),
                           (2, "kma.dask, 2 workers")):
            v = runs[key]
            c = statistics.median(cpu[key])
            print(f"{label}: median {med[key]:.2f} s, {size / med[key] / 1e3:.1f} KB/s "
                  f"({min(v):.2f}-{max(v):.2f} s, {len(v)} runs); CPU {c:.2f} s, "
                  f"{c / med[key]:.2f} CPU-seconds per second")
        per_round = sorted(c / d for c, d in zip(runs["cli"], runs[2]))
        print(f"2 workers vs one kma process: {med['cli'] / med[2]:.2f}x "
              f"(per round {per_round[0]:.2f}-{per_round[-1]:.2f}); "
              f"vs 1 worker: {med[1] / med[2]:.2f}x")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
