#!/usr/bin/env bash
# CI lane cross_packages (run_lane.sh cross_packages SOURCE_DIR WORK_DIR
# BUILD_DIR): what `tools/package.sh --cross` ships, from the trees of the
# lanes aarch64 and win64 (it runs after them) and the main build BUILD_DIR,
# without changing any of them:
#   - the JNI and C# natives of the aarch64 tree (unity, as its libkma), and
#     its wheel (the Python extension and the CLI it carries) when the tree
#     found the arm64 Python headers;
#   - the NuGet package packed again (BUILD_DIR's pack.rsp) with
#     runtimes/{linux-x64,linux-arm64,win-x64}/native, and its layout
#     checked (bindings/csharp/pack_check.cmake);
#   - the jar with native/linux/{x86_64,aarch64}/ and native/windows/x86_64/;
#   - consumers of both (tests/package/package_test.cmake, in WORK_DIR/
#     cross-packages): natives (glibc floor, Windows imports),
#     dotnet_publish_linux_arm64, dotnet_publish_win_x64, dotnet_net8.0 (a
#     hand-made csproj run on x64), java (the x86_64 JVM picks its native
#     among three), and java_qemu_aarch64 (Debian's arm64 JVM under qemu
#     picks native/linux/aarch64/) when tools/arm64_runtimes.sh can unpack
#     that JVM, and python_wheel_qemu_aarch64 (the aarch64 wheel in a fresh
#     venv of Debian's arm64 Python under qemu).
# Skipped, saying why, when either lane did not build its tree. Each step
# prints its wall and CPU time.
set -euo pipefail
src="$1"
work="$2"
jobs="$3"
build="$(cd "$4" && pwd)"
skip_code=77
TIMEFORMAT="== %R s wall, %U+%S CPU-s"
arm64_tree="${work}/aarch64"
win_tree="${work}/win64"
win_jni="${win_tree}/bin/kma_jni.dll"
win_cs="${win_tree}/bindings/csharp/native/kma_csharp.dll"
for need in "${arm64_tree}/CMakeCache.txt" "${win_jni}" "${win_cs}"; do
  [[ -e "${need}" ]] ||
    { echo "SKIP: ${need} is missing (the lanes aarch64 and win64 build it; one was skipped)"; exit "${skip_code}"; }
done
cache="${build}/CMakeCache.txt"
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "${cache}" | head -n 1; }
for v in KMA_JAVA_FAT_JAR KMA_CS_NUPKG KMA_DOTNET Java_JAR_EXECUTABLE; do
  [[ -n "$(cache_value "${v}")" ]] ||
    { echo "SKIP: ${build} has no ${v} (configured without the Java and C# bindings)"; exit "${skip_code}"; }
done

# The aarch64 lane configured its tree with these bindings and the CLI. The
# wheel needs the arm64 Python headers (libpython3.X-dev:arm64, which .ci/run
# installs): without them the binding is not configured and the wheel case
# skips, saying so.
arm64_targets=(kma_jni kma_csharp)
if grep -q '^KMA_WHEEL_PLATFORM:INTERNAL=manylinux_.*_aarch64$' "${arm64_tree}/CMakeCache.txt"; then
  arm64_targets+=(kma_python_wheel)
else
  echo "(no arm64 Python headers in the aarch64 tree: the aarch64 wheel is not built)"
fi
echo "== the aarch64 natives: ${arm64_targets[*]}"
time cmake --build "${arm64_tree}" --parallel "${jobs}" --target "${arm64_targets[@]}"
arm64_jni="${arm64_tree}/bindings/java/libkma_jni.so"
arm64_cs_dir="${arm64_tree}/bindings/csharp/native"

pkg="${work}/cross-packages"
out="${pkg}/out"
rm -rf "${pkg}"
mkdir -p "${out}/java" "${out}/nuget" "${out}/python" "${pkg}/stage"
echo "== the install, the jar and the NuGet package with every native"
time {
  cmake --install "${build}" --prefix "${out}/prefix" >/dev/null
  jar="$(cache_value KMA_JAVA_FAT_JAR)"
  for v in KMA_JAVA_FAT_JAR KMA_JAVA_POM KMA_JAVA_SOURCES_JAR KMA_JAVA_JAVADOC_JAR; do
    cp "$(cache_value "${v}")" "${out}/java/"
  done
  # The layout of bindings/java/CMakeLists.txt's cross natives.
  mkdir -p "${pkg}/stage/native/linux/aarch64" "${pkg}/stage/native/windows/x86_64"
  cp "${arm64_jni}" "${pkg}/stage/native/linux/aarch64/"
  cp "${win_jni}" "${pkg}/stage/native/windows/x86_64/"
  "$(cache_value Java_JAR_EXECUTABLE)" uf "${out}/java/${jar##*/}" -C "${pkg}/stage" native
  DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 "$(cache_value KMA_DOTNET)" pack \
    "@${build}/bindings/csharp/pack.rsp" -o "${out}/nuget" --nologo -v quiet \
    -p:ArtifactsPath="${pkg}/artifacts" -p:KmaNativeDirLinuxArm64="${arm64_cs_dir}" \
    -p:KmaNativeDirWinX64="${win_cs%/*}"
  cmake "-DPACKAGE=$(ls "${out}"/nuget/*.nupkg)" "-DCROSS_RUNTIMES=linux-arm64;win-x64" \
    -P "${src}/bindings/csharp/pack_check.cmake" | grep -E '^-- pack ok|runtimes/'
  # Only the aarch64 wheel: the x86_64 one is the main build's python_wheel_venv.
  find "${arm64_tree}/bindings/python/dist" -name '*manylinux_*_aarch64.whl' -exec cp {} "${out}/python/" \; \
    2>/dev/null || true
}

# Debian's arm64 JVM, unpacked once per work directory (apt-get download).
arm64_root="${work}/arm64-root"
if [[ ! -x "${arm64_root}/usr/lib/jvm/java-17-openjdk-arm64/bin/java" ]]; then
  echo "== tools/arm64_runtimes.sh ${arm64_root}"
  time "${src}/tools/arm64_runtimes.sh" "${arm64_root}" >/dev/null ||
    echo "(no arm64 runtimes: package_java_qemu_aarch64 will be skipped)"
fi

args=(-DSOURCE_DIR="${src}" -DBUILD_DIR="${build}" -DWORK_DIR="${pkg}" -DARM64_ROOT="${arm64_root}"
  -DDOTNET="$(cache_value KMA_DOTNET)" -DJAVA="$(cache_value Java_JAVA_EXECUTABLE)"
  -DJAVAC="$(cache_value Java_JAVAC_EXECUTABLE)")
failed=()
for case in natives dotnet_publish_linux_arm64 dotnet_publish_win_x64 dotnet_net8.0 java java_qemu_aarch64 \
  python_wheel_qemu_aarch64; do
  echo "== package_${case}"
  log="${pkg}/${case}.log"
  time if ! cmake -DCASE="${case}" "${args[@]}" -P "${src}/tests/package/package_test.cmake" >"${log}" 2>&1; then
    failed+=("${case}")
    tail -n 40 "${log}"
  fi
  # A case that skips says so; in this lane only the arm64 runtimes and the
  # arm64 Python headers may be missing.
  if grep -h '^SKIP: ' "${log}"; then
    [[ "${case}" == *_qemu_aarch64 ]] || failed+=("${case} (skipped)")
  fi
done
if ((${#failed[@]})); then
  echo "failed: ${failed[*]}"
  exit 1
fi
echo "all package cases passed on the three-runtime package and the jar with every native"
