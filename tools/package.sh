#!/usr/bin/env bash
# Builds every kma package into one folder:
#
#   tools/package.sh [-B BUILD_DIR] [-o OUT_DIR] [--no-build] [--cross]
#
#   OUT_DIR/prefix/   `cmake --install`: libkma.so and libkma.a, headers, the
#                     CMake package (find_package(kma)), kma.pc, the kma CLI,
#                     share/kma/kma-default.kmam and the licenses
#   OUT_DIR/java/     kma-java-<v>.jar (classes, native libraries, model),
#                     kma-java-<v>.pom, -sources.jar and -javadoc.jar
#   OUT_DIR/nuget/    Kma.<v>.nupkg (net8.0 and net10.0; native libraries,
#                     model)
#   OUT_DIR/python/   kma_analyzer-<v>-cp3X-cp3X-manylinux_2_28_<arch>.whl
#                     (with --cross also the aarch64 one)
#   OUT_DIR/rust/     kma-sys-<v>.crate and kma-<v>.crate (cargo package)
#
# --cross also builds kma for linux-aarch64 and win-x64 (tools/cross.sh,
# into BUILD_DIR-aarch64 and BUILD_DIR-win64, with their C tests under
# qemu-aarch64 and wine64) and makes the jar and the NuGet package carry
# their natives (native/linux/aarch64/, native/windows/x86_64/;
# runtimes/linux-arm64/native/, runtimes/win-x64/native/) beside the
# linux-x64 ones.
#
# BUILD_DIR (default build/) must be configured; tools/bootstrap.sh configures
# it with the Java, C# and Rust bindings. A binding that was not configured is
# skipped with a message. OUT_DIR defaults to BUILD_DIR/packages and is
# emptied first (only if it is empty or an earlier output of this script).
# --no-build packs what is built (as the tests do). Messages go to stderr;
# the last line on stdout is OUT_DIR.
set -euo pipefail

log() { printf 'package: %s\n' "$*" >&2; }
die() {
  printf 'package: error: %s\n' "$*" >&2
  exit 1
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${root}/build"
out_dir=""
do_build=1
cross=0
while (($#)); do
  case "$1" in
    -B) build_dir="${2:?-B needs a directory}"; shift 2 ;;
    -o) out_dir="${2:?-o needs a directory}"; shift 2 ;;
    --no-build) do_build=0; shift ;;
    --cross) cross=1; shift ;;
    -h | --help) sed -n '2,29p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
build_dir="$(cd "${build_dir}" 2>/dev/null && pwd)" || die "no build directory (run tools/bootstrap.sh)"
cache="${build_dir}/CMakeCache.txt"
[[ -f "${cache}" ]] || die "${build_dir} is not a configured CMake build (run tools/bootstrap.sh)"
out_dir="${out_dir:-${build_dir}/packages}"

# A value of the CMake cache (the bindings record their package paths there).
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "${cache}" | head -n 1; }
version="$(cache_value CMAKE_PROJECT_VERSION)"
[[ -n "${version}" ]] || die "no CMAKE_PROJECT_VERSION in ${cache}"

if ((cross)); then
  ((do_build)) || die "--cross builds: it cannot be combined with --no-build"
  cross_dir="$("${root}/tools/cross.sh" -B "${build_dir}-aarch64" | tail -n 1)" || die "the aarch64 build failed"
  win_dir="$("${root}/tools/cross.sh" --target win-x64 -B "${build_dir}-win64" | tail -n 1)" ||
    die "the win-x64 build failed"
  cmake "${build_dir}" -DKMA_CROSS_AARCH64_DIR="${cross_dir}" -DKMA_CROSS_WIN64_DIR="${win_dir}" >/dev/null ||
    die "cmake failed"
fi

if ((do_build)); then
  log "building ${build_dir}"
  cmake --build "${build_dir}" --parallel "${KMA_JOBS:-$(nproc 2>/dev/null || echo 2)}" >&2
fi

# Never empty a directory this script did not make.
marker=".kma-packages"
if [[ -d "${out_dir}" && -n "$(ls -A "${out_dir}")" && ! -f "${out_dir}/${marker}" ]]; then
  die "${out_dir} is not empty and not an earlier output of tools/package.sh"
fi
rm -rf "${out_dir}"
mkdir -p "${out_dir}"
: >"${out_dir}/${marker}"
out_dir="$(cd "${out_dir}" && pwd)"

log "installing into ${out_dir}/prefix"
cmake --install "${build_dir}" --prefix "${out_dir}/prefix" >/dev/null

# copy_artifact DIR CACHE_VARIABLE WHAT: copies a file the build made.
copy_artifact() {
  local file
  file="$(cache_value "$2")"
  if [[ -z "${file}" ]]; then
    log "skipping $3: not configured ($2 unset; see tools/bootstrap.sh)"
    return 1
  fi
  [[ -f "${file}" ]] || die "$3: ${file} does not exist (build first, without --no-build)"
  mkdir -p "${out_dir}/$1"
  cp "${file}" "${out_dir}/$1/"
}

if copy_artifact java KMA_JAVA_FAT_JAR "the Java jar"; then
  copy_artifact java KMA_JAVA_POM "the Java pom"
  copy_artifact java KMA_JAVA_SOURCES_JAR "the Java sources jar"
  copy_artifact java KMA_JAVA_JAVADOC_JAR "the Java javadoc jar"
fi
copy_artifact nuget KMA_CS_NUPKG "the NuGet package" || true
wheel_dir="$(cache_value KMA_PYTHON_DIST_DIR)"
if [[ -n "${wheel_dir}" ]] && compgen -G "${wheel_dir}/*.whl" >/dev/null; then
  mkdir -p "${out_dir}/python"
  cp "${wheel_dir}"/*.whl "${out_dir}/python/"
else
  log "skipping the Python wheel: not configured or not built (KMA_BUILD_PYTHON=ON)"
fi
# The aarch64 cross build's wheel (tools/cross.sh builds it), beside this one.
cross_aarch64="$(cache_value KMA_CROSS_AARCH64_DIR)"
if [[ -n "${cross_aarch64}" ]] && compgen -G "${cross_aarch64}/bindings/python/dist/*.whl" >/dev/null; then
  mkdir -p "${out_dir}/python"
  cp "${cross_aarch64}"/bindings/python/dist/*.whl "${out_dir}/python/"
fi

if grep -q '^KMA_BUILD_RUST:BOOL=ON' "${cache}"; then
  cargo="$(command -v cargo || echo "${HOME}/.cargo/bin/cargo")"
  [[ -x "${cargo}" ]] || die "cargo not found"
  # Packed from a copy outside the source tree: the tree's .cargo/config.toml
  # replaces crates.io with Debian's directory of crates, and `cargo package`
  # must resolve kma-sys from the workspace instead. Nothing is fetched.
  stage="$(mktemp -d)"
  trap 'rm -rf "${stage}"' EXIT
  cp -r "${root}/bindings/rust/"{Cargo.toml,Cargo.lock,kma-sys,kma} "${stage}/"
  # The C++ sources and the compressed model go into kma-sys/vendor, from
  # which its build script builds libkma.a when none is installed.
  "${root}/bindings/rust/kma-sys/stage_vendor.sh" "${root}" "${stage}/kma-sys"
  log "packing the Rust crates"
  (cd "${stage}" && CARGO_TARGET_DIR="${stage}/target" \
    "${cargo}" package --offline --no-verify --workspace --quiet) >&2 ||
    die "cargo package failed"
  mkdir -p "${out_dir}/rust"
  cp "${stage}/target/package/"*.crate "${out_dir}/rust/"
else
  log "skipping the Rust crates: not configured (KMA_BUILD_RUST=OFF)"
fi

log "done, kma ${version}:"
(cd "${out_dir}" && find . -maxdepth 2 -mindepth 2 -not -path './prefix/*' | sort | sed 's/^\.\//  /' >&2)
log "  prefix/ (cmake --install)"
printf '%s\n' "${out_dir}"
