// Structure-aware edits of a model file image (core/model/format.h) for the
// model-loading fuzz target: values written into section payloads (mostly
// where the nested blobs keep their headers, sizes and indices), section
// table entries changed, swapped and renamed, bytes inserted and removed;
// Reseal() then makes the header's size and checksum match again.
#ifndef KMA_TESTS_FUZZ_MODEL_EDITS_H_
#define KMA_TESTS_FUZZ_MODEL_EDITS_H_

#include <string>

#include "tests/fuzz/fuzz_util.h"

namespace kma::fuzz {

// Reads one edit (an opcode byte and its operands) from `in` and applies it.
void ApplyEdit(ByteReader* in, std::string* image);

// Sets file_size to the image size and recomputes the checksum (images
// shorter than the header are left alone).
void Reseal(std::string* image);

}  // namespace kma::fuzz

#endif  // KMA_TESTS_FUZZ_MODEL_EDITS_H_
