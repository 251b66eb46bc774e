#!/usr/bin/env bash
# A long fuzzing run by hand (docs/RELIABILITY.md records them): one target
# at nice 19 until it has executed RUNS inputs, growing its corpus in
# WORK/corpus-<target> (never in the repository) and keeping the log and any
# crash reproducer in WORK.
#
#   tests/fuzz/long_run.sh BUILD_DIR TARGET RUNS [WORK] [libFuzzer flags...]
#
# BUILD_DIR is a -DKMA_FUZZ=ON tree (docs/RELIABILITY.md has the configure
# line). Afterwards, replay the grown corpus under ASan+UBSan:
#   ASAN_BUILD/tests/fuzz/fuzz_replay_TARGET WORK/corpus-TARGET
set -euo pipefail
build="$1" target="$2" runs="$3" work="${4:-${TMPDIR:-/tmp}/kma-fuzz}"
shift $(($# < 4 ? $# : 4))
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${build}/tests/fuzz/fuzz_${target}"
[[ -x "${bin}" ]] || { echo "no ${bin}: configure with -DKMA_FUZZ=ON and build fuzz_${target}" >&2; exit 2; }
case "${target}" in
  analyze) max_len=64 ;;   # short inputs: analysis cost grows with length
  split) max_len=128 ;;
  lm) max_len=96 ;;
  model_load) max_len=96 ;;  # a program of edits, not a model
  line_reader) max_len=1024 ;;  # lines around limits of up to 300 bytes
  eval_formats) max_len=256 ;;  # two gold lines, or a small split gold file
  *) max_len=128 ;;
esac
mkdir -p "${work}/corpus-${target}"
log="${work}/${target}.log"
echo "fuzz_${target}: ${runs} runs, max_len ${max_len}, log ${log}"
# libFuzzer refuses a corpus directory that does not exist: a target
# without reproducers has no regressions/ folder.
seeds=("${root}/tests/fuzz/corpus/${target}")
[[ -d "${root}/tests/fuzz/regressions/${target}" ]] && seeds+=("${root}/tests/fuzz/regressions/${target}")
exec nice -n 19 "${bin}" -runs="${runs}" -max_len="${max_len}" -timeout=60 -rss_limit_mb=4096 \
  -print_final_stats=1 -artifact_prefix="${work}/${target}-" "$@" \
  "${work}/corpus-${target}" "${seeds[@]}" >"${log}" 2>&1
