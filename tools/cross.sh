#!/usr/bin/env bash
# Builds kma for Linux on AArch64 (cross-compiled with Debian's
# g++-aarch64-linux-gnu) and runs its C tests under qemu-aarch64:
#
#   tools/cross.sh [-B BUILD_DIR] [--no-test]      (default: build-aarch64)
#
# It builds what the packages need from that target (libkma.so, the JNI and
# C# libraries) and the C ABI tests, among them the golden analyses
# (tests/golden/expected.tsv and offsets_expected.tsv), which must be
# identical to x86_64's. The libraries kma links come from Debian's arm64
# packages: the script adds the arm64 architecture to dpkg and installs
# libutf8proc-dev:arm64 libxxhash-dev:arm64 libcmocka-dev:arm64 when they are
# missing (KMA_SKIP_APT=1: never). tools/package.sh --cross calls it.
# Messages go to stderr; the last line on stdout is BUILD_DIR.
set -euo pipefail
exec 3>&1 1>&2

log() { printf 'cross: %s\n' "$*"; }
die() {
  printf 'cross: error: %s\n' "$*"
  exit 1
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${root}/build-aarch64"
run_tests=1
while (($#)); do
  case "$1" in
    -B) build_dir="${2:?-B needs a directory}"; shift 2 ;;
    --no-test) run_tests=0; shift ;;
    -h | --help) sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
jobs="${KMA_JOBS:-$(nproc 2>/dev/null || echo 2)}"

host_tools=(g++-aarch64-linux-gnu qemu-user)
target_libs=(libutf8proc-dev:arm64 libxxhash-dev:arm64 libcmocka-dev:arm64)
missing() {
  local p
  for p in "$@"; do
    [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" == "install ok installed" ]] ||
      printf '%s\n' "$p"
  done
}
if [[ "${KMA_SKIP_APT:-0}" != 1 ]] && command -v apt-get >/dev/null; then
  mapfile -t need < <(missing "${host_tools[@]}" "${target_libs[@]}")
  if ((${#need[@]})); then
    ((EUID == 0)) || die "not root: as root run dpkg --add-architecture arm64 && apt-get update && apt-get install ${need[*]}"
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
      log "adding the arm64 architecture to dpkg (multiarch)"
      dpkg --add-architecture arm64
    fi
    log "installing ${need[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}"
  fi
fi

log "configuring ${build_dir}"
cmake -S "${root}" -B "${build_dir}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="${root}/cmake/toolchains/aarch64-linux-gnu.cmake" \
  -DKMA_BUILD_TOOLS=OFF -DKMA_BUILD_EXAMPLES=OFF -DKMA_BUILD_BENCH=OFF \
  -DKMA_BUILD_JAVA=ON -DKMA_BUILD_CSHARP=ON >/dev/null || die "cmake configure failed"

# Only what the packages and the C tests need (no CLI, no model builder).
targets=(kma kma_jni kma_csharp kma_default_model)
for t in capi offsets_golden typos lm log model_default constraints; do
  [[ "$t" == capi ]] && targets+=(kma_capi_test) || targets+=("kma_capi_${t}_test")
done
log "building ${targets[*]}"
cmake --build "${build_dir}" --parallel "${jobs}" --target "${targets[@]}" || die "build failed"

if ((run_tests)); then
  log "running the C tests under qemu-aarch64"
  ctest --test-dir "${build_dir}" --output-on-failure --no-tests=error -j "${jobs}" \
    -R '^capi_(cmocka|offsets_golden|typos|lm|log|log_unknown_isa|log_unrunnable_isa|model_default|constraints|exports)$' ||
    die "tests failed under qemu-aarch64"
fi
printf '%s\n' "${build_dir}" >&3
