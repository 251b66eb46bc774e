#!/usr/bin/env python3
"""Analyses text files on a Dask cluster with kma.dask.

On this machine (a LocalCluster of N worker processes):

    python3 dask_analyze.py --workers 2 --out out/ --merge corpus.jsonl corpus.txt

On a running multi-host cluster (files and out/ on storage every worker sees):

    python3 dask_analyze.py --scheduler tcp://10.0.0.1:8786 \\
        --out /shared/out/ /shared/corpus/*.txt

Prints one summary line to stderr; the output is in the part files (and in
--merge FILE, their concatenation: what `kma analyze --format F` prints).
"""
import argparse
import sys
import time

from distributed import Client, LocalCluster

import kma.dask


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("files", nargs="+", help="input text files, one text per line")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="address of a running scheduler (tcp://host:8786)")
    where.add_argument("--workers", type=int, default=2,
                       help="worker processes of a LocalCluster (default 2)")
    p.add_argument("--out", required=True, help="directory for the output parts")
    p.add_argument("--merge", help="also concatenate the parts into this file")
    p.add_argument("--format", default="json", choices=sorted(kma.dask.FORMATS))
    p.add_argument("--blocksize", type=int, default=kma.dask.DEFAULT_BLOCKSIZE,
                   help="bytes per task (default %(default)s)")
    p.add_argument("--model", help="model path as the workers see it (default: theirs)")
    p.add_argument("--lm", help="language model name (default: the model's)")
    args = p.parse_args()

    if args.scheduler:
        client, cluster = Client(args.scheduler), None
    else:
        # One thread per process: the processes, not threads, are what scales
        # here, and each keeps one analyzer.
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1,
                               dashboard_address="127.0.0.1:0")
        client = Client(cluster)
    try:
        start = time.perf_counter()
        options = kma.Options(lm=args.lm)
        kma.dask.warm_up(client, kma.dask.Spec(model=args.model, options=options))
        parts = kma.dask.analyze_files(args.files, args.out, blocksize=args.blocksize,
                                       format=args.format, model=args.model, options=options,
                                       client=client)
        if args.merge:
            kma.dask.concat_parts(parts, args.merge)
        seconds = time.perf_counter() - start
        workers = len(client.scheduler_info()["workers"])
        print(f"dask_analyze: {len(parts)} parts from {len(args.files)} files on "
              f"{workers} workers in {seconds:.1f} s", file=sys.stderr)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
