#!/usr/bin/env bash
# One CI lane: a sanitizer or fuzzing build of the project in its own tree
# under WORK_DIR, and the tests of that lane. Registered as the ctest tests
# ci_lane_* (tests/lanes/CMakeLists.txt); they run only when KMA_CI_LANES=1
# (.ci/run sets it), else they report "skipped".
#
#   run_lane.sh asan SOURCE_DIR WORK_DIR   clang ASan+UBSan (with libFuzzer
#                                          coverage, reused by the fuzz lane):
#                                          unit, C ABI (a sample of the fault
#                                          sweeps), CLI and fuzz-replay tests
#   run_lane.sh tsan SOURCE_DIR WORK_DIR   gcc TSan: the C pool, many analyzers
#                                          on one model, user dictionaries made
#                                          while analyzers run, the CLI with
#                                          threads
#   run_lane.sh aarch64 SOURCE_DIR WORK_DIR  a unity cross build of libkma
#                                          for linux-aarch64 (Debian's
#                                          g++-aarch64-linux-gnu) and, under
#                                          qemu-aarch64, the C ABI suite and
#                                          the golden analyses; skipped when
#                                          the cross toolchain, qemu or the
#                                          arm64 -dev packages are missing
#                                          (tools/cross.sh installs them)
#   run_lane.sh win64 SOURCE_DIR WORK_DIR  a unity cross build of libkma and
#                                          the JNI and C# DLLs for win-x64
#                                          (MinGW-w64) and, under wine64, the
#                                          C ABI golden test and the natives'
#                                          loader test (win64_lane.sh)
#   run_lane.sh cross_packages SOURCE_DIR WORK_DIR BUILD_DIR
#                                          the aarch64 tree's JNI, C# and
#                                          Python natives (the wheel with the
#                                          CLI), then the NuGet package with
#                                          three runtime identifiers and the
#                                          jar with every native, used by
#                                          consumers (cross_packages_lane.sh)
#   run_lane.sh fuzz SOURCE_DIR WORK_DIR   each libFuzzer target from the
#                                          committed corpus, KMA_FUZZ_BUDGET
#                                          CPU-seconds (140) shared among them or
#                                          KMA_FUZZ_SECONDS each; needs the asan tree
#
# A crash of a fuzz target leaves its reproducer in WORK_DIR/fuzz-artifacts;
# commit it under tests/fuzz/regressions/<target>/ with the fix.
set -euo pipefail
lane="$1"
src="$(cd "$2" && pwd)"
work="$3"
skip_code=77

if [[ "${KMA_CI_LANES:-0}" != 1 ]]; then
  echo "SKIP: the ${lane} lane runs only with KMA_CI_LANES=1 (set by .ci/run)"
  exit "${skip_code}"
fi
jobs="${KMA_JOBS:-$(nproc 2>/dev/null || echo 2)}"
mkdir -p "${work}"
# Absolute: the lanes hand paths in it to programs that run elsewhere
# (dotnet pack resolves a relative one against the project's directory).
work="$(cd "${work}" && pwd)"
# Sanitizer reports must fail the run and say where.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}"
# The lanes must not see the main build's CI switches.
unset KMA_CI_LANES CTEST_PARALLEL_LEVEL

asan_tree="${work}/asan"
# Test programs' own sources at -O0: their GoogleTest macros are most of a
# sanitizer tree's compile time (a test file: 16 CPU-s at -O2 -g, 6 at -O0)
# and the code under test keeps the tree's optimisation.
common=(-DKMA_BUILD_BENCH=OFF -DKMA_BUILD_EXAMPLES=OFF -DKMA_BUILD_JAVA=OFF -DKMA_BUILD_CSHARP=OFF
        -DKMA_BUILD_RUST=OFF -DKMA_TEST_OPTIMIZE=-O0 -DCMAKE_UNITY_BUILD=ON)

# The sanitizers' own advice, -O1 with line tables: reports keep file and
# line, and the trees compile in about 60% of -O2 -g's time (clang ASan:
# 7.6 against 10.3 CPU-s for core/search/analyzer.cpp; gcc TSan: 4.9
# against 8.4).
asan_flags="-O1 -gline-tables-only -DNDEBUG"
tsan_flags="-O1 -g1 -DNDEBUG"

configure_asan() {
  CC=clang-14 CXX=clang++-14 cmake -S "${src}" -B "${asan_tree}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="${asan_flags}" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="${asan_flags}" \
    -DKMA_SANITIZE=address,undefined -DKMA_FUZZ=ON "${common[@]}" >/dev/null
}

case "${lane}" in
  asan)
    configure_asan
    cmake --build "${asan_tree}" --parallel "${jobs}"
    # Left out: the 10 MB C ABI input and valgrind (minutes, nothing new
    # under ASan), and the CongStorage suites, each of whose test processes
    # trains seven storage variants of a CoNg model: 20 s in Release, 8 min
    # here. The trainer is build-time code on trusted data; it still runs
    # under ASan in the CongTest suites and fuzz_model_load's model builds.
    # Two at a time: nothing left in this selection measures wall-clock time
    # (the 10 MB input is skipped), and the lane is the longest part of CI.
    # The allocation-failure sweeps run 8 points per call here (24 in the
    # main build; KMA_FAULT_SWEEP=full for all: docs/RELIABILITY.md).
    KMA_FAULT_POINTS=8 KMA_SKIP_LARGE_TESTS=1 ctest --test-dir "${asan_tree}" --output-on-failure --no-tests=error -j "${jobs}" \
      -L 'unit|capi|cli|fuzz' -LE 'valgrind|shared|lane|cross' -E '^CongStorage(Test|Train)\.'
    ;;
  tsan)
    tree="${work}/tsan"
    cmake -S "${src}" -B "${tree}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKMA_SANITIZE=thread "${common[@]}" \
      -DCMAKE_C_FLAGS_RELWITHDEBINFO="${tsan_flags}" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="${tsan_flags}" >/dev/null
    cmake --build "${tree}" --parallel "${jobs}" --target kma_capi_threads_test kma_capi_pool_test \
      kma_capi_user_dict_test kma_cli
    ctest --test-dir "${tree}" --output-on-failure --no-tests=error \
      -R '^(capi_threads|capi_pool|capi_user_dict|cli_analyze_threads|cli_version|cli_analyze_morphs)$'
    ;;
  aarch64)
    # A reduced tools/cross.sh: the library and the two tests that hold the
    # goldens (tests/golden/expected.tsv, offsets_expected.tsv, byte for byte
    # as on x86_64) and the C ABI suite. The JNI, C# and Python natives and
    # the CLI are the lane cross_packages'; the other C tests tools/cross.sh's.
    for need in aarch64-linux-gnu-g++ qemu-aarch64; do
      command -v "${need}" >/dev/null ||
        { echo "SKIP: ${need} is missing (tools/cross.sh installs the cross toolchain)"; exit "${skip_code}"; }
    done
    for need in libutf8proc.a libxxhash.a libcmocka.so; do
      need="/usr/lib/aarch64-linux-gnu/${need}"
      [[ -e "${need}" ]] ||
        { echo "SKIP: ${need} is missing (the arm64 -dev packages: tools/cross.sh installs them)"; exit "${skip_code}"; }
    done
    tree="${work}/aarch64"
    # Configured once with what the lane cross_packages builds in this tree
    # (the JNI, C# and Python natives and the CLI the wheel carries), so that
    # lane does not configure it again; only libkma and the tests are built
    # here. The CLI's JSON library is headers only, the build machine's.
    cmake -S "${src}" -B "${tree}" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_TOOLCHAIN_FILE="${src}/cmake/toolchains/aarch64-linux-gnu.cmake" -DCMAKE_UNITY_BUILD=ON \
      -DKMA_BUILD_EXAMPLES=OFF -DKMA_BUILD_BENCH=OFF -DKMA_BUILD_JAVA=ON -DKMA_BUILD_CSHARP=ON \
      -DKMA_BUILD_TOOLS=ON -Dnlohmann_json_DIR=/usr/share/cmake/nlohmann_json -DKMA_BUILD_PYTHON=ON >/dev/null
    cmake --build "${tree}" --parallel "${jobs}" --target kma kma_default_model kma_capi_offsets_golden_test kma_capi_test
    ctest --test-dir "${tree}" --output-on-failure --no-tests=error -R '^capi_(offsets_golden|cmocka)$'
    ;;
  fuzz)
    [[ -d "${asan_tree}" ]] || configure_asan
    # Every target has its seed corpus folder, so a new one joins the lane
    # without a second list to keep in step with tests/fuzz/CMakeLists.txt.
    mapfile -t targets < <(ls "${src}/tests/fuzz/corpus")
    cmake --build "${asan_tree}" --parallel "${jobs}" --target "${targets[@]/#/fuzz_}"
    # KMA_FUZZ_SECONDS fuzzes each target that long; otherwise the lane
    # shares KMA_FUZZ_BUDGET CPU-seconds (default 140, 10 s a target) among the targets, at
    # least 10 s each, so a new target does not lengthen CI.
    budget="${KMA_FUZZ_BUDGET:-140}"
    seconds="${KMA_FUZZ_SECONDS:-$((budget / ${#targets[@]} > 10 ? budget / ${#targets[@]} : 10))}"
    artifacts="${work}/fuzz-artifacts"
    mkdir -p "${artifacts}"
    # One libFuzzer process per core: each target is single-threaded, and the
    # lane is the longest part of CI.
    fuzz_one() {
      local t="$1" corpus="${work}/fuzz-corpus/$1"  # new inputs go here, not into the repository
      mkdir -p "${corpus}"
      # libFuzzer refuses a directory that does not exist: a target without
      # reproducers has no regressions/ folder.
      local seeds=("${src}/tests/fuzz/corpus/${t}")
      [[ -d "${src}/tests/fuzz/regressions/${t}" ]] && seeds+=("${src}/tests/fuzz/regressions/${t}")
      "${asan_tree}/tests/fuzz/fuzz_${t}" -max_total_time="${seconds}" -max_len=512 -timeout=30 \
        -rss_limit_mb=3072 -print_final_stats=1 -artifact_prefix="${artifacts}/${t}-" \
        "${corpus}" "${seeds[@]}" 2>"${work}/fuzz_${t}.log"
    }
    declare -A pid_of=()
    for t in "${targets[@]}"; do
      while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
      echo "== fuzz_${t}: ${seconds} s"
      fuzz_one "${t}" &
      pid_of["${t}"]=$!
    done
    failed=()
    for t in "${targets[@]}"; do
      if ! wait "${pid_of[${t}]}"; then
        failed+=("${t}")
        echo "== fuzz_${t}: finding"
        tail -n 60 "${work}/fuzz_${t}.log"
      fi
      echo "== fuzz_${t}:"
      grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' \
        "${work}/fuzz_${t}.log" || true
    done
    if ((${#failed[@]} > 0)); then
      echo "fuzz targets with findings: ${failed[*]} (reproducers in ${artifacts})"
      exit 1
    fi
    ;;
  win64)
    exec "${src}/tests/lanes/win64_lane.sh" "${src}" "${work}" "${jobs}"
    ;;
  cross_packages)
    exec "${src}/tests/lanes/cross_packages_lane.sh" "${src}" "${work}" "${jobs}" "${4:?the main build directory}"
    ;;
  *)
    echo "unknown lane '${lane}' (asan, tsan, aarch64, win64, cross_packages, fuzz)" >&2
    exit 2
    ;;
esac
