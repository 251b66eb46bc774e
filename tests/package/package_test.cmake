# Consumes kma's packages the way a user would, outside the tree, one case
# per ctest test:
#   cmake -DCASE=<case> -DSOURCE_DIR=<repo> -DBUILD_DIR=<build> -DWORK_DIR=<dir>
#         [-DCARGO=...] [-DDOTNET=...] [-DJAVA=... -DJAVAC=...] [-DARM64_ROOT=...]
#         -P package_test.cmake
#
#   setup           tools/package.sh --no-build into WORK_DIR/out (the fixture)
#   natives         readelf: every shipped native file needs glibc 2.28 at
#                   most and no libstdc++ (glibc_floor.cmake)
#   cli             the installed kma uses the installed model, not the
#                   build tree's
#   c_find_package  a CMake project with find_package(kma CONFIG): shared and
#                   static flavours, each opening the installed model
#   c_moved_prefix  the same against a copy of the install elsewhere: the
#                   copy's model is used (and by the copy's kma CLI)
#   c_add_subdirectory  a project building kma inside itself, both flavours
#                   (builds the core: only with KMA_PACKAGE_SLOW=1)
#   c_pkg_config    cc with `pkg-config --cflags --libs` and a documented rpath;
#                   examples/analyze.c built so, run from an empty directory
#   java            javac/java with only kma.jar on the class path
#   java_qemu_aarch64  the same jar and program under qemu-aarch64 with
#                   Debian's arm64 JVM (skipped without the jar's aarch64
#                   native, qemu-aarch64 or the JVM: tools/arm64_runtimes.sh)
#   python_wheel_qemu_aarch64  the manylinux_2_28_aarch64 wheel installed
#                   into a fresh venv of Debian's arm64 Python under
#                   qemu-aarch64, `python -m kma analyze` (skipped likewise)
#   dotnet_net8.0, dotnet_net10.0   console apps restoring Kma from a local feed
#   dotnet_publish_linux_arm64, dotnet_publish_win_x64  `dotnet publish -r
#                   linux-arm64` (or win-x64) carries that runtime's native
#                   (skipped when the package has none; the lane
#                   ci_lane_cross_packages runs them on a package that has)
#   rust            a cargo project with path dependencies on the .crate files
#   rust_vendored_crate  the same with no install, no pkg-config and an empty
#                   environment: kma-sys builds libkma.a and the model from
#                   its vendor/ sources (CMake, a few CPU-minutes)
#   rust_vendored_path   the same with a path dependency on this checkout's
#                   bindings/rust/kma (only with KMA_PACKAGE_SLOW=1)
#
# Every consumer starts in an empty directory and its program runs under
# `env -i` (no KMA_MODEL, no LD_LIBRARY_PATH, no HOME): it must find the
# native code and the default model by itself and analyse
# 아버지가방에들어가신다.
cmake_minimum_required(VERSION 3.21)
foreach(_v CASE SOURCE_DIR BUILD_DIR WORK_DIR)
  if(NOT DEFINED ${_v})
    message(FATAL_ERROR "package_test.cmake: -D${_v}=... is required")
  endif()
endforeach()
set(_out "${WORK_DIR}/out")
set(_prefix "${_out}/prefix")
set(_consumers "${SOURCE_DIR}/tests/package/consumers")
set(_dir "${WORK_DIR}/${CASE}")
# The outputs must not depend on the caller's environment either.
unset(ENV{KMA_MODEL})
unset(ENV{LD_LIBRARY_PATH})

# run(<dir> <command...>): runs in <dir>, fails with the output on error;
# sets OUT in the caller's scope.
function(run dir)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY "${dir}"
                  RESULT_VARIABLE _rc OUTPUT_VARIABLE _o ERROR_VARIABLE _e)
  string(REPLACE ";" " " _cmd "${ARGN}")
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "[${CASE}] failed (${_rc}): ${_cmd}\n--- stdout:\n${_o}\n--- stderr:\n${_e}")
  endif()
  message(STATUS "[${CASE}] ${_cmd}\n${_o}${_e}")
  set(OUT "${_o}" PARENT_SCOPE)
endfunction()

# run_clean(<dir> <command...>): the same with an empty environment (PATH
# only, for the tools' own helpers).
function(run_clean dir)
  run("${dir}" env -i PATH=/usr/bin:/bin ${ARGN})
  set(OUT "${OUT}" PARENT_SCOPE)
endfunction()

# expect_analysis(): the program's first line is the analysis; with
# BATCH, the batch lines of a good and a bad text follow.
function(expect_analysis)
  cmake_parse_arguments(E "BATCH" "" "" ${ARGN})
  if(NOT OUT MATCHES "^아버지/NNG [^\n]*/")
    message(FATAL_ERROR "[${CASE}] no analysis of 아버지가방에들어가신다 in:\n${OUT}")
  endif()
  if(E_BATCH AND NOT OUT MATCHES "\nbatch: 밥/NNG\nbatch: error at (Some\\()?0\\)?\n")
    message(FATAL_ERROR "[${CASE}] batch lines missing or wrong in:\n${OUT}")
  endif()
endfunction()

# expect_model(<path>): the output names <path> as the model opened.
function(expect_model path)
  string(FIND "${OUT}" "${path}" _pos)
  if(_pos EQUAL -1)
    message(FATAL_ERROR "[${CASE}] the model opened is not ${path}:\n${OUT}")
  endif()
endfunction()

# check_needed(<file> <allowed regex>): every NEEDED entry must match.
function(check_needed file allowed)
  run("${WORK_DIR}" readelf -d "${file}")
  string(REGEX MATCHALL "\\(NEEDED\\)[^\n]*\\[[^]\n]+\\]" _entries "${OUT}")
  if(NOT _entries)
    message(FATAL_ERROR "[${CASE}] ${file}: readelf shows no NEEDED entry at all")
  endif()
  foreach(_e IN LISTS _entries)
    string(REGEX REPLACE ".*\\[([^]]+)\\]" "\\1" _lib "${_e}")
    if(NOT _lib MATCHES "^(${allowed})$")
      message(FATAL_ERROR "[${CASE}] ${file} needs ${_lib}; allowed: ${allowed}")
    endif()
    message(STATUS "[${CASE}] ${file}: ${_lib}")
  endforeach()
endfunction()
set(_libc "libc\\.so\\.6|libm\\.so\\.6|ld-linux[-a-z0-9_.]*\\.so\\.[0-9]+")
set(_cxx "${_libc}|libstdc\\+\\+\\.so\\.6|libgcc_s\\.so\\.1")

# The version, from the CMake package the install wrote.
file(GLOB _verfile "${_prefix}/lib*/cmake/kma/kmaConfigVersion.cmake")
if(_verfile)
  file(STRINGS "${_verfile}" _v REGEX "set\\(PACKAGE_VERSION \"[0-9]")
  string(REGEX REPLACE ".*\"([^\"]+)\".*" "\\1" VERSION "${_v}")
endif()

if(NOT CASE STREQUAL "setup")
  file(REMOVE_RECURSE "${_dir}")
  file(MAKE_DIRECTORY "${_dir}")
  if(NOT EXISTS "${_prefix}")
    message(FATAL_ERROR "[${CASE}] ${_prefix} missing: the package_setup test makes it")
  endif()
endif()

# find_arm64_runtime(<exe>): sets _arm64_emulator (qemu-aarch64 on the cross
# toolchain's sysroot, with the unpacked runtimes' libraries) and
# _arm64_run (it and ARM64_ROOT/<exe>), or skips the case. The sysroot's
# lib/ comes first (tools/arm64_runtimes.sh says why).
macro(find_arm64_runtime exe)
  set(_sysroot /usr/aarch64-linux-gnu)
  find_program(_qemu qemu-aarch64)
  if(NOT _qemu OR NOT EXISTS "${_sysroot}/lib/ld-linux-aarch64.so.1")
    message("SKIP: qemu-aarch64 or the aarch64 sysroot ${_sysroot} is missing (apt-get install qemu-user g++-aarch64-linux-gnu)")
    return()
  endif()
  if(NOT ARM64_ROOT OR NOT EXISTS "${ARM64_ROOT}/${exe}")
    message("SKIP: no ${exe} in '${ARM64_ROOT}' (tools/arm64_runtimes.sh unpacks Debian's; -DKMA_ARM64_ROOT=DIR)")
    return()
  endif()
  set(_arm64_emulator "${_qemu}" -L ${_sysroot} -E
      LD_LIBRARY_PATH=${_sysroot}/lib:${ARM64_ROOT}/lib/aarch64-linux-gnu:${ARM64_ROOT}/usr/lib/aarch64-linux-gnu)
  set(_arm64_run ${_arm64_emulator} "${ARM64_ROOT}/${exe}")
endmacro()

# The packaged Rust crates, unpacked into the case's directory.
macro(unpack_crates)
  file(GLOB _crates "${_out}/rust/*.crate")
  foreach(_c IN LISTS _crates)
    run("${_dir}" ${CMAKE_COMMAND} -E tar xzf "${_c}")
  endforeach()
endmacro()

# A consumer crate in ${_dir}/app: the shipped main.rs and a manifest whose
# [dependencies] section is DEPS.
function(write_rust_consumer deps)
  file(MAKE_DIRECTORY "${_dir}/app/src")
  file(COPY "${_consumers}/rust/main.rs" DESTINATION "${_dir}/app/src")
  file(WRITE "${_dir}/app/Cargo.toml" "[package]
name = \"consumer\"
version = \"0.1.0\"
edition = \"2021\"

[dependencies]
${deps}
")
endfunction()

if(CASE STREQUAL "setup")
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
  run("${WORK_DIR}" "${SOURCE_DIR}/tools/package.sh" --no-build -B "${BUILD_DIR}" -o "${_out}")

elseif(CASE STREQUAL "natives")
  # Every native file of every package: glibc 2.28 is enough, no libstdc++
  # (glibc_floor.cmake), for each architecture the packages carry.
  file(GLOB _files "${_prefix}/lib*/libkma.so.*.*" "${_prefix}/bin/kma")
  file(GLOB _jar "${_out}/java/kma-java-*[0-9].jar")
  if(_jar)
    run("${_dir}" ${CMAKE_COMMAND} -E tar xf "${_jar}" native)
    file(GLOB_RECURSE _jni "${_dir}/native/linux/*.so")
    list(APPEND _files ${_jni})
  endif()
  file(GLOB _nupkg "${_out}/nuget/*.nupkg")
  if(_nupkg)
    run("${_dir}" ${CMAKE_COMMAND} -E tar xf "${_nupkg}" runtimes)
    file(GLOB _cs "${_dir}/runtimes/linux-*/native/*.so")
    list(APPEND _files ${_cs})
  endif()
  file(GLOB _wheels "${_out}/python/*.whl")
  foreach(_whl IN LISTS _wheels)
    # (NAME, not NAME_WE: that stops at the version's first dot, and two
    # wheels of one version would share a directory.)
    get_filename_component(_name "${_whl}" NAME)
    file(MAKE_DIRECTORY "${_dir}/${_name}")
    run("${_dir}/${_name}" ${CMAKE_COMMAND} -E tar xf "${_whl}")
    file(GLOB_RECURSE _so "${_dir}/${_name}/*.so*")
    # The CLI the wheel carries for `python -m kma`.
    file(GLOB _cli "${_dir}/${_name}/kma/bin/kma")
    list(APPEND _files ${_so} ${_cli})
  endforeach()
  # Not through run(): its ARGN would split the list into one argument per
  # file, and glibc_floor.cmake would check only the first.
  list(LENGTH _files _count)
  execute_process(COMMAND ${CMAKE_COMMAND} "-DFILES=${_files}" -DFLOOR=2.28
                          -P "${SOURCE_DIR}/tests/package/glibc_floor.cmake"
                  RESULT_VARIABLE _rc OUTPUT_VARIABLE _o ERROR_VARIABLE _e)
  string(REGEX MATCHALL "[^\n]*: (newest GLIBC_[0-9.]+|statically linked)" _checked "${_o}")
  list(LENGTH _checked _checked_count)
  if(NOT _rc EQUAL 0 OR NOT _checked_count EQUAL _count)
    message(FATAL_ERROR "[${CASE}] glibc_floor.cmake (${_checked_count} of ${_count} files checked):\n${_o}${_e}")
  endif()
  message(STATUS "[${CASE}] ${_count} native files:\n${_o}")
  # The Windows natives (tools/package.sh --cross): only DLLs every Windows
  # has (the C++ runtime and winpthreads are linked in).
  file(GLOB_RECURSE _dlls "${_dir}/native/windows/*.dll" "${_dir}/runtimes/win-*/native/*.dll")
  foreach(_dll IN LISTS _dlls)
    run("${_dir}" objdump -p "${_dll}")
    string(REGEX MATCHALL "DLL Name: [^\n]+" _imports "${OUT}")
    foreach(_import IN LISTS _imports)
      string(TOLOWER "${_import}" _import)
      if(NOT _import MATCHES "^dll name: (kernel32|msvcrt|advapi32|ws2_32|user32)\\.dll$")
        message(FATAL_ERROR "[${CASE}] ${_dll} needs a DLL Windows does not have: ${_import}")
      endif()
    endforeach()
    message("${_dll}: ${_imports}")
  endforeach()

elseif(CASE STREQUAL "cli")
  # The installed kma uses the installed model, although the build tree
  # (with its own model) still exists.
  run_clean("${_dir}" "${_prefix}/bin/kma" version)
  file(REAL_PATH "${_prefix}/share/kma/kma-default.kmam" _model)
  string(FIND "${OUT}" "\nmodel ${_model} " _pos)
  if(_pos EQUAL -1)
    message(FATAL_ERROR "[${CASE}] kma version does not report ${_model}:\n${OUT}")
  endif()
  file(WRITE "${_dir}/in.txt" "아버지가방에들어가신다\n")
  run_clean("${_dir}" "${_prefix}/bin/kma" analyze in.txt)
  expect_analysis()

elseif(CASE STREQUAL "c_find_package" OR CASE STREQUAL "c_moved_prefix")
  # c_moved_prefix: the same with a copy of the install in another
  # directory; both programs must open the copy's model.
  set(_use "${_prefix}")
  if(CASE STREQUAL "c_moved_prefix")
    set(_use "${_dir}/moved/kma")
    file(COPY "${_prefix}/" DESTINATION "${_use}")
  endif()
  run("${_dir}" ${CMAKE_COMMAND} -S "${_consumers}" -B "${_dir}/build"
      -DCMAKE_PREFIX_PATH=${_use} -DCMAKE_BUILD_TYPE=Release)
  run("${_dir}" ${CMAKE_COMMAND} --build "${_dir}/build")
  file(REAL_PATH "${_use}/share/kma/kma-default.kmam" _model)
  foreach(_exe consumer consumer_static)
    run_clean("${_dir}" "${_dir}/build/${_exe}" --show-model)
    expect_analysis()
    expect_model("${_model}")
  endforeach()
  check_needed("${_dir}/build/consumer_static" "${_cxx}")
  if(CASE STREQUAL "c_moved_prefix")
    run_clean("${_dir}" "${_use}/bin/kma" version)
    expect_model("${_model}")
  endif()

elseif(CASE STREQUAL "c_add_subdirectory")
  # Builds kma's core again inside the consumer: minutes, so only on demand.
  if(NOT "$ENV{KMA_PACKAGE_SLOW}" STREQUAL "1")
    message("SKIP: set KMA_PACKAGE_SLOW=1 to build kma inside a consumer project")
    return()
  endif()
  run("${_dir}" ${CMAKE_COMMAND} -S "${_consumers}/subdir" -B "${_dir}/build"
      -DKMA_SOURCE_DIR=${SOURCE_DIR} -DCMAKE_BUILD_TYPE=Release)
  run("${_dir}" ${CMAKE_COMMAND} --build "${_dir}/build" --parallel 2 --target consumer consumer_static)
  file(REAL_PATH "${_dir}/build/kma/models/kma-default.kmam" _model)
  foreach(_exe consumer consumer_static)
    run_clean("${_dir}" "${_dir}/build/${_exe}" --show-model)
    expect_analysis()
    expect_model("${_model}")
  endforeach()

elseif(CASE STREQUAL "c_pkg_config")
  # The .pc file is named by path, which pkg-config accepts instead of a
  # package name (no PKG_CONFIG_PATH needed); ${pcfiledir} makes it
  # relocatable. The rpath is the documented way to run without
  # LD_LIBRARY_PATH.
  set(_pc "${_prefix}/lib/pkgconfig/kma.pc")
  run("${_dir}" pkg-config --cflags --libs "${_pc}")
  separate_arguments(_flags UNIX_COMMAND "${OUT}")
  run("${_dir}" pkg-config --variable=libdir "${_pc}")
  string(STRIP "${OUT}" _libdir)
  run("${_dir}" cc -std=c99 -Wall -Werror -o consumer "${_consumers}/consumer.c" ${_flags}
      "-Wl,-rpath,${_libdir}")
  run_clean("${_dir}" "${_dir}/consumer")
  expect_analysis()
  # The shipped example, built the same way, run without arguments from a
  # directory with no model in it.
  run("${_dir}" cc -std=c99 -Wall -Werror -o analyze "${SOURCE_DIR}/examples/analyze.c" ${_flags}
      "-Wl,-rpath,${_libdir}")
  file(MAKE_DIRECTORY "${_dir}/elsewhere")
  run_clean("${_dir}/elsewhere" "${_dir}/analyze")
  expect_analysis()

elseif(CASE STREQUAL "java")
  set(_jar "${_out}/java/kma-java-${VERSION}.jar")
  # What a Maven repository takes: the jar, its pom, sources and javadoc.
  foreach(_f "${_jar}" "${_out}/java/kma-java-${VERSION}.pom" "${_out}/java/kma-java-${VERSION}-sources.jar"
             "${_out}/java/kma-java-${VERSION}-javadoc.jar")
    if(NOT EXISTS "${_f}")
      message(FATAL_ERROR "[${CASE}] ${_f} is missing")
    endif()
  endforeach()
  file(COPY_FILE "${_jar}" "${_dir}/kma.jar")
  file(COPY "${_consumers}/Main.java" DESTINATION "${_dir}")
  run("${_dir}" "${JAVAC}" -cp kma.jar Main.java)
  # The model is copied out of the jar into the cache directory once.
  run_clean("${_dir}" "${JAVA}" -Dkma.model.cachedir=${_dir}/cache -cp kma.jar:. Main)
  expect_analysis(BATCH)

elseif(CASE STREQUAL "java_qemu_aarch64")
  # The same jar and Main under qemu-aarch64 with Debian's arm64 JVM:
  # NativeLoader must pick native/linux/aarch64/.
  set(_jar "${_out}/java/kma-java-${VERSION}.jar")
  execute_process(COMMAND ${CMAKE_COMMAND} -E tar tf "${_jar}" OUTPUT_VARIABLE _list)
  if(NOT _list MATCHES "native/linux/aarch64/libkma_jni\\.so")
    message("SKIP: the jar has no linux-aarch64 native (tools/package.sh --cross makes it)")
    return()
  endif()
  find_arm64_runtime(usr/lib/jvm/java-17-openjdk-arm64/bin/java)
  file(COPY_FILE "${_jar}" "${_dir}/kma.jar")
  file(COPY "${_consumers}/Main.java" DESTINATION "${_dir}")
  # Compiled by the host's javac, for the arm64 JVM's release or older.
  run("${_dir}" "${JAVAC}" --release 11 -cp kma.jar Main.java)
  run_clean("${_dir}" ${_arm64_run} -Dkma.model.cachedir=${_dir}/cache -cp kma.jar:. Main)
  expect_analysis(BATCH)

elseif(CASE STREQUAL "python_wheel_qemu_aarch64")
  # A fresh venv of Debian's arm64 Python under qemu-aarch64. The host's pip
  # installs the wheel into it for that platform (pip refuses a wheel whose
  # tags do not fit cp311 on manylinux_2_28_aarch64); the venv's python
  # imports it and runs the CLI it carries.
  file(GLOB _whl "${_out}/python/*manylinux_2_28_aarch64.whl")
  if(NOT _whl)
    message("SKIP: no manylinux_2_28_aarch64 wheel (tools/package.sh --cross makes it)")
    return()
  endif()
  find_arm64_runtime(usr/bin/python3.11)
  execute_process(COMMAND /usr/bin/python3 -m pip --version RESULT_VARIABLE _no_pip OUTPUT_QUIET ERROR_QUIET)
  if(_no_pip)
    message("SKIP: the host has no pip to install the wheel with (apt-get install python3-pip)")
    return()
  endif()
  run_clean("${_dir}" ${_arm64_run} -m venv --without-pip "${_dir}/venv")
  run("${_dir}" /usr/bin/python3 -m pip install --quiet --no-index --no-deps --no-compile
      --platform manylinux_2_28_aarch64 --implementation cp --python-version 3.11 --abi cp311
      --only-binary=:all: --target "${_dir}/venv/lib/python3.11/site-packages" "${_whl}")
  set(_site "${_dir}/venv/lib/python3.11/site-packages")
  set(_arm64_run ${_arm64_emulator} "${_dir}/venv/bin/python")
  # (Lines, not ";": CMake would split the argument there.)
  run_clean("${_dir}" ${_arm64_run} -c
            "import kma, platform\nprint(kma.Analyzer().analyze('아버지가방에들어가신다')[0])\nprint(platform.machine(), kma.__file__)")
  expect_analysis()
  if(NOT OUT MATCHES "\naarch64 ${_site}/kma/__init__.py\n")
    message(FATAL_ERROR "[${CASE}] kma was not imported from the venv by an aarch64 python:\n${OUT}")
  endif()
  file(WRITE "${_dir}/in.txt" "아버지가방에들어가신다\n")
  # `python -m kma` execs the wheel's kma/bin/kma (an aarch64 program): the
  # kernel runs that under qemu only when binfmt_misc has qemu-aarch64
  # registered. Without it the CLI is run under qemu directly, with the
  # bundled model as `python -m kma` would pass it.
  if(EXISTS /proc/sys/fs/binfmt_misc/qemu-aarch64)
    run_clean("${_dir}" ${_arm64_run} -m kma analyze in.txt)
  else()
    message(STATUS "[${CASE}] no qemu-aarch64 in binfmt_misc: kma/bin/kma run under qemu-aarch64 itself")
    run_clean("${_dir}" ${_arm64_emulator} "${_site}/kma/bin/kma" analyze
              --model "${_site}/kma/data/kma-default.kmam" in.txt)
  endif()
  expect_analysis()

elseif(CASE MATCHES "^dotnet_(net[0-9.]+|publish_linux_arm64|publish_win_x64)$")
  set(TFM "${CMAKE_MATCH_1}")
  if(TFM MATCHES "^publish_(linux_arm64|win_x64)$")
    # `dotnet publish -r <rid>` of a net8.0 app carries the package's native
    # for that runtime (when the package was made with the cross builds).
    string(REPLACE "_" "-" _publish_rid "${CMAKE_MATCH_1}")
    set(_native libkma_csharp.so)
    set(_machine "Machine: +AArch64")
    if(_publish_rid STREQUAL "win-x64")
      set(_native kma_csharp.dll)
      set(_machine "file format pei-x86-64")
    endif()
    file(GLOB _nupkg "${_out}/nuget/*.nupkg")
    execute_process(COMMAND ${CMAKE_COMMAND} -E tar tf "${_nupkg}" OUTPUT_VARIABLE _list)
    string(FIND "${_list}" "runtimes/${_publish_rid}/native/${_native}\n" _pos)
    if(_pos EQUAL -1)
      message("SKIP: the package has no ${_publish_rid} native (tools/package.sh --cross makes it)")
      return()
    endif()
    set(TFM net8.0)
  endif()
  set(PACKAGES "${_dir}/packages")
  configure_file("${_consumers}/Consumer.csproj.in" "${_dir}/Consumer.csproj" @ONLY)
  file(COPY "${_consumers}/Program.cs" DESTINATION "${_dir}")
  # The local feed is added to the configured sources, which serve the
  # framework packs a net8.0 build needs.
  file(WRITE "${_dir}/nuget.config" "<?xml version=\"1.0\" encoding=\"utf-8\"?>
<configuration>
  <packageSources>
    <add key=\"kma-local\" value=\"${_out}/nuget\" />
  </packageSources>
</configuration>
")
  set(ENV{DOTNET_CLI_TELEMETRY_OPTOUT} 1)
  set(ENV{DOTNET_NOLOGO} 1)
  if(_publish_rid)
    run("${_dir}" "${DOTNET}" publish -c Release -r ${_publish_rid} --self-contained false
        -o "${_dir}/out" --nologo -v quiet)
    if(_publish_rid STREQUAL "win-x64")
      run("${_dir}" objdump -f "${_dir}/out/${_native}")
    else()
      run("${_dir}" readelf -h "${_dir}/out/${_native}")
    endif()
    if(NOT OUT MATCHES "${_machine}")
      message(FATAL_ERROR "[${CASE}] the published ${_native} is not for ${_publish_rid}:\n${OUT}")
    endif()
    foreach(_f kma-default.kmam kma-LICENSE-MODEL.md Kma.dll)
      if(NOT EXISTS "${_dir}/out/${_f}")
        message(FATAL_ERROR "[${CASE}] ${_f} was not published")
      endif()
    endforeach()
    return()
  endif()
  run("${_dir}" "${DOTNET}" build -c Release --nologo -v quiet)
  # The package's own assembly for this framework was chosen.
  file(READ "${_dir}/obj/project.assets.json" _assets)
  if(NOT _assets MATCHES "\"lib/${TFM}/Kma.dll\"")
    message(FATAL_ERROR "[${CASE}] the app does not use lib/${TFM}/Kma.dll")
  endif()
  set(_bin "${_dir}/bin/Release/${TFM}")
  foreach(_f Consumer.dll kma-default.kmam kma-LICENSE-MODEL.md)
    if(NOT EXISTS "${_bin}/${_f}")
      message(FATAL_ERROR "[${CASE}] ${_f} was not copied to ${_bin}")
    endif()
  endforeach()
  run_clean("${_dir}" "${DOTNET}" "${_bin}/Consumer.dll")
  expect_analysis(BATCH)

elseif(CASE STREQUAL "rust")
  unpack_crates()
  # The packaged kma names kma-sys by version only; [patch] points it at the
  # unpacked crate (nothing comes from a registry).
  write_rust_consumer("kma = { path = \"../kma-${VERSION}\" }\n\n[patch.crates-io]
kma-sys = { path = \"../kma-sys-${VERSION}\" }")
  # Building needs to find the install (pkg-config), running does not.
  set(ENV{PKG_CONFIG_PATH} "${_prefix}/lib/pkgconfig")
  set(ENV{CARGO_TARGET_DIR} "${_dir}/app/target")
  run("${_dir}/app" "${CARGO}" build --offline --quiet)
  run_clean("${_dir}/app" "${_dir}/app/target/debug/consumer")
  expect_analysis(BATCH)
  check_needed("${_dir}/app/target/debug/consumer" "${_cxx}")

elseif(CASE STREQUAL "rust_vendored_crate" OR CASE STREQUAL "rust_vendored_path")
  # No installed libkma and no variable: kma-sys's build script builds the
  # C++ core and the model with CMake (from the packaged crate's vendor/, or
  # from this checkout for a path dependency) inside the consumer's target
  # directory. Minutes of compiling, so the path flavour only on demand.
  if(CASE STREQUAL "rust_vendored_path" AND NOT "$ENV{KMA_PACKAGE_SLOW}" STREQUAL "1")
    message("SKIP: set KMA_PACKAGE_SLOW=1 to build kma-sys from the checkout in a consumer")
    return()
  endif()
  # A libkma installed on this machine would be found first; the feature
  # then still makes the build script build its own.
  set(_feat "")
  execute_process(COMMAND env -i PATH=/usr/bin:/bin pkg-config --exists kma RESULT_VARIABLE _pc)
  if(_pc EQUAL 0 OR EXISTS /usr/local/lib/libkma.a OR EXISTS /usr/lib/libkma.a)
    set(_feat ", features = [\"vendored\"]")
  endif()
  if(CASE STREQUAL "rust_vendored_crate")
    unpack_crates()
    if(NOT EXISTS "${_dir}/kma-sys-${VERSION}/vendor/CMakeLists.txt")
      message(FATAL_ERROR "[${CASE}] the packaged kma-sys carries no vendor/ sources")
    endif()
    set(_deps "kma = { path = \"../kma-${VERSION}\"${_feat} }\n\n[patch.crates-io]
kma-sys = { path = \"../kma-sys-${VERSION}\" }")
  else()
    set(_deps "kma = { path = \"${SOURCE_DIR}/bindings/rust/kma\"${_feat} }")
  endif()
  write_rust_consumer("${_deps}")
  # cargo itself needs to find its toolchain (rustup's HOME), nothing else.
  get_filename_component(_cargo_dir "${CARGO}" DIRECTORY)
  set(_home)
  foreach(_v HOME RUSTUP_HOME CARGO_HOME)
    if(DEFINED ENV{${_v}})
      list(APPEND _home "${_v}=$ENV{${_v}}")
    endif()
  endforeach()
  string(TIMESTAMP _t0 "%s")
  run("${_dir}/app" env -i PATH=${_cargo_dir}:/usr/bin:/bin ${_home}
      "${CARGO}" build --offline --quiet -j2)
  string(TIMESTAMP _t1 "%s")
  math(EXPR _secs "${_t1} - ${_t0}")
  message(STATUS "[${CASE}] cargo build with the vendored kma: ${_secs} s")
  file(GLOB _outputs "${_dir}/app/target/debug/build/kma-sys-*/output")
  file(READ "${_outputs}" _buildout)
  if(NOT _buildout MATCHES "cargo:vendored=1")
    message(FATAL_ERROR "[${CASE}] kma-sys did not build the vendored libkma:\n${_buildout}")
  endif()
  run_clean("${_dir}/app" "${_dir}/app/target/debug/consumer")
  expect_analysis(BATCH)
  check_needed("${_dir}/app/target/debug/consumer" "${_cxx}")

else()
  message(FATAL_ERROR "unknown CASE '${CASE}'")
endif()
