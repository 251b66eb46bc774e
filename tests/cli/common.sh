# Helpers for the CLI cases (sourced by run.sh before each case).

# _show ARGS...: the arguments as a shell would take them back.
_show() {
  local out="" a
  for a in "$@"; do
    if [[ "$a" =~ ^[A-Za-z0-9_./:=,+@%-]+$ ]]; then
      out+=" $a"
    else
      out+=" '${a//\'/\'\\\'\'}'"
    fi
  done
  printf '%s' "$out"
}

# kma ARGS...: runs the kma under test. Writes "$ kma ARGS" before its output
# on both stdout and stderr, and "[exit N]" after its stdout when it fails, so
# the expected files read as a transcript. Always returns 0.
kma() {
  local shown
  shown=$(_show "$@")
  printf '$ kma%s\n' "$shown"
  printf '$ kma%s\n' "$shown" >&2
  "$KMA_BIN" "$@"
  local rc=$?
  [ "$rc" -eq 0 ] || printf '[exit %d]\n' "$rc"
  return 0
}

# kma_status ARGS...: runs kma with its output left to the caller (redirect
# it, or pipe it into a check), and prints "[exit N]" on stderr when it fails.
kma_status() {
  "$KMA_BIN" "$@"
  local rc=$?
  [ "$rc" -eq 0 ] || printf '[exit %d]\n' "$rc" >&2
  return 0
}

# same FILE_A FILE_B WHAT: prints "same: WHAT" or "DIFFERENT: WHAT".
same() {
  if cmp -s "$1" "$2"; then echo "same: $3"; else echo "DIFFERENT: $3"; fi
}

# say ARGS...: logs "$ kma ARGS" on stdout and stderr without running it (for
# a run through kma_status whose output a case filters).
say() {
  printf '$ kma %s\n' "$*"
  printf '$ kma %s\n' "$*" >&2
}
