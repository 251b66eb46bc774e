#!/usr/bin/env bash
# Builds the libraries kma links for Windows on x86-64 (MinGW-w64) into a
# prefix, from Debian's own sources, since Debian packages none of them for
# that target:
#
#   tools/win_deps.sh PREFIX
#
#   utf8proc  the source package of the installed libutf8proc-dev (the same
#             version, so the same Unicode tables, as the Linux builds),
#             by apt-get source (when apt's sources have no deb-src lines,
#             through a source index of its own under PREFIX/src/apt)
#   xxHash    the installed libxxhash-dev's xxhash.h, compiled once in its
#             implementation mode (it is a header-only library)
#   cmocka    the source package of the installed libcmocka-dev (for the C
#             tests), with its own CMake build
#
# Each becomes a static archive in PREFIX/lib with a pkg-config file in
# PREFIX/lib/pkgconfig (cmake/toolchains/x86_64-w64-mingw32.cmake reads
# them). Sources are fetched into PREFIX/src once; a library already in
# PREFIX is not built again. Messages go to stderr.
set -euo pipefail
exec 1>&2

log() { printf 'win_deps: %s\n' "$*" >&2; }
die() {
  printf 'win_deps: error: %s\n' "$*" >&2
  exit 1
}

[[ $# -eq 1 ]] || die "usage: tools/win_deps.sh PREFIX"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$1"
prefix="$(cd "$1" && pwd)"
cc=x86_64-w64-mingw32-gcc-posix
ar=x86_64-w64-mingw32-ar
command -v "${cc}" >/dev/null || die "${cc} not found (apt-get install g++-mingw-w64-x86-64-posix)"
mkdir -p "${prefix}/src" "${prefix}/include" "${prefix}/lib/pkgconfig"

# write_pc NAME VERSION CFLAGS LIBS
write_pc() {
  cat >"${prefix}/lib/pkgconfig/$1.pc" <<EOF
prefix=${prefix}
includedir=\${prefix}/include
libdir=\${prefix}/lib

Name: $1
Description: $1 for x86_64-w64-mingw32 (static, built by kma's tools/win_deps.sh)
Version: $2
Cflags: -I\${includedir} $3
Libs: -L\${libdir} $4
EOF
}

# apt's options for `apt-get source`. Without deb-src lines in the system's
# sources (a stock Debian machine has none) apt gets a private configuration
# under PREFIX/src/apt: the system's deb entries as deb-src, with their own
# index and cache, fetched once, so the system's apt setup is left as it is.
apt_opts=(-o APT::Sandbox::User=root)
source_lists() {
  local apt_dir="${prefix}/src/apt" f
  [[ -n "$(apt-get indextargets --no-release-info 'Created-By: Sources' 2>/dev/null)" ]] && return
  apt_opts+=(-o Dir::Etc::SourceParts="${apt_dir}/sources.list.d" -o Dir::Etc::SourceList=/dev/null
    -o Dir::State::Lists="${apt_dir}/lists" -o Dir::Cache="${apt_dir}/cache")
  [[ -f "${apt_dir}/updated" ]] && return
  mkdir -p "${apt_dir}/sources.list.d" "${apt_dir}/lists/partial" "${apt_dir}/cache/archives/partial"
  for f in /etc/apt/sources.list.d/*.sources; do
    if [[ -f "${f}" ]]; then sed 's/^Types:.*/Types: deb-src/' "${f}" >"${apt_dir}/sources.list.d/${f##*/}"; fi
  done
  if [[ -f /etc/apt/sources.list ]]; then
    sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >"${apt_dir}/sources.list.d/sources.list"
  fi
  log "no deb-src lines in apt's sources: fetching the source index into ${apt_dir}"
  apt-get "${apt_opts[@]}" update -q >"${apt_dir}/update.log" 2>&1 ||
    die "apt-get update of the source index failed (see ${apt_dir}/update.log)"
  : >"${apt_dir}/updated"
}

# fetch SOURCE_PACKAGE BINARY_PACKAGE: unpacks the Debian source of the
# installed BINARY_PACKAGE's version into PREFIX/src; prints its directory.
fetch() {
  local version dir
  version="$(dpkg-query -W -f='${source:Version}' "$2:$(dpkg --print-architecture)" 2>/dev/null)" ||
    die "$2 is not installed (tools/bootstrap.sh installs it)"
  dir="${prefix}/src/$1-${version%-*}"
  if [[ ! -d "${dir}" ]]; then
    log "fetching the Debian source of $1 ${version}"
    # apt checks the files against the signed source index; dpkg-source
    # then applies Debian's patches (its messages go to src/$1.log).
    source_lists
    (cd "${prefix}/src" && apt-get source -q "${apt_opts[@]}" --download-only "$1=${version}" \
      >"$1.log" 2>&1) || die "apt-get source $1=${version} failed (see ${prefix}/src/$1.log)"
    (cd "${prefix}/src" && dpkg-source -x "$1_${version#*:}.dsc" "${dir}" >>"$1.log" 2>&1) ||
      die "dpkg-source -x failed for $1 (see ${prefix}/src/$1.log)"
  fi
  printf '%s\n' "${dir}"
}

# utf8proc: one translation unit (utf8proc.c includes its data tables).
# UTF8PROC_STATIC: no dllimport/dllexport in the header.
if [[ ! -f "${prefix}/lib/libutf8proc.a" ]]; then
  src="$(fetch utf8proc libutf8proc-dev)"
  version="$(sed -n 's/^project *(utf8proc VERSION \([0-9.]*\).*/\1/p' "${src}/CMakeLists.txt")"
  log "building utf8proc ${version}"
  "${cc}" -O2 -std=c99 -DUTF8PROC_STATIC -c "${src}/utf8proc.c" -o "${prefix}/src/utf8proc.o"
  "${ar}" rcs "${prefix}/lib/libutf8proc.a" "${prefix}/src/utf8proc.o"
  cp "${src}/utf8proc.h" "${prefix}/include/"
  write_pc libutf8proc "${version}" -DUTF8PROC_STATIC -lutf8proc
fi

# xxHash: Debian's header; XXH_IMPLEMENTATION makes it define the functions
# (with XXH_STATIC_LINKING_ONLY, the state types they need).
if [[ ! -f "${prefix}/lib/libxxhash.a" ]]; then
  header=/usr/include/xxhash.h
  [[ -f "${header}" ]] || die "${header} missing (apt-get install libxxhash-dev)"
  version="$(dpkg-query -W -f='${Version}' "libxxhash-dev:$(dpkg --print-architecture)")"
  log "building xxHash ${version%-*} from ${header}"
  cp "${header}" "${prefix}/include/"
  printf '#define XXH_STATIC_LINKING_ONLY\n#define XXH_IMPLEMENTATION\n#include "xxhash.h"\n' >"${prefix}/src/xxhash.c"
  "${cc}" -O2 -I"${prefix}/include" -c "${prefix}/src/xxhash.c" -o "${prefix}/src/xxhash.o"
  "${ar}" rcs "${prefix}/lib/libxxhash.a" "${prefix}/src/xxhash.o"
  write_pc libxxhash "${version%-*}" "" -lxxhash
fi

# cmocka: its CMake build, static archive only (cmocka.h needs no dllimport).
if [[ ! -f "${prefix}/lib/libcmocka-static.a" ]]; then
  src="$(fetch cmocka libcmocka-dev)"
  log "building cmocka"
  cmake -S "${src}" -B "${prefix}/src/cmocka-build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE="${root}/cmake/toolchains/x86_64-w64-mingw32.cmake" \
    -DCMAKE_INSTALL_PREFIX="${prefix}" -DWITH_STATIC_LIB=ON -DWITH_EXAMPLES=OFF \
    -DUNIT_TESTING=OFF >/dev/null
  cmake --build "${prefix}/src/cmocka-build" --target cmocka-static >/dev/null
  cp "${prefix}/src/cmocka-build/src/libcmocka-static.a" "${prefix}/lib/"
  cp "${src}/include/cmocka.h" "${prefix}/include/"
  write_pc cmocka "$(sed -n 's/^project(cmocka VERSION \([0-9.]*\).*/\1/p' "${src}/CMakeLists.txt")" \
    "" -lcmocka-static
fi
log "done: ${prefix}"
