#!/usr/bin/env bash
# Interleaved throughput runs: on a noisy (shared, virtual) machine, single
# runs of one command differ by up to 25%, so every variant runs once per
# round, ROUNDS rounds, and the median KB/s of each is reported with its
# range. Ratios between variants of one run are what docs/PERFORMANCE.md compares.
#
# Each variant after the first is also compared with the first round by
# round (its value over the first's in the same round, median and range):
# the variants of one round ran under about the same load.
#
# usage: bench/interleaved.sh ROUNDS FILE "LABEL|kma bench ARGS" ...
#   e.g. bench/interleaved.sh 5 /tmp/news2k.txt \
#          "knlm|build/tools/kma bench --lm knlm" "cong|build/tools/kma bench --lm cong"
# Each command gets "--repeat 2 --json FILE" appended and runs with
# KMA_ISA=avx2 unless KMA_ISA is set. KMA_BENCH_METRIC=cpu_kb_per_s compares
# process CPU time (user + system) instead of wall time: on a machine that
# other jobs share, wall time swings with their load, CPU time much less.
set -euo pipefail
if [ $# -lt 3 ]; then
  sed -n '2,18p' "$0" >&2
  exit 2
fi
rounds=$1 file=$2
shift 2
isa=${KMA_ISA:-avx2} metric=${KMA_BENCH_METRIC:-kb_per_s}
declare -A runs
for ((r = 1; r <= rounds; r++)); do
  for spec in "$@"; do
    label=${spec%%|*} cmd=${spec#*|}
    kbs=$(KMA_ISA=$isa $cmd --repeat 2 --json "$file" |
          python3 -c 'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$metric")
    runs[$label]="${runs[$label]:-} $kbs"
  done
done
for spec in "$@"; do
  label=${spec%%|*}
  printf '%s: ' "$label"
  tr ' ' '\n' <<< "${runs[$label]}" | grep . | sort -g |
    awk -v m="$metric" '{v[NR] = $1} END {printf "median %.1f KB/s (%.1f-%.1f, %d runs, %s)\n", v[int((NR + 1) / 2)], v[1], v[NR], NR, m}'
done
first=${1%%|*}
for spec in "${@:2}"; do
  label=${spec%%|*}
  printf '%s / %s: ' "$label" "$first"
  python3 -c '
import sys
a, b = [float(x) for x in sys.argv[1].split()], [float(x) for x in sys.argv[2].split()]
r = sorted(y / x for x, y in zip(a, b))
print(f"median ratio {r[(len(r) - 1) // 2]:.3f} ({r[0]:.3f}-{r[-1]:.3f}, round by round)")' "${runs[$first]}" "${runs[$label]}"
done
