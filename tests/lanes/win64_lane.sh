#!/usr/bin/env bash
# CI lane win64 (run_lane.sh win64 SOURCE_DIR WORK_DIR): a reduced
# `tools/cross.sh --target win-x64`. A unity build of libkma.dll and the JNI
# and C# DLLs with Debian's MinGW-w64 (utf8proc, xxHash and cmocka from
# tools/win_deps.sh), then under wine64 the C ABI golden test
# (tests/golden/expected.tsv and offsets_expected.tsv, byte for byte as on
# x86_64) and cross_win_natives (the JNI and C# DLLs loaded as the JVM and
# .NET would, an analysis through the C# one). The lane cross_packages packs
# this tree's DLLs. Skipped, saying why, without MinGW-w64 or wine64
# (.ci/run installs them) or when Debian's sources of utf8proc and cmocka
# cannot be fetched. Each step prints its wall and CPU time; wine's own
# server is not a child of the lane, so its CPU is not in the figures.
set -euo pipefail
src="$1"
work="$2"
jobs="$3"
skip_code=77
TIMEFORMAT="== %R s wall, %U+%S CPU-s"

command -v x86_64-w64-mingw32-g++-posix >/dev/null ||
  { echo "SKIP: x86_64-w64-mingw32-g++-posix is missing (apt-get install g++-mingw-w64-x86-64-posix)"; exit "${skip_code}"; }
wine=""
for w in /usr/lib/wine/wine64 "$(command -v wine64 || true)"; do
  [[ -n "${w}" && -x "${w}" ]] && { wine="${w}"; break; }
done
[[ -n "${wine}" ]] || { echo "SKIP: wine64 is missing (apt-get install wine64)"; exit "${skip_code}"; }

tree="${work}/win64"
deps="${work}/win64-deps"
# A prefix of the lane's own: nothing is written to $HOME/.wine.
export WINEPREFIX="${work}/wine-prefix" WINEDEBUG=-all
mkdir -p "${work}"

echo "== the wine prefix (wineboot; the first start creates it)"
time "${wine}" wineboot --init
echo "== tools/win_deps.sh ${deps}"
time if ! "${src}/tools/win_deps.sh" "${deps}" 2>"${work}/win_deps.log"; then
  cat "${work}/win_deps.log"
  # Without the network or Debian's sources the libraries cannot be made.
  if grep -q 'apt-get' "${work}/win_deps.log"; then
    echo "SKIP: Debian's sources of utf8proc and cmocka could not be fetched (see above)"
    exit "${skip_code}"
  fi
  exit 1
fi
echo "== configure and build (unity)"
time {
  cmake -S "${src}" -B "${tree}" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE="${src}/cmake/toolchains/x86_64-w64-mingw32.cmake" -DKMA_WIN_DEPS_PREFIX="${deps}" \
    -DCMAKE_UNITY_BUILD=ON -DKMA_BUILD_TOOLS=OFF -DKMA_BUILD_EXAMPLES=OFF -DKMA_BUILD_BENCH=OFF \
    -DKMA_BUILD_JAVA=ON -DKMA_BUILD_CSHARP=ON >/dev/null
  cmake --build "${tree}" --parallel "${jobs}" --target kma kma_jni kma_csharp kma_default_model \
    kma_capi_offsets_golden_test kma_win_natives_test
}
echo "== under wine64"
time ctest --test-dir "${tree}" --output-on-failure --no-tests=error -j "${jobs}" \
  -R '^(capi_offsets_golden|cross_win_natives)$'
# wineserver outlives the programs by a few seconds: wait for it, so that no
# process of the lane is left behind.
"$(dirname "${wine}")/wineserver" -w 2>/dev/null || true
