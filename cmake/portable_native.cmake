# kma_portable_native(<target>): makes a shipped native file (a shared
# library or a program) portable across Linux distributions:
#
#   - the C++ runtime is linked in (-static-libstdc++ -static-libgcc), so the
#     file needs no libstdc++ (no GLIBCXX_ or CXXABI_ version) and no
#     libgcc_s. That is sound: the libraries export only C functions (version
#     script or --exclude-libs), no C++ object or exception crosses their
#     boundary, and the runtime copy is private to the file;
#   - the few glibc symbols whose default version is newer than 2.28 are
#     redirected to glibc_compat.c (see there), so the file loads on glibc
#     2.28 and later (RHEL 8, Debian 10, Ubuntu 20.04, Amazon Linux 2023);
#   - libpthread.so.0 is a dependency (before glibc 2.34 the pthread
#     functions live there; since, it is an empty compatibility file);
#   - a program (the kma CLI) is linked statically instead: it needs no
#     shared library at all.
#
# On Windows (MinGW-w64) the GCC runtime and winpthreads are linked in, so
# the DLL needs only system DLLs. Not with sanitizers, whose runtimes expect
# the shared C++ runtime, nor with KMA_PORTABLE_NATIVES=OFF.
option(KMA_PORTABLE_NATIVES "Link the shipped native files for old glibc and without libstdc++" ON)

set(KMA_GLIBC_WRAPPED_SYMBOLS
    pthread_create pthread_join pthread_detach pthread_once pthread_key_create
    __pthread_key_create pthread_key_delete pthread_getspecific pthread_setspecific
    pthread_rwlock_rdlock pthread_rwlock_wrlock pthread_rwlock_unlock pthread_rwlock_tryrdlock
    pthread_rwlock_trywrlock stat fstat fstat64 _dl_find_object arc4random)

if(CMAKE_SYSTEM_NAME STREQUAL "Linux" AND CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64|amd64|aarch64|arm64")
  set(KMA_GLIBC_FLOOR 2.28 CACHE INTERNAL "The newest glibc symbol version a shipped file may need")
  add_library(kma_glibc_compat OBJECT ${CMAKE_CURRENT_LIST_DIR}/glibc_compat.c)
  set_target_properties(kma_glibc_compat PROPERTIES POSITION_INDEPENDENT_CODE ON
                                                    C_VISIBILITY_PRESET hidden)
endif()

function(kma_portable_native target)
  if(NOT KMA_PORTABLE_NATIVES OR KMA_SANITIZE OR NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    return()
  endif()
  target_link_options(${target} PRIVATE -static-libstdc++ -static-libgcc)
  if(WIN32)
    # winpthreads (std::thread) from its static archive as well.
    target_link_options(${target} PRIVATE -static)
    return()
  endif()
  if(NOT TARGET kma_glibc_compat)
    return()
  endif()
  get_target_property(_type ${target} TYPE)
  if(_type STREQUAL "EXECUTABLE")
    # A program is linked statically: it needs no shared library at all
    # (and so no glibc version), only a Linux kernel.
    target_link_options(${target} PRIVATE -static)
    return()
  endif()
  target_sources(${target} PRIVATE $<TARGET_OBJECTS:kma_glibc_compat>)
  list(JOIN KMA_GLIBC_WRAPPED_SYMBOLS "," _wrapped)
  string(REPLACE "," ",--wrap=" _wrapped "--wrap=${_wrapped}")
  target_link_options(${target} PRIVATE "LINKER:${_wrapped}"
                      "LINKER:--push-state,--no-as-needed" "-l:libpthread.so.0" "LINKER:--pop-state")
endfunction()
