#!/usr/bin/env bash
# Runs the command-line examples of a Markdown file (the top-level README):
#
#   tests/docs/readme_examples.sh KMA_BINARY FILE.md
#
# Every line of a fenced shell block (```sh, or ``` with "$ " prompts) that
# starts with echo, printf or `kma ... <<<` is self-contained: it is run, the
# lines of one block in order in one scratch directory (a printf may write
# the file the next line reads), with `kma` and `build/tools/kma` meaning
# KMA_BINARY. It must exit 0 and print something; a trailing "# TEXT" is
# the output it shows, and must be it exactly. Lines that need other files
# (corpora, the user's own input) are left out.
set -euo pipefail

[[ $# -eq 2 ]] || { echo "usage: $0 KMA_BINARY FILE.md" >&2; exit 2; }
kma_bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
doc="$2"
work="$(mktemp -d)"
trap 'rm -rf "${work}"' EXIT
mkdir -p "${work}/bin"
ln -s "${kma_bin}" "${work}/bin/kma"
export PATH="${work}/bin:${PATH}"

ran=0 failed=0 block=0 in_fence=0 in_block=0 lineno=0
while IFS= read -r line || [[ -n "${line}" ]]; do
  lineno=$((lineno + 1))
  if [[ "${line}" =~ ^\`\`\` ]]; then
    if ((in_fence)); then in_fence=0 in_block=0; else
      in_fence=1
      lang="${line#\`\`\`}"
      if [[ -z "${lang}" || "${lang}" == sh || "${lang}" == bash || "${lang}" == console ]]; then
        in_block=1
        block=$((block + 1))
        mkdir -p "${work}/block${block}"
      fi
    fi
    continue
  fi
  ((in_block)) || continue
  cmd="${line#\$ }"
  [[ "${cmd}" =~ ^(echo|printf)\  || "${cmd}" =~ ^(build/tools/)?kma\ [^\|]*\<\<\< ]] || continue
  expected=""
  # A trailing comment after two spaces or more is the output shown.
  if [[ "${cmd}" =~ ^(.*[^[:space:]])[[:space:]]{2,}#[[:space:]]+(.*)$ ]]; then
    cmd="${BASH_REMATCH[1]}"
    expected="${BASH_REMATCH[2]}"
  fi
  cmd="${cmd//build\/tools\/kma/kma}"
  ran=$((ran + 1))
  [[ -z "${KMA_DOCS_VERBOSE:-}" ]] || printf "%s:%d: %s\n" "${doc}" "${lineno}" "${cmd}" >&2
  set +e
  out="$(cd "${work}/block${block}" && bash -c "${cmd}" 2>"${work}/stderr")"
  rc=$?
  set -e
  # A command that writes a file prints nothing: only pipes into kma must.
  if ((rc != 0)) || { [[ "${cmd}" == *kma* ]] && [[ -z "${out}" ]]; }; then
    printf '%s:%d: `%s` exited %d, printed %q\n%s\n' "${doc}" "${lineno}" "${cmd}" "${rc}" "${out}" \
      "$(cat "${work}/stderr")" >&2
    failed=$((failed + 1))
  elif [[ -n "${expected}" && "${out}" != "${expected}" ]]; then
    printf '%s:%d: `%s` printed\n  %s\nbut the document shows\n  %s\n' "${doc}" "${lineno}" "${cmd}" \
      "${out}" "${expected}" >&2
    failed=$((failed + 1))
  fi
done <"${doc}"

echo "${doc}: ${ran} examples run, ${failed} failed"
((ran > 0)) || { echo "no examples found in ${doc}" >&2; exit 1; }
((failed == 0))
