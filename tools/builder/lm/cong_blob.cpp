#include "tools/builder/lm/cong_blob.h"

namespace kma::build {

std::vector<uint8_t> ShiftedRows(const std::vector<int8_t>& q) {
  std::vector<uint8_t> u(q.size());
  for (size_t i = 0; i < q.size(); ++i) u[i] = static_cast<uint8_t>(q[i] + 128);
  return u;
}

std::vector<int32_t> RowCompensation(const std::vector<int8_t>& q, uint32_t rows, uint32_t dim) {
  std::vector<int32_t> comp(rows, 0);
  for (uint32_t t = 0; t < rows; ++t)
    for (uint32_t k = 0; k < dim; ++k) comp[t] += 128 * int32_t{q[size_t{t} * dim + k]};
  return comp;
}

}  // namespace kma::build
