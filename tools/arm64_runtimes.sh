#!/usr/bin/env bash
# Unpacks Debian's arm64 Java runtime and Python interpreter into one
# directory, for running the packages under qemu-aarch64 (tests
# package_java_qemu_aarch64 and package_python_wheel_qemu_aarch64):
#
#   tools/arm64_runtimes.sh [DIR]      (default: build-aarch64/arm64-root)
#
# The packages are fetched with `apt-get download` and unpacked with
# `dpkg -x`, not installed: openjdk-17-jre-headless and libpython3.11-stdlib
# are Multi-Arch: same, so installing the arm64 ones must bring the amd64
# ones to the same version (an upgrade of the host's JDK), and
# python3.11-minimal:arm64 cannot be installed beside the amd64 one at all.
# Needs the arm64 architecture in dpkg (tools/cross.sh adds it). A program
# then runs as
#   qemu-aarch64 -L /usr/aarch64-linux-gnu \
#     -E LD_LIBRARY_PATH=/usr/aarch64-linux-gnu/lib:DIR/lib/aarch64-linux-gnu:DIR/usr/lib/aarch64-linux-gnu \
#     DIR/usr/lib/jvm/java-17-openjdk-arm64/bin/java ...   (or DIR/usr/bin/python3.11)
# on the loader, libc and libstdc++ of the cross toolchain's sysroot. The
# sysroot's lib/ must come first: with -L alone, libc.so.6 is found through
# the host's ld.so.cache in the multiarch libc6:arm64, another build of
# glibc than the sysroot's ld.so, and the JVM then spins forever in its
# start-up. The last line on stdout is DIR.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-${root}/build-aarch64/arm64-root}"
# The JVM links zlib; the interpreter's standard library needs expat
# (pyexpat, for venv and pip's metadata) and libffi (ctypes).
packages=(openjdk-17-jre-headless:arm64 zlib1g:arm64
  python3.11-minimal:arm64 libpython3.11-minimal:arm64 libpython3.11-stdlib:arm64
  libexpat1:arm64 libffi8:arm64)

dpkg --print-foreign-architectures | grep -qx arm64 ||
  { echo "arm64_runtimes: the arm64 architecture is not in dpkg (run tools/cross.sh first)" >&2; exit 1; }
debs="$(mktemp -d)"
trap 'rm -rf "${debs}"' EXIT
(cd "${debs}" && apt-get download -q "${packages[@]}") >&2
mkdir -p "${dir}"
for deb in "${debs}"/*.deb; do
  dpkg -x "${deb}" "${dir}"
done
for exe in usr/lib/jvm/java-17-openjdk-arm64/bin/java usr/bin/python3.11; do
  [[ -x "${dir}/${exe}" ]] || { echo "arm64_runtimes: no ${exe} in the unpacked packages" >&2; exit 1; }
done
printf '%s\n' "${dir}"
