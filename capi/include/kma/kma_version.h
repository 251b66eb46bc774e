/**
 * @file kma_version.h
 * @brief Hand-written version numbers of the kma library, its ABI and its
 *        model file format. CMake parses this file; bindings read it directly,
 *        so nothing here is generated.
 */
#ifndef KMA_VERSION_H_
#define KMA_VERSION_H_

/** Library version (semantic versioning). */
#define KMA_VERSION_MAJOR 0
#define KMA_VERSION_MINOR 1
#define KMA_VERSION_PATCH 0
/** M*10000 + m*100 + p */
#define KMA_VERSION_NUMBER \
  (KMA_VERSION_MAJOR * 10000 + KMA_VERSION_MINOR * 100 + KMA_VERSION_PATCH)
#define KMA_VERSION_STRING "0.1.0"
/** True when the headers are at least version M.m.p. */
#define KMA_VERSION_CHECK(M, m, p) \
  (KMA_VERSION_NUMBER >= ((M) * 10000 + (m) * 100 + (p)))

/** ABI version: the shared library's SOVERSION. Bumped on any ABI break. */
#define KMA_ABI_VERSION 1

/**
 * Model file format written by this library. History:
 *  - 1: first format.
 *  - 2: compact dictionary (packed morpheme and entry records with shared
 *       score and penalty tables, prefix-shared string pool, breadth-first
 *       trie with implicit children and 16-bit labels); format 1 files
 *       cannot be read.
 */
#define KMA_MODEL_FORMAT_VERSION 2
/** Oldest model file format this library can still read. */
#define KMA_MIN_COMPATIBLE_MODEL_FORMAT_VERSION 2

#endif /* KMA_VERSION_H_ */
