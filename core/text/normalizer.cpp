#include "core/text/normalizer.h"

#include <utf8proc.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "core/text/char_class.h"
#include "core/text/hangul.h"

namespace kma {
namespace {


bool IsScalarValue(char32_t c) { return c <= 0x10FFFF && !InRange(c, 0xD800, 0xDFFF); }

// True if `c` alone (with a run boundary after it) is already in NFC.
// Covers the characters of ordinary Korean text so they skip utf8proc.
bool IsQuickStable(char32_t c) {
  return c < 0x300 || hangul::IsSyllable(c) || InRange(c, 0x3131, 0x318E) ||
         InRange(c, 0x4E00, 0x9FFF) || InRange(c, 0x1100, 0x1112);
}

// True if no character before `c` can compose with `c` or be reordered
// after it, so NFC of the text equals the concatenation of NFC of the runs
// that start at such characters. The characters that compose with a
// preceding starter are combining marks (ccc > 0, or Mn/Mc with ccc 0 such
// as Indic two-part vowel signs) and Hangul medial/final jamo; characters
// whose decomposition starts with a non-starter (U+0F73, U+0344) are marks
// too. Everything else starts a run.
bool StartsRun(char32_t c) {
  if (c < 0x300 || hangul::IsSyllable(c) || InRange(c, 0x3131, 0x318E) ||
      InRange(c, 0x4E00, 0x9FFF)) {
    return true;
  }
  if (InRange(c, 0x1160, 0x11FF) || InRange(c, 0xD7B0, 0xD7FF)) return false;  // V, T jamo
  if (!IsScalarValue(c)) return true;
  const utf8proc_property_t* p = utf8proc_get_property(static_cast<utf8proc_int32_t>(c));
  if (p->combining_class != 0) return false;
  return p->category != UTF8PROC_CATEGORY_MN && p->category != UTF8PROC_CATEGORY_MC &&
         p->category != UTF8PROC_CATEGORY_ME;
}

// Output cursor over pre-sized buffers: the hot loop writes without
// push_back's capacity checks, and the coda split is branch-free (a
// syllable's coda slot is always written and kept only if it has a coda).
class Writer {
 public:
  explicit Writer(NormalizedText* out) : out_(out) {}
  // Makes room for `count` more characters (each may split in two).
  // Invariant kept by callers: room for everything still to come.
  void Reserve(size_t count) {
    const size_t need = w_ + 2 * count;
    if (need > out_->text.size()) {
      const size_t size = std::max(need, out_->text.size() * 2);
      out_->text.resize(size);
      out_->to_input.resize(size + 1);
    }
    text_ = out_->text.data();
    map_ = out_->to_input.data();
  }
  // Appends one NFC character, splitting off its coda. Requires Reserve.
  void Emit(char32_t c, uint32_t src) {
    const bool syl = hangul::IsSyllable(c);
    const int coda = syl ? hangul::CodaIndex(c) : 0;
    text_[w_] = c - static_cast<char32_t>(coda);
    text_[w_ + 1] = hangul::kCodaJamoBase + static_cast<char32_t>(coda);
    map_[w_] = src;
    map_[w_ + 1] = src;
    w_ += 1 + (coda != 0);
  }
  void Finish(uint32_t input_size) {
    out_->text.resize(w_);
    out_->to_input.resize(w_ + 1);
    out_->to_input[w_] = input_size;
  }

 private:
  NormalizedText* out_;
  char32_t* text_ = nullptr;
  uint32_t* map_ = nullptr;
  size_t w_ = 0;
};

// Reused buffers for the rare runs that need utf8proc.
struct Unit {
  utf8proc_propval_t ccc;
  utf8proc_int32_t cp;
  uint32_t src;
};
struct Scratch {
  std::vector<utf8proc_int32_t> units;  // canonical decomposition of the run
  std::vector<uint32_t> srcs;           // input index of each unit
  std::vector<Unit> order;              // sort buffer for canonical ordering
  std::vector<uint32_t> out_srcs;       // input index of each output character
};

constexpr utf8proc_ssize_t kMaxDecomp = 32;  // canonical decompositions are <= 4

// NFC of input[b, e) via full canonical decomposition, canonical ordering
// and utf8proc's composition. Offsets: NFD(NFC(x)) has the same units as
// NFD(x), so output character j covers the next |NFD(out_j)| units of the
// decomposed run and maps to the smallest input index among them and among
// every later output character of the run. Canonical ordering can move a
// mark before marks that preceded it in the input (U+0303 U+0324 ->
// U+0324 U+0303); mapping an output character to the smallest index still
// to come keeps the map non-decreasing without leaving those earlier marks
// outside every token's span.
void NormalizeRun(std::u32string_view input, size_t b, size_t e, Scratch* s,
                  Writer* out) {
  s->units.clear();
  s->srcs.clear();
  utf8proc_int32_t buf[kMaxDecomp];
  int boundclass = 0;
  for (size_t k = b; k < e; ++k) {
    const char32_t c = input[k];
    utf8proc_ssize_t n = -1;
    if (IsScalarValue(c)) {
      n = utf8proc_decompose_char(static_cast<utf8proc_int32_t>(c), buf, kMaxDecomp,
                                  UTF8PROC_DECOMPOSE, &boundclass);
    }
    if (n < 0 || n > kMaxDecomp) {  // cannot happen for scalar values; stay faithful
      out->Reserve(input.size() - b);
      for (size_t j = b; j < e; ++j) out->Emit(input[j], static_cast<uint32_t>(j));
      return;
    }
    for (utf8proc_ssize_t j = 0; j < n; ++j) {
      s->units.push_back(buf[j]);
      s->srcs.push_back(static_cast<uint32_t>(k));
    }
  }
  // Canonical ordering: stable sort of each stretch of non-starters by
  // combining class. std::stable_sort keeps adversarial runs of thousands
  // of marks at O(k log k).
  const size_t count = s->units.size();
  s->order.resize(count);
  for (size_t i = 0; i < count; ++i) {
    s->order[i] = {utf8proc_get_property(s->units[i])->combining_class, s->units[i], s->srcs[i]};
  }
  for (size_t i = 0; i < count;) {
    if (s->order[i].ccc == 0) { ++i; continue; }
    size_t j = i;
    while (j < count && s->order[j].ccc != 0) ++j;
    if (j - i > 1) {
      std::stable_sort(s->order.begin() + static_cast<std::ptrdiff_t>(i),
                       s->order.begin() + static_cast<std::ptrdiff_t>(j),
                       [](const Unit& x, const Unit& y) { return x.ccc < y.ccc; });
    }
    i = j;
  }
  for (size_t i = 0; i < count; ++i) {
    s->units[i] = s->order[i].cp;
    s->srcs[i] = s->order[i].src;
  }
  const utf8proc_ssize_t len = utf8proc_normalize_utf32(
      s->units.data(), static_cast<utf8proc_ssize_t>(count), UTF8PROC_COMPOSE);
  if (len < 0) {  // not expected; fall back to the decomposed form
    out->Reserve(count + input.size() - e);
    for (size_t i = 0; i < count; ++i) {
      out->Emit(static_cast<char32_t>(s->units[i]), s->srcs[i]);
    }
    return;
  }
  // Keep room for the rest of the input too (NFC may have expanded).
  out->Reserve(static_cast<size_t>(len) + input.size() - e);
  s->out_srcs.resize(static_cast<size_t>(len));
  size_t pos = 0;
  for (utf8proc_ssize_t j = 0; j < len; ++j) {
    const utf8proc_int32_t o = s->units[static_cast<size_t>(j)];
    utf8proc_ssize_t d = utf8proc_decompose_char(o, buf, kMaxDecomp, UTF8PROC_DECOMPOSE,
                                                 &boundclass);
    if (d < 1) d = 1;
    uint32_t src = UINT32_MAX;
    for (size_t u = pos; u < pos + static_cast<size_t>(d) && u < count; ++u) {
      src = std::min(src, s->srcs[u]);
    }
    s->out_srcs[static_cast<size_t>(j)] = src == UINT32_MAX ? s->srcs[count - 1] : src;
    pos += static_cast<size_t>(d);
  }
  for (size_t j = s->out_srcs.size(); j-- > 1;) s->out_srcs[j - 1] = std::min(s->out_srcs[j - 1], s->out_srcs[j]);
  for (utf8proc_ssize_t j = 0; j < len; ++j)
    out->Emit(static_cast<char32_t>(s->units[static_cast<size_t>(j)]), s->out_srcs[static_cast<size_t>(j)]);
}

}  // namespace

void Normalize(std::u32string_view input, NormalizedText* out) {
  const size_t n = input.size();
  out->text.clear();
  out->to_input.clear();
  Writer w(out);
  w.Reserve(n);  // enough unless NFC expands some run (Reserve grows then)
  Scratch scratch;
  size_t run = 0;
  for (size_t i = 1; i <= n; ++i) {
    if (i < n && !StartsRun(input[i])) continue;
    if (i - run == 1 && IsQuickStable(input[run])) {
      w.Emit(input[run], static_cast<uint32_t>(run));
    } else {
      NormalizeRun(input, run, i, &scratch, &w);
    }
    run = i;
  }
  w.Finish(static_cast<uint32_t>(n));
}

}  // namespace kma
