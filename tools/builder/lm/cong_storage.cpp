#include "tools/builder/lm/cong_storage.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace kma::build {
namespace {

using cong_internal::kPackedGroup;

std::vector<std::string> SplitPlus(const std::string& s) {
  std::vector<std::string> out;
  size_t pos = 0;
  for (;;) {
    size_t plus = s.find('+', pos);
    out.push_back(s.substr(pos, plus == std::string::npos ? std::string::npos : plus - pos));
    if (plus == std::string::npos) break;
    pos = plus + 1;
  }
  return out;
}

// decode[p][w]: the int8 value of nibble w under parameter byte p.
struct DecodeTable {
  int8_t v[256][16];
  DecodeTable() {
    for (int p = 0; p < 256; ++p)
      for (int w = 0; w < 16; ++w) v[p][w] = static_cast<int8_t>(cong_internal::DecodePacked4(w, static_cast<uint8_t>(p)));
  }
};
const DecodeTable& Decode() {
  static const DecodeTable table;
  return table;
}

}  // namespace

std::string CongStorage::Name() const {
  std::string value = packed4 ? "packed4" : "int" + std::to_string(value_bits);
  if (sparsity_pct == 0) return value;
  std::string sparse = block == 0 ? "sparse50" : "block" + std::to_string(block) + (unaligned ? "u" : "");
  return value == "int8" ? sparse : value + "+" + sparse;
}

cong_internal::CongStorageHeader CongStorage::Header() const {
  cong_internal::CongStorageHeader h{};
  h.value_bits = static_cast<uint32_t>(value_bits);
  h.packing = packed4 ? cong_internal::kPackNibbleG8 : cong_internal::kPackInt8;
  h.sparsity_pct = static_cast<uint32_t>(sparsity_pct);
  h.sparsity_block = static_cast<uint32_t>(block);
  h.block_unaligned = unaligned ? 1 : 0;
  return h;
}

const char* CongStorageParts() { return "int8, int7, int6, int5, packed4, sparse50, block4, block8, block4u, block8u"; }

StatusOr<CongStorage> ParseCongStorage(const std::string& name) {
  CongStorage s;
  bool have_value = false, have_sparsity = false;
  for (const std::string& part : SplitPlus(name)) {
    auto bad = [&](const std::string& why) {
      return Status(StatusCode::kInvalidArgument, "CoNg storage '" + name + "': " + why);
    };
    if (part == "int8" || part == "int7" || part == "int6" || part == "int5" || part == "packed4") {
      if (have_value) return bad("more than one value format");
      have_value = true;
      s.packed4 = part == "packed4";
      s.value_bits = s.packed4 ? 4 : part[3] - '0';
    } else if (part == "sparse50" || part == "block4" || part == "block8" || part == "block4u" || part == "block8u") {
      if (have_sparsity) return bad("more than one sparsity pattern");
      have_sparsity = true;
      s.sparsity_pct = 50;
      s.block = part == "sparse50" ? 0 : part[5] - '0';
      s.unaligned = part.back() == 'u';
    } else {
      return bad("unknown part '" + part + "' (known: " + CongStorageParts() + ")");
    }
  }
  return s;
}

void SparsityMask(const CongStorage& st, const float* row, int dim, uint8_t* mask) {
  std::fill(mask, mask + dim, uint8_t{0});
  if (st.sparsity_pct == 0) return;
  const int zeros = dim * st.sparsity_pct / 100;
  if (st.block == 0) {
    std::vector<int> idx(dim);
    std::iota(idx.begin(), idx.end(), 0);
    std::sort(idx.begin(), idx.end(), [row](int a, int b) {
      const float fa = std::fabs(row[a]), fb = std::fabs(row[b]);
      return fa != fb ? fa < fb : a < b;
    });
    for (int i = 0; i < zeros; ++i) mask[idx[i]] = 1;
    return;
  }
  const int B = st.block, nblocks = zeros / B;
  // L2 norm (squared) of the window of B weights starting at each position.
  std::vector<float> norm(dim - B + 1, 0.0f);
  for (int i = 0; i + B <= dim; ++i)
    for (int k = 0; k < B; ++k) norm[i] += row[i + k] * row[i + k];
  if (!st.unaligned) {
    std::vector<int> blocks(dim / B);
    std::iota(blocks.begin(), blocks.end(), 0);
    std::sort(blocks.begin(), blocks.end(), [&](int a, int b) {
      const float na = norm[size_t(a) * B], nb = norm[size_t(b) * B];
      return na != nb ? na < nb : a < b;
    });
    for (int j = 0; j < nblocks; ++j) std::fill(mask + blocks[j] * B, mask + (blocks[j] + 1) * B, uint8_t{1});
    return;
  }
  // Greedy: the free window of least norm, until half the row is covered.
  // A free window always remains: after k <= dim/(2B) - 1 blocks the
  // dim - kB free weights lie in at most k + 1 gaps, and if every gap were
  // shorter than B then dim - kB <= (k + 1)(B - 1), i.e.
  // dim <= k(2B - 1) + B - 1 <= dim - dim/(2B) - B, a contradiction.
  for (int j = 0; j < nblocks; ++j) {
    int best = -1;
    for (int i = 0; i + B <= dim; ++i) {
      bool free = true;
      for (int k = 0; k < B && free; ++k) free = mask[i + k] == 0;
      if (free && (best < 0 || norm[i] < norm[best])) best = i;
    }
    if (best < 0) break;  // cannot happen (see above)
    std::fill(mask + best, mask + best + B, uint8_t{1});
  }
}

void PackGroup(const float* t, const uint8_t* mask, uint8_t* nibbles, uint8_t* param) {
  const DecodeTable& dec = Decode();
  float best_err = 0;
  int best_p = -1;
  uint8_t best_w[kPackedGroup] = {};
  for (int z = 0; z < 4; ++z) {
    for (int s = 0; s < 64; ++s) {
      const int p = (z << 6) | s;
      const int zero = z + 6, scale = s + 9;
      const int8_t* v = dec.v[p];
      float err = 0;
      uint8_t w[kPackedGroup];
      for (uint32_t k = 0; k < kPackedGroup; ++k) {
        if (mask[k]) {
          w[k] = static_cast<uint8_t>(zero);  // decodes to 0 exactly
          continue;
        }
        // v is monotonic in W: the nearest value is next to the rounded
        // real-valued solution.
        const int w0 = static_cast<int>(std::lround(t[k] * 9.0f / float(scale))) + zero;
        int bw = -1;
        float be = 0;
        for (int c = std::max(0, w0 - 1); c <= std::min(15, w0 + 1); ++c) {
          const float d = t[k] - float(v[c]);
          if (bw < 0 || d * d < be) bw = c, be = d * d;
        }
        if (bw < 0) {  // w0 far outside 0..15: the end that is nearer
          bw = w0 < 0 ? 0 : 15;
          const float d = t[k] - float(v[bw]);
          be = d * d;
        }
        w[k] = static_cast<uint8_t>(bw);
        err += be;
      }
      if (best_p < 0 || err < best_err) {
        best_err = err, best_p = p;
        std::copy(w, w + kPackedGroup, best_w);
      }
    }
  }
  for (uint32_t k = 0; k < kPackedGroup / 2; ++k)
    nibbles[k] = static_cast<uint8_t>(best_w[2 * k] | (best_w[2 * k + 1] << 4));
  *param = static_cast<uint8_t>(best_p);
}

void QuantizeRowsAs(const CongStorage& st, const std::vector<float>& rows, size_t count, int dim, QuantizedRows* out) {
  out->q.resize(count * dim);
  out->scale.resize(count);
  out->stored.clear();
  const size_t stride = st.packed4 ? cong_internal::StoredRowBytes(cong_internal::kPackNibbleG8, dim) : 0;
  if (st.packed4) out->stored.assign(count * stride, 0);
  std::vector<uint8_t> mask(dim);
  std::vector<float> x(dim), t(dim);
  const DecodeTable& dec = Decode();
  for (size_t r = 0; r < count; ++r) {
    const float* src = &rows[r * dim];
    SparsityMask(st, src, dim, mask.data());
    for (int k = 0; k < dim; ++k) x[k] = mask[k] ? 0.0f : src[k];
    float mx = 0;
    for (int k = 0; k < dim; ++k) mx = std::max(mx, std::fabs(x[k]));
    int8_t* q = &out->q[r * dim];
    if (!st.packed4) {
      // Symmetric per-row quantisation to value_bits (int8: scale = max|x|
      // / 127, exactly the historical int8 quantiser).
      const float qmax = float((1 << (st.value_bits - 1)) - 1);
      const float s = mx > 0 ? mx / qmax : 1.0f;
      out->scale[r] = s;
      for (int k = 0; k < dim; ++k) q[k] = static_cast<int8_t>(std::lround(std::clamp(x[k] / s, -qmax, qmax)));
      continue;
    }
    // Packed 4-bit: the widened values reach +-72, so the row scale maps
    // the largest weight to 72; each group then picks its local zero point
    // and scale.
    const float s = mx > 0 ? mx / 72.0f : 1.0f;
    out->scale[r] = s;
    for (int k = 0; k < dim; ++k) t[k] = x[k] / s;
    uint8_t* nib = &out->stored[r * stride];
    uint8_t* par = nib + dim / 2;
    for (int g = 0; g < dim / int(kPackedGroup); ++g) {
      PackGroup(&t[g * kPackedGroup], &mask[g * kPackedGroup], nib + g * kPackedGroup / 2, par + g);
      for (uint32_t k = 0; k < kPackedGroup; ++k) {
        const int i = g * kPackedGroup + k;
        q[i] = dec.v[par[g]][(nib[i / 2] >> (4 * (i & 1))) & 15];
      }
    }
  }
}

std::vector<float> Dequantize(const QuantizedRows& rows, size_t count, int dim) {
  std::vector<float> out(count * dim);
  for (size_t r = 0; r < count; ++r)
    for (int k = 0; k < dim; ++k) out[r * dim + k] = float(rows.q[r * dim + k]) * rows.scale[r];
  return out;
}

}  // namespace kma::build
