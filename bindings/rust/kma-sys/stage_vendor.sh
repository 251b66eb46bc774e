#!/usr/bin/env bash
# Copies the C++ sources the vendored build needs (kma-sys/build.rs, step 4)
# into <kma-sys dir>/vendor, so that the packaged crate can build libkma.a
# and the bundled model by itself:
#   stage_vendor.sh <kma checkout> <kma-sys dir>
# What is copied is what the top-level CMakeLists.txt configures with the
# static library only: the C ABI, the core, the CMake helpers, the model
# (zstd-compressed) with its license, and tools/builder (which the top-level
# build always adds). In a git checkout only tracked files are taken, so
# build trees and local files stay out.
set -euo pipefail
[[ $# -eq 2 ]] || { echo "usage: $0 <kma checkout> <kma-sys dir>" >&2; exit 2; }
root="$(cd "$1" && pwd)"
dest="$2/vendor"
parts=(CMakeLists.txt LICENSE LICENSE-MODEL.md capi core cmake models tools/builder)
[[ -f "${root}/capi/include/kma/kma.h" ]] || { echo "$0: ${root} is not a kma checkout" >&2; exit 1; }
rm -rf "${dest}"
mkdir -p "${dest}"
if git -C "${root}" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git -C "${root}" ls-files -z -- "${parts[@]}" |
    (cd "${root}" && xargs -0 cp --parents -t "${dest}")
else
  (cd "${root}" && cp -r --parents -t "${dest}" "${parts[@]}")
fi
# A model decompressed into the source tree is a build output, not a source.
rm -f "${dest}"/models/*.kmam
