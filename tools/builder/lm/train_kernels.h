// The vectorised inner loops of the CoNg trainers, one implementation per
// instruction set (train_kernels_<isa>.cpp, each compiled with its own flags
// around the shared train_kernels_impl.inc), chosen at run time like the
// analyzer's kernels (core/kernels: KMA_ISA and SetMaxIsa cap the choice).
//
// Canonical arithmetic: every implementation performs exactly the same IEEE
// single- and double-precision operations in the same order, so a model
// trained on any machine, with any ISA and any number of threads, has the
// same bytes:
//  - products and sums are separate operations (no FMA; the builder is
//    compiled with -ffp-contract=off);
//  - a dot product adds its products in index order into one accumulator
//    that starts at 0; a sum over rows (gradients) adds them in row order;
//  - a sum over a long row keeps 8 double partial sums, element i going to
//    partial i mod 8 in order, combined as ((p0+p4)+(p1+p5))+((p2+p6)+(p3+p7));
//  - Exp is the kernel's own exponential (Cody-Waite reduction, a degree-7
//    polynomial, 0 below -87), not the C library's, whose last bit may
//    depend on the machine.
#ifndef KMA_TOOLS_BUILDER_LM_TRAIN_KERNELS_H_
#define KMA_TOOLS_BUILDER_LM_TRAIN_KERNELS_H_

#include <cstddef>
#include <cstdint>

#include "core/kernels/isa.h"

namespace kma::build::train {

// Rows per panel of the packed layout that `logits` reads: panel p holds rows
// [16p, 16p + 16) as dim groups of 16 values (value k of the 16 rows, then
// value k + 1, ...).
inline constexpr size_t kPanelRows = 16;
// Rows per chunk of `grad_rows`: the query gradients are summed per chunk of
// rows, then the chunks in order (part of the canonical order).
inline constexpr size_t kGradChunkRows = 512;

struct TrainKernels {
  const char* name;
  // out[j * ldo + x] = dot(q[j * ldq ..], row x) + bias[x] for j < m and x in
  // the panels [p0, p1) (rows 16 * p0 .. 16 * p1; bias must cover them).
  void (*logits)(const float* q, size_t m, size_t ldq, const float* panels, const float* bias, size_t p0,
                 size_t p1, int dim, float* out, size_t ldo);
  // The largest of x[0..n) (n >= 1).
  float (*row_max)(const float* x, size_t n);
  // e[i] = Exp(x[i] - shift) into out (if not null; may be x), *total =
  // their sum; with a mask (one byte per element, 0 or 1), *masked = the sum
  // over the masked elements. Double partials.
  void (*exp_sum)(const float* x, size_t n, float shift, const uint8_t* mask, float* out, double* total,
                  double* masked);
  // out[i] = Exp(x[i]) (out may be x).
  void (*exp_row)(const float* x, size_t n, float* out);
  // g[i] = c * e[i] - w * T[i], T[i] = Exp(t[i]) if t_log else t[i];
  // without t (null), g[i] = c * e[i]. g may be e.
  void (*scale_sub)(const float* e, size_t n, float c, const float* t, bool t_log, float w, float* g);
  // For rows x in [x0, x1) (x1 - x0 <= kGradChunkRows) of an m-row gradient
  // g (row j at g + j * ldg, indexed by x):
  //   d_rows[x * dim + k] = sum_j g[j][x] * v[j * dim + k]
  //   d_bias[x]           = sum_j g[j][x]
  //   gv[j * dim + k]     = sum over x in [x0, x1) of g[j][x] * rows[x * dim + k]
  // d_rows and d_bias may be null (v is then unused); `work` holds
  // GradRowsWorkFloats(m) floats of scratch.
  void (*grad_rows)(const float* g, size_t ldg, size_t m, const float* v, const float* rows, int dim,
                    size_t x0, size_t x1, float* d_rows, float* d_bias, float* gv, float* work);
  // Adam on n parameters: m = b1 m + (1 - b1) g; v = b2 v + ((1 - b2) g) g;
  // w -= (lr * m) / (sqrt(v) + eps).
  void (*adam)(float* w, float* m, float* v, const float* g, size_t n, float lr, float b1, float b2,
               float eps);
  // The upper triangle (j >= i) of h (dim × dim doubles, dim <= 512) +=
  // (w * x[i]) * x[j], in double.
  void (*add_outer_upper)(double w, const float* x, int dim, double* h);
};

// Scratch floats of grad_rows for an m-row gradient.
inline size_t GradRowsWorkFloats(size_t m) { return (kGradChunkRows + 5) / 6 * 6 * m; }

// Packs rows (count × dim, row-major) into ceil(count / 16) panels; rows
// beyond count are 0. `panels` holds PanelFloats(count, dim) floats.
size_t PanelFloats(size_t count, int dim);
void PackPanels(const float* rows, size_t count, int dim, float* panels);

// The kernels for `isa` if this build has them (scalar always), else null.
const TrainKernels* TrainKernelsFor(kma::kernels::Isa isa);
// The kernels of the active instruction set (kma::kernels::ActiveIsa()).
const TrainKernels& ActiveTrainKernels();

// Per-ISA tables (train_kernels_<isa>.cpp).
namespace scalar {
extern const TrainKernels kTable;
}
namespace avx2 {
extern const TrainKernels kTable;
}

}  // namespace kma::build::train

#endif  // KMA_TOOLS_BUILDER_LM_TRAIN_KERNELS_H_
