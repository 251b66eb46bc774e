// Version numbers the engine owns: the library version, the ABI version of
// the C library built on it, and the model file formats it writes and reads.
// CMake parses this file for the project version. The C ABI re-exports every
// number as a KMA_* macro in capi/include/kma/kma_version.h (a public header
// must stand alone); capi/src/runtime_api.cpp checks at compile time that the
// two agree.
#ifndef KMA_CORE_BASE_VERSION_H_
#define KMA_CORE_BASE_VERSION_H_

#include <cstdint>

namespace kma {

// Library version (semantic versioning).
// version: 0.1.0
inline constexpr uint32_t kVersionMajor = 0;
inline constexpr uint32_t kVersionMinor = 1;
inline constexpr uint32_t kVersionPatch = 0;
inline constexpr char kVersionString[] = "0.1.0";
// The shared library's SOVERSION; bumped on any ABI break.
inline constexpr uint32_t kAbiVersion = 1;

// Model file format written by this library. History:
//  1: first format.
//  2: compact dictionary (packed morpheme and entry records with shared score
//     and penalty tables, prefix-shared string pool, breadth-first trie with
//     implicit children and 16-bit labels); format 1 files cannot be read.
inline constexpr uint32_t kModelFormatVersion = 2;
// Oldest model file format this library can still read.
inline constexpr uint32_t kMinCompatibleModelFormatVersion = 2;

}  // namespace kma

#endif  // KMA_CORE_BASE_VERSION_H_
