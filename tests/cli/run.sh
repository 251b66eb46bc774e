#!/usr/bin/env bash
# Runs one CLI test case and compares what it printed with the expected files:
#   tests/cli/run.sh KMA CASE.sh WORK_DIR
# CASE.sh runs in a fresh WORK_DIR (where `tests` links to the source tree's
# tests/, so cases name data as tests/data/...), with stdin from /dev/null and
# common.sh's helpers (`kma ARGS...` runs the binary and logs the command and
# a non-zero exit). Its stdout and stderr, with what depends on the machine
# or the moment masked (normalize below), must
# equal CASE.sh.stdout.exact and CASE.sh.stderr.exact byte for byte, and its
# exit status be CASE.sh.exit's (0 when absent).
# KMA_CLI_UPDATE=1 (or KMA_GOLDEN_UPDATE=1) rewrites the .exact and .exit files
# from this run instead of comparing.
set -u
if [ $# -ne 3 ]; then
  echo "usage: $0 KMA CASE.sh WORK_DIR" >&2
  exit 2
fi
kma_bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
case_file=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
work=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(cd "$here/../.." && pwd)
build=$(cd "$(dirname "$kma_bin")/.." && pwd)  # the kma of build/tools/kma
update=${KMA_CLI_UPDATE:-${KMA_GOLDEN_UPDATE:-0}}

rm -rf "$work" && mkdir -p "$work/out"
work=$(cd "$work" && pwd)
ln -s "$src/tests" "$work/tests"

# The case sees the build's bundled model (whatever the caller's KMA_MODEL)
# and a fixed locale. KMA_ISA stays: analyses are the same under every level.
( cd "$work" && unset KMA_MODEL && export LC_ALL=C.UTF-8 KMA_BIN="$kma_bin" &&
  exec bash -c 'source "$1"; source "$2"' case "$here/common.sh" "$case_file" ) \
  </dev/null >"$work/out/stdout.raw" 2>"$work/out/stderr.raw"
status=$?

# normalize FILE: what depends on the machine and the moment out of the
# output: the paths, the kernels' instruction set (it follows the CPU) and
# timings (JSON fields of times, rates and memory; "N.N s", "N ms/sentence",
# "N <unit>/s" in text) become <work>, <build>, <src>, <isa> and <t>.
normalize() {
  local times='ms_per_sentence|load_ms|seconds|cpu_seconds|kb_per_s|cpu_kb_per_s|sentences_per_s'
  times+='|peak_rss_mb|user_dict_ms|user_dict_cpu_ms'
  sed -E -e "s#${work}#<work>#g" -e "s#${build}#<build>#g" -e "s#${src}#<src>#g" \
         -e 's/"isa":"[a-z0-9_]+"/"isa":"<isa>"/g' -e 's/^isa [a-z0-9_]+$/isa <isa>/' \
         -e "s/\"(${times})\":[-+0-9.e]+/\"\\1\":<t>/g" \
         -e 's/\b[0-9]+\.[0-9]+ s\b/<t> s/g' -e 's#\b[0-9.]+ ms/sentence#<t> ms/sentence#g' \
         -e 's#\b[0-9.]+ ([A-Za-z]+)/s\b#<t> \1/s#g' "$1"
}

failed=0
for stream in stdout stderr; do
  normalize "$work/out/$stream.raw" >"$work/out/$stream"
  exact="$case_file.$stream.exact"
  if [ "$update" = 1 ]; then
    cp "$work/out/$stream" "$exact"
  elif [ ! -f "$exact" ]; then
    echo "FAIL: no $(basename "$exact") (KMA_CLI_UPDATE=1 writes it)"
    failed=1
  elif ! cmp -s "$exact" "$work/out/$stream"; then
    echo "FAIL: $stream differs from $(basename "$exact"):"
    diff -u "$exact" "$work/out/$stream"
    failed=1
  fi
done

want_status=0
[ -f "$case_file.exit" ] && want_status=$(cat "$case_file.exit")
if [ "$update" = 1 ]; then
  if [ "$status" -ne 0 ]; then echo "$status" >"$case_file.exit"; else rm -f "$case_file.exit"; fi
elif [ "$status" -ne "$want_status" ]; then
  echo "FAIL: the case exited $status, expected $want_status"
  failed=1
fi
if [ "$failed" -ne 0 ]; then
  echo "--- stderr of the case:"
  cat "$work/out/stderr"
  exit 1
fi
[ "$update" = 1 ] && echo "updated the expected files of $(basename "$case_file")"
exit 0
