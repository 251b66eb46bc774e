#!/usr/bin/env bash
# Sets up kma on a fresh Debian 12 (bookworm) machine: installs the build and
# test dependencies that are missing (apt), then configures a Release build in
# build/ and compiles it with all cores. Safe to run again: nothing is
# installed when everything is present, and the build is incremental.
#
#   tools/bootstrap.sh                 # then: build/tools/kma --help
#
# Environment:
#   KMA_JOBS        parallel build jobs (default: number of cores)
#   KMA_SKIP_APT=1  never call apt-get (e.g. on a non-Debian system where the
#                   dependencies were installed by other means)
#
# Every message goes to stderr, so the script's stdout stays empty.
set -euo pipefail
exec 1>&2

log() { printf 'bootstrap: %s\n' "$*"; }
die() {
  printf 'bootstrap: error: %s\n' "$*"
  exit 1
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${root}/build"
jobs="${KMA_JOBS:-$(nproc 2>/dev/null || echo 2)}"

# What each package is for (see README.md, "Dependencies"). The CMake files
# need all of them: pkg-config finds utf8proc, zstd and xxHash; the zstd CLI
# decompresses the bundled model; GoogleTest and cmocka build the tests;
# valgrind runs the C ABI leak-check test.
packages=(
  build-essential  # g++, make, binutils (nm for the exported-symbol test)
  cmake
  pkg-config
  zstd
  libzstd-dev
  libutf8proc-dev
  libxxhash-dev
  nlohmann-json3-dev  # the kma command's JSON reports (eval, bench)
  libgtest-dev
  libbenchmark-dev # bench/: Google Benchmark micro-benchmarks of the kernels
  libsimde-dev     # tests: AVX-512 kernel logic emulated on CPUs without AVX-512
  g++-aarch64-linux-gnu  # tests: NEON kernels cross-compiled for AArch64 ...
  qemu-user        # ... and run under qemu-aarch64
  libcmocka-dev
  valgrind
  bindgen          # Rust binding: regenerates kma-sys bindings to check the committed ones
  libclang-dev     # libclang for bindgen
  default-jdk-headless  # Java binding: JDK with the default-java link FindJNI needs
  junit5           # Java binding: JUnit 5 console launcher for its tests
  swig             # C# binding: generates the P/Invoke layer over the C ABI
  python3-dev      # Python binding: headers to compile the extension module
  python3-pybind11 # Python binding: the C++ glue of the extension (over the C ABI)
  python3-setuptools  # Python binding: packs the wheel ...
  python3-wheel    # ... (bdist_wheel) ...
  python3-build    # ... driven by `python3 -m build --no-isolation`
  python3-venv     # Python binding test: installs the wheel into a fresh venv
  python3-pytest   # Python binding tests
  python3-dask     # kma.dask: Dask bags and dataframes ...
  python3-distributed  # ... on a cluster (LocalCluster in the tests)
  python3-pandas   # kma.dask.analyze_dataframe (dask.dataframe needs pandas)
  clang-14         # CI lanes (tests/lanes): ASan+UBSan and libFuzzer builds ...
  libclang-rt-14-dev  # ... with clang's libFuzzer and sanitizer runtimes
)

# Prints the packages of $packages that dpkg does not report as installed.
# One status line per installed architecture: a package also installed for
# another architecture (tools/cross.sh adds the arm64 -dev packages) prints
# two, and either being "install ok installed" is enough.
missing_packages() {
  local p status
  for p in "${packages[@]}"; do
    status="$(dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null || true)"
    [[ $'\n'"${status}"$'\n' == *$'\ninstall ok installed\n'* ]] || printf '%s\n' "$p"
  done
}

install_missing() {
  if [[ "${KMA_SKIP_APT:-0}" == 1 ]]; then
    log "KMA_SKIP_APT=1: not checking system packages"
    return
  fi
  if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
    log "not a Debian-like system (no apt-get/dpkg-query): not installing packages;"
    log "make sure these (or their equivalents) are installed: ${packages[*]}"
    return
  fi
  local missing
  mapfile -t missing < <(missing_packages)
  if ((${#missing[@]} == 0)); then
    log "all required packages are installed"
    return
  fi
  log "installing missing packages: ${missing[*]}"
  # `env` passes DEBIAN_FRONTEND through sudo, which resets the environment.
  local -a run=(env DEBIAN_FRONTEND=noninteractive)
  if ((EUID != 0)); then
    command -v sudo >/dev/null ||
      die "not root and sudo is not available; as root run: apt-get install ${missing[*]}"
    run=(sudo "${run[@]}")
  fi
  "${run[@]}" apt-get update -q || die "apt-get update failed"
  "${run[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" ||
    die "apt-get install failed for: ${missing[*]}"
  mapfile -t missing < <(missing_packages)
  ((${#missing[@]} == 0)) || die "still missing after apt-get install: ${missing[*]}"
}

install_missing

[[ -f "${root}/models/kma-default.kmam.zst" ]] ||
  die "models/kma-default.kmam.zst is missing (the bundled model; is this a complete clone?)"

log "configuring (Release) in ${build_dir}"
cmake -S "${root}" -B "${build_dir}" -DCMAKE_BUILD_TYPE=Release -DKMA_BUILD_RUST=ON -DKMA_BUILD_JAVA=ON -DKMA_BUILD_CSHARP=ON -DKMA_BUILD_PYTHON=ON ||
  die "cmake configure failed (see the messages above)"

log "building with ${jobs} jobs"
cmake --build "${build_dir}" --parallel "${jobs}" || die "build failed (see the messages above)"

cli="${build_dir}/tools/kma"
[[ -x "${cli}" ]] || die "the build finished but ${cli} does not exist"
log "done. The CLI is ${cli#"${PWD}/"}"
log "  try: echo \"아버지가방에들어가신다\" | ${cli#"${PWD}/"} analyze"
log "  tests: ctest --test-dir ${build_dir#"${PWD}/"} --output-on-failure --no-tests=error"
