// Row storage variants of the CoNg embedding tables (core/lm/cong.h, "Row
// storage"): the quantiser that turns float rows into the stored form and
// the int8 values the analyzer will compute with.
//
// A storage name is a '+'-joined list of at most one value format and at
// most one sparsity pattern:
//   value format: int8 (default), int7, int6, int5 (values of 7/6/5 bits
//                 stored one per byte), packed4 (4-bit, groups of 8 with a
//                 local zero point and scale, 5 bytes per 8 weights)
//   sparsity:     sparse50 (the smaller-magnitude half of every row is 0),
//                 block4, block8 (50% zeros in aligned blocks of 4 / 8
//                 consecutive weights, the blocks of least L2 norm),
//                 block4u, block8u (the same with blocks starting anywhere,
//                 chosen greedily by least L2 norm, non-overlapping)
// e.g. "int6", "packed4+sparse50", "packed4+block8".
#ifndef KMA_TOOLS_BUILDER_LM_CONG_STORAGE_H_
#define KMA_TOOLS_BUILDER_LM_CONG_STORAGE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/lm/cong.h"
#include "core/base/status.h"

namespace kma::build {

struct CongStorage {
  int value_bits = 8;      // 8, 7, 6, 5, or 4 with packed4
  bool packed4 = false;
  int sparsity_pct = 0;    // 0 or 50
  int block = 0;           // 0 (single weights), 4 or 8
  bool unaligned = false;  // blocks may start anywhere

  // Plain int8: written as format version 1, exactly as before variants.
  bool plain() const { return value_bits == 8 && !packed4 && sparsity_pct == 0; }
  // Canonical name ("int8", "int6", "packed4+block8u", "sparse50", ...).
  std::string Name() const;
  cong_internal::CongStorageHeader Header() const;
};

// Parses a storage name (see above); kInvalidArgument names the bad part.
StatusOr<CongStorage> ParseCongStorage(const std::string& name);
// Every accepted single part, for usage messages.
const char* CongStorageParts();

// Rows quantised for a storage: `q` holds the int8 values the analyzer
// computes with (count * dim, s8) and `scale` the per-row scales; `stored`
// is the on-disk form of the rows when it is not `q` itself (packed4: per
// row dim/2 nibble bytes then dim/8 local-parameter bytes).
struct QuantizedRows {
  std::vector<int8_t> q;
  std::vector<float> scale;
  std::vector<uint8_t> stored;
};

void QuantizeRowsAs(const CongStorage& storage, const std::vector<float>& rows, size_t count, int dim,
                    QuantizedRows* out);
// The float values of quantised rows (q * scale).
std::vector<float> Dequantize(const QuantizedRows& rows, size_t count, int dim);

// Exposed for tests: the zero mask (1 = zeroed) the storage puts on a row.
void SparsityMask(const CongStorage& storage, const float* row, int dim, uint8_t* mask);
// Exposed for tests: packs one group of 8 target values (in units of the
// row scale) with the (Z, S, W) choice of least squared error, writing 4
// nibble bytes and the parameter byte; masked weights are forced to 0.
void PackGroup(const float* target, const uint8_t* mask, uint8_t* nibbles, uint8_t* param);

}  // namespace kma::build

#endif  // KMA_TOOLS_BUILDER_LM_CONG_STORAGE_H_
