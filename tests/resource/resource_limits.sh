#!/usr/bin/env bash
# Resource-limit runs of the kma CLI, done by hand (docs/RELIABILITY.md keeps
# the figures). Each case prints one line: what ran, its exit code, wall
# time, peak RSS, the number of output lines and the first line of stderr. Every run is capped by a
# wall-clock timeout and an address-space limit, so a case that would hang
# or exhaust memory shows up as such instead of taking the machine down.
#
#   tests/resource/resource_limits.sh [-b BUILD_DIR] [-w WORK_DIR] CASE...
#
# Cases:
#   line100m   one 100 MB line through `kma analyze` (over the default
#              --max-line-bytes: an error, the line read past)
#   line100m_raised  the same with --max-line-bytes 4294967295: analysed
#   line1g     one 1 GB line (no newline) through `kma analyze`
#   line1g_raised    the same with --max-line-bytes 4294967295: the
#              analysis needs about 50 GB, so under the address-space cap it
#              runs out of memory, which must be an error, not an abort
#   file1g     a 1 GB file of ordinary lines through `kma analyze -t 2`
#   userdict1m a user dictionary of 10^6 entries (bench/make_user_dict.py,
#              the hard case) loaded and used on 2,000 lines
#   threads    `kma analyze -t 10000` (and the C ABI's pool bound, by the
#              capi_pool test)
#   nbest      `-n 1` vs `-n 64` on single lines of 1, 2, 4, 6, 12 and 24 KB
#   budget     the default memory budget (--memory-budget) under a 2 GB
#              address-space cap: `--constrain 'lemma 좋/VA'` on a 1 MB line,
#              `--typos -n 64` on a 1.2 MB line of jamo words and seven lemma
#              constraints on a 25 KB line, each file a long line and a short
#              one; each finishes or fails that line with "memory budget",
#              and the short line is analysed (2 lines out)
#   line16m    one line just under the default --max-line-bytes (16 MiB)
#              under the default memory budget: analysed
#   costs      peak RSS and CPU of each option's analysis on one line of 4,
#              16 and 64 KB (2, 8 and 25 KB for seven lemmas), without a
#              budget: docs/RELIABILITY.md, "Costs per input byte"
#   all        every case above but the *_raised ones
#
# Environment: KMA_RESOURCE_AS_GB (address-space cap, default 16),
# KMA_RESOURCE_TIMEOUT (seconds per run, default 3600).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${root}/build"
work="${TMPDIR:-/tmp}/kma-resource"
while getopts "b:w:" o; do
  case "$o" in
    b) build="$OPTARG" ;;
    w) work="$OPTARG" ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
(($# > 0)) || { sed -n '2,30p' "$0"; exit 2; }
kma="${build}/tools/kma"
[[ -x "${kma}" ]] || { echo "no ${kma}: build first (tools/bootstrap.sh)" >&2; exit 2; }
mkdir -p "${work}"
as_gb="${KMA_RESOURCE_AS_GB:-16}"
limit_s="${KMA_RESOURCE_TIMEOUT:-3600}"
news="${root}/../shared/data/bench/news_web.txt"

# Text to repeat: the news benchmark if present, else a fixed paragraph.
source_text() {
  if [[ -f "${news}" ]]; then
    cat "${news}"
  else
    for _ in $(seq 200); do
      echo "아버지가 방에 들어가신다. 오늘은 날씨가 정말 좋네요! 서울시 강남구에서 2024년 3월 15일에 행사가 열렸다."
    done
  fi
}

# make_file PATH BYTES JOIN: PATH gets BYTES bytes of the source text, its
# lines joined by JOIN (" " for one line, "\n" for many), ending in "\n"
# (or in nothing when JOIN is " " and NO_NEWLINE=1).
make_file() {
  local path="$1" bytes="$2" join="$3"
  [[ -f "${path}" && "$(stat -c %s "${path}")" -ge "${bytes}" ]] && return
  local chunk="${work}/chunk.txt"
  if [[ "${join}" == " " ]]; then source_text | tr '\n' ' ' >"${chunk}"; else source_text >"${chunk}"; fi
  : >"${path}.tmp"
  while (($(stat -c %s "${path}.tmp") < bytes)); do cat "${chunk}" >>"${path}.tmp"; done
  head -c "${bytes}" "${path}.tmp" >"${path}"
  rm -f "${path}.tmp"
  # Cut at a character boundary: drop a trailing partial UTF-8 sequence.
  python3 - "${path}" <<'PY'
import sys
p = sys.argv[1]
b = open(p, 'rb').read()
i = len(b)
while i > 0 and (b[i - 1] & 0xC0) == 0x80: i -= 1
if i > 0 and b[i - 1] >= 0xC0: i -= 1
open(p, 'wb').write(b[:i])
PY
  [[ "${NO_NEWLINE:-0}" == 1 ]] || echo >>"${path}"
}

# run LABEL CMD...: runs CMD under the caps and prints one result line.
run() {
  local label="$1"
  shift
  local err="${work}/stderr.txt" tm="${work}/time.txt" rc=0 lines
  # Output lines are counted, not kept (a stopped run shows how far it got).
  lines="$(prlimit --as=$((as_gb << 30)) -- timeout "${limit_s}" /usr/bin/time -f "%e %U %M" -o "${tm}" "$@" \
    2>"${err}" | wc -l; exit "${PIPESTATUS[0]}")" || rc=$?
  local wall="?" cpu="?" rss=0
  # GNU time writes "Command exited with non-zero status N" first on failure.
  read -r wall cpu rss < <(tail -n 1 "${tm}" 2>/dev/null) || true
  [[ "${rss}" =~ ^[0-9]+$ ]] || rss=0
  printf '%-24s exit %-3s %8s s %8s s CPU %6d MB %9s lines out  %s\n' "${label}" "${rc}" "${wall}" "${cpu}" \
    "$((rss / 1024))" "${lines}" "$(head -n 1 "${err}" | cut -c1-120)"
}

case_line100m() {
  make_file "${work}/line100m.txt" $((100 << 20)) " "
  run "100 MB line" "${kma}" analyze "${work}/line100m.txt"
}

case_line100m_raised() {
  make_file "${work}/line100m.txt" $((100 << 20)) " "
  run "100 MB line, raised" "${kma}" analyze --max-line-bytes 4294967295 "${work}/line100m.txt"
}

case_line1g() {
  NO_NEWLINE=1 make_file "${work}/line1g.txt" $((1 << 30)) " "
  run "1 GB line" "${kma}" analyze "${work}/line1g.txt"
}

case_line1g_raised() {
  NO_NEWLINE=1 make_file "${work}/line1g.txt" $((1 << 30)) " "
  run "1 GB line, raised" "${kma}" analyze --max-line-bytes 4294967295 "${work}/line1g.txt"
}

case_userdict1m() {
  local text="${news}"
  [[ -f "${text}" ]] || { source_text >"${work}/source.txt"; text="${work}/source.txt"; }
  [[ -f "${work}/userdict1m.tsv" ]] || python3 "${root}/bench/make_user_dict.py" "${text}" 1000000 "${work}/userdict1m.tsv"
  head -n 2000 "${text}" >"${work}/lines2k.txt"
  run "10^6-entry user dict" "${kma}" analyze --user-dict "${work}/userdict1m.tsv" "${work}/lines2k.txt"
}

case_file1g() {
  make_file "${work}/file1g.txt" $((1 << 30)) $'\n'
  run "1 GB file, -t 2" "${kma}" analyze -t 2 "${work}/file1g.txt"
}

case_threads() {
  echo "가자" >"${work}/one.txt"
  run "-t 10000" "${kma}" analyze -t 10000 "${work}/one.txt"
  run "-t 256" "${kma}" analyze -t 256 "${work}/one.txt"
}

case_nbest() {
  local kb
  for kb in 1 2 4 6 12 24; do
    make_file "${work}/line${kb}k.txt" $((kb << 10)) " "
    run "${kb} KB line, -n 1" "${kma}" analyze -n 1 "${work}/line${kb}k.txt"
    run "${kb} KB line, -n 64" "${kma}" analyze -n 64 "${work}/line${kb}k.txt"
  done
}

# A news line of BYTES bytes ending in a sentence every lemma below holds,
# then a short line: budget_file PATH BYTES.
budget_file() {
  local path="$1" bytes="$2"
  [[ -f "${path}" ]] && return
  make_file "${path}.line" "$((bytes - 64))" " "
  { tr -d '\n' <"${path}.line"; echo " 좋은 날이다 밥을 먹었다"; echo "밥을 먹었다 좋은 날이다"; } >"${path}"
  rm -f "${path}.line"
}

# BYTES bytes of spaced jamo words on one line, then a short line.
jamo_file() {
  local path="$1" bytes="$2"
  [[ -f "${path}" ]] && return
  python3 - "${path}" "${bytes}" <<'PY'
import sys
words = "ㅋㅋㅋ ㄱㅅ ㅇㅋ ㅎㅎ ㅠㅠ ㄴㄴ ㅇㅇ ㄷㄷ "
line = (words * (int(sys.argv[2]) // len(words.encode()) + 1)).encode()[: int(sys.argv[2])].decode(errors="ignore")
open(sys.argv[1], "w", encoding="utf-8").write(line.strip() + "\nㅋㅋ 재밌다\n")
PY
}

seven_lemmas="lemma 좋/VA; lemma 먹/VV; lemma 밥/NNG; lemma 날/NNG; lemma 을/JKO; lemma 이/VCP; lemma 었/EP"

case_budget() {
  local as_gb=2
  budget_file "${work}/budget1m.txt" $((1 << 20))
  budget_file "${work}/budget25k.txt" $((25 << 10))
  jamo_file "${work}/jamo1200k.txt" 1200000
  run "lemma 좋/VA, 1 MB" "${kma}" analyze --constrain 'lemma 좋/VA' "${work}/budget1m.txt"
  run "--typos -n 64, 1.2 MB jamo" "${kma}" analyze --typos -n 64 "${work}/jamo1200k.txt"
  run "7 lemmas, 25 KB" "${kma}" analyze --constrain "${seven_lemmas}" "${work}/budget25k.txt"
}

case_line16m() {
  make_file "${work}/line16m.txt" $(((16 << 20) - 16)) " "
  run "16 MiB line" "${kma}" analyze "${work}/line16m.txt"
}

case_costs() {
  local kb
  for kb in 4 16 64; do
    budget_file "${work}/cost${kb}k.txt" $((kb << 10))
    jamo_file "${work}/jamo${kb}k.txt" $((kb << 10))
    run "${kb} KB, plain" "${kma}" analyze --memory-budget 0 "${work}/cost${kb}k.txt"
    run "${kb} KB, -n 8" "${kma}" analyze --memory-budget 0 -n 8 "${work}/cost${kb}k.txt"
    run "${kb} KB, --typos" "${kma}" analyze --memory-budget 0 --typos "${work}/cost${kb}k.txt"
    run "${kb} KB, --typos -n 64 jamo" "${kma}" analyze --memory-budget 0 --typos -n 64 "${work}/jamo${kb}k.txt"
    run "${kb} KB, lemma 좋/VA" "${kma}" analyze --memory-budget 0 --constrain 'lemma 좋/VA' "${work}/cost${kb}k.txt"
  done
  for kb in 2 8 25; do
    budget_file "${work}/cost${kb}k.txt" $((kb << 10))
    run "${kb} KB, 7 lemmas" "${kma}" analyze --memory-budget 0 --constrain "${seven_lemmas}" "${work}/cost${kb}k.txt"
  done
}

echo "kma: $("${kma}" --version | tr '\n' ' ')"
echo "caps: address space ${as_gb} GB, ${limit_s} s per run; work dir ${work}"
for c in "$@"; do
  if [[ "$c" == all ]]; then
    set -- threads nbest budget userdict1m line100m line1g file1g
    for a in "$@"; do "case_${a}"; done
    break
  fi
  declare -F "case_${c}" >/dev/null || { echo "unknown case '${c}'" >&2; exit 2; }
  "case_${c}"
done
