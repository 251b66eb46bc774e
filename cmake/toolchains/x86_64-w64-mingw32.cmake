# Cross-compiles kma for Windows on x86-64 with Debian's MinGW-w64 (the
# posix thread model, g++-mingw-w64-x86-64-posix, which std::thread needs);
# the programs (tests) run under wine64 when it is installed. utf8proc,
# xxHash and cmocka have no Debian package for this target: tools/win_deps.sh
# builds them from Debian's sources into a prefix, named here by
# KMA_WIN_DEPS_PREFIX (tools/cross.sh --target win-x64 does all of it):
#   cmake -S . -B build-win64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/x86_64-w64-mingw32.cmake \
#         -DKMA_WIN_DEPS_PREFIX=build-win64/deps
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
# MinGW's own printf family (C99: %zu, %lld) instead of the old msvcrt one.
set(CMAKE_C_FLAGS_INIT "-D__USE_MINGW_ANSI_STDIO=1")
set(CMAKE_CXX_FLAGS_INIT "-D__USE_MINGW_ANSI_STDIO=1")
# Every program and DLL carries the GCC runtime and winpthreads (std::thread)
# instead of needing MinGW's DLLs beside it: only system DLLs remain.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
# try_compile projects read the toolchain file again: pass the prefix on.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES KMA_WIN_DEPS_PREFIX)
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32 ${KMA_WIN_DEPS_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
if(KMA_WIN_DEPS_PREFIX)
  # pkg-config answers from the prefix only, never from the build machine.
  set(ENV{PKG_CONFIG_LIBDIR} ${KMA_WIN_DEPS_PREFIX}/lib/pkgconfig)
endif()
# Debian installs wine64 outside PATH. WINEDEBUG=-all keeps wine's own
# messages out of the programs' stderr.
find_program(KMA_WINE64 NAMES wine64 wine PATHS /usr/lib/wine NO_CMAKE_FIND_ROOT_PATH)
if(KMA_WINE64)
  set(CMAKE_CROSSCOMPILING_EMULATOR /usr/bin/env;WINEDEBUG=-all;${KMA_WINE64})
endif()
