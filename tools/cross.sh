#!/usr/bin/env bash
# Cross-compiles kma for another target and runs its C tests there:
#
#   tools/cross.sh [--target linux-aarch64|win-x64] [-B BUILD_DIR] [--no-test]
#
# linux-aarch64 (the default; BUILD_DIR build-aarch64): Debian's
#   g++-aarch64-linux-gnu, tests under qemu-aarch64. The libraries kma links
#   come from Debian's arm64 packages: the script adds the arm64 architecture
#   to dpkg and installs libutf8proc-dev:arm64 libxxhash-dev:arm64
#   libcmocka-dev:arm64 libpython3.X-dev:arm64 when they are missing.
# win-x64 (BUILD_DIR build-win64): Debian's MinGW-w64
#   (g++-mingw-w64-x86-64-posix), tests under wine64. utf8proc, xxHash and
#   cmocka have no Debian package for Windows: tools/win_deps.sh builds them
#   from Debian's own sources into BUILD_DIR/deps (apt-get source: needs
#   deb-src lines in apt's sources).
# It builds what the packages need from that target (libkma, the JNI and C#
# libraries; for linux-aarch64 also the CLI and the Python wheel, from
# lib<python3.X>-dev:arm64's headers) and the C ABI tests, among them the golden analyses
# (tests/golden/expected.tsv and offsets_expected.tsv), which must be
# identical to x86_64's. Missing Debian packages are installed
# (KMA_SKIP_APT=1: never). tools/package.sh --cross calls it for each target.
# Messages go to stderr; the last line on stdout is BUILD_DIR.
set -euo pipefail
exec 3>&1 1>&2

log() { printf 'cross: %s\n' "$*"; }
die() {
  printf 'cross: error: %s\n' "$*"
  exit 1
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target=linux-aarch64
build_dir=""
run_tests=1
while (($#)); do
  case "$1" in
    --target) target="${2:?--target needs linux-aarch64 or win-x64}"; shift 2 ;;
    -B) build_dir="${2:?-B needs a directory}"; shift 2 ;;
    --no-test) run_tests=0; shift ;;
    -h | --help) sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
jobs="${KMA_JOBS:-$(nproc 2>/dev/null || echo 2)}"

case "${target}" in
  linux-aarch64)
    build_dir="${build_dir:-${root}/build-aarch64}"
    toolchain=aarch64-linux-gnu
    emulator=qemu-aarch64
    host_tools=(g++-aarch64-linux-gnu qemu-user)
    # The Python headers of the build machine's interpreter, for the wheel.
    py="$(/usr/bin/python3 -c 'import sys; print("python%d.%d" % sys.version_info[:2])' 2>/dev/null || echo python3)"
    target_libs=(libutf8proc-dev:arm64 libxxhash-dev:arm64 libcmocka-dev:arm64 "lib${py}-dev:arm64")
    foreign_arch=arm64
    # The thread, pool and user-dictionary suites take minutes under TCG.
    tests='^capi_(cmocka|offsets_golden|typos|lm|log|log_unknown_isa|log_unrunnable_isa|model_default|constraints|exports)$'
    ;;
  win-x64)
    build_dir="${build_dir:-${root}/build-win64}"
    toolchain=x86_64-w64-mingw32
    emulator=wine64
    # dpkg-dev: dpkg-source, which unpacks the sources win_deps.sh fetches.
    host_tools=(g++-mingw-w64-x86-64-posix wine64 dpkg-dev libutf8proc-dev libxxhash-dev libcmocka-dev)
    target_libs=()
    foreign_arch=""
    # wine runs the programs at native speed: every C test, and the JNI and
    # C# natives loaded and called (tests/cross/win_natives_test.c).
    tests='^(capi_|cross_win_natives$)'
    ;;
  *) die "unknown target '${target}' (linux-aarch64 or win-x64)" ;;
esac
# Prints the packages not installed. A name without ":ARCH" means this
# machine's architecture (or "all"): with multiarch a name can be installed
# once per architecture, and dpkg prints one status line for each.
missing() {
  local p
  for p in "$@"; do
    [[ "$p" == *:* ]] || p="$p:$(dpkg --print-architecture)"
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -qx "install ok installed" ||
      dpkg-query -W -f='${Status}\n' "${p%%:*}:all" 2>/dev/null | grep -qx "install ok installed" ||
      printf '%s\n' "${p}"
  done
}
if [[ "${KMA_SKIP_APT:-0}" != 1 ]] && command -v apt-get >/dev/null; then
  mapfile -t need < <(missing "${host_tools[@]}" "${target_libs[@]}")
  if ((${#need[@]})); then
    ((EUID == 0)) || die "not root: as root run dpkg --add-architecture arm64 && apt-get update && apt-get install ${need[*]}"
    if [[ -n "${foreign_arch}" ]] && ! dpkg --print-foreign-architectures | grep -qx "${foreign_arch}"; then
      log "adding the ${foreign_arch} architecture to dpkg (multiarch)"
      dpkg --add-architecture "${foreign_arch}"
    fi
    log "installing ${need[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}"
  fi
fi

extra=()
if [[ "${target}" == linux-aarch64 ]]; then
  # The wheel: the Python extension and the CLI it carries (the CLI's JSON
  # library is headers only, found on the build machine).
  extra+=(-DKMA_BUILD_PYTHON=ON -DKMA_BUILD_TOOLS=ON -Dnlohmann_json_DIR=/usr/share/cmake/nlohmann_json)
else
  extra+=(-DKMA_BUILD_TOOLS=OFF)
fi
if [[ "${target}" == win-x64 ]]; then
  "${root}/tools/win_deps.sh" "${build_dir}/deps" || die "tools/win_deps.sh failed"
  extra+=(-DKMA_WIN_DEPS_PREFIX="${build_dir}/deps")
fi
log "configuring ${build_dir}"
cmake -S "${root}" -B "${build_dir}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE="${root}/cmake/toolchains/${toolchain}.cmake" "${extra[@]}" \
  -DKMA_BUILD_EXAMPLES=OFF -DKMA_BUILD_BENCH=OFF \
  -DKMA_BUILD_JAVA=ON -DKMA_BUILD_CSHARP=ON >/dev/null || die "cmake configure failed"

# Only what the packages and the C tests need (the CLI only for the aarch64
# wheel, which carries it).
targets=(kma kma_jni kma_csharp kma_default_model)
for t in offsets_golden typos lm log model_default constraints; do targets+=("kma_capi_${t}_test"); done
targets+=(kma_capi_test)
if [[ "${target}" == linux-aarch64 ]]; then
  # manylinux_2_28_aarch64 (bindings/python/CMakeLists.txt), with kma/bin/kma.
  targets+=(kma_cli kma_python_wheel)
fi
if [[ "${target}" == win-x64 ]]; then
  # Every C test program the build defines (wine runs them all).
  mapfile -t capi_tests < <(cmake --build "${build_dir}" --target help | grep -o 'kma_capi_[a-z0-9_]*' | sort -u)
  targets+=("${capi_tests[@]}" kma_win_natives_test)
fi
log "building ${targets[*]}"
cmake --build "${build_dir}" --parallel "${jobs}" --target "${targets[@]}" || die "build failed"

if ((run_tests)); then
  log "running the C tests under ${emulator}"
  ctest --test-dir "${build_dir}" --output-on-failure --no-tests=error -j "${jobs}" -R "${tests}" ||
    die "tests failed under ${emulator}"
fi
printf '%s\n' "${build_dir}" >&3
