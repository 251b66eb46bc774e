// Fuzz target: the kma_lm_* functions (kma_lm.h) on the bundled model.
//
// Input layout (ByteReader; missing bytes read as 0):
//   [0] bits 0..1: 0 kma_lm_context_id, 1 kma_lm_predict_next,
//                  2 kma_lm_most_similar, 3 all three on the same text;
//       bit 2: the text is raw bytes (else built from pieces, below)
//   [1] language model: "" (default), a name of the model, or unknown
//   [2] capacity of the item array (0..255; 0 passes NULL items)
//   [3..] the text: raw, or one piece per byte from kPieces (well-formed
//         "form/TAG" morphemes, classes, spaces and malformed pieces)
#include <cmath>
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <kma/kma.h>

#include "tests/fuzz/fuzz_util.h"
#include "tests/fuzz/text_view.h"

namespace {

using kma::fuzz::ByteReader;

const char* const kPieces[] = {
    "먹/VV", "었/EP", "다/EF", "./SF", "나/NP", "는/JX", "밥/NNG", "을/JKO", "<NNP>", "</s>", "가/JKS", "하/XSV",
    "아버지/NNG", "ㄴ/ETM", "1/SN", " ", "  ", "/", "x/NOPE", "먹/", "/VV", "먹/VV/VV", "\xff", "\t", "<s>",
    "<>", "<NNG", "a/SL", "😀/SW", "먹/vv", "VV", "\0/NNG"};

std::string PieceText(ByteReader* in) {
  std::string s;
  const size_t n = sizeof kPieces / sizeof kPieces[0];
  while (in->remaining() > 0 && s.size() < 4096) {
    const uint8_t b = in->U8();
    const char* p = kPieces[b % n];
    s += (b % n == n - 1) ? std::string("\0/NNG", 5) : std::string(p);
    if (b & 0x80) s += ' ';
  }
  return s;
}

void CheckFailure(kma_status st, bool unsupported_ok, const char* fn) {
  FUZZ_CHECK(st == KMA_E_INVALID_ARGUMENT || (unsupported_ok && st == KMA_E_UNSUPPORTED),
             std::string(fn) + " returned " + std::to_string(st) + ": " + kma_last_error_message());
  FUZZ_CHECK(kma_last_error_message()[0] != '\0', std::string(fn) + " failed without a message");
}

// Items: labels NUL-terminated UTF-8, distinct tokens, finite scores in
// order (and in range for log-probabilities and cosines).
void CheckItems(const kma_lm_item* items, size_t count, size_t capacity, bool cosine) {
  FUZZ_CHECK(count <= capacity, std::to_string(count) + " items for capacity " + std::to_string(capacity));
  std::set<uint32_t> tokens;
  for (size_t i = 0; i < count; ++i) {
    const kma_lm_item& it = items[i];
    const void* nul = std::memchr(it.label, '\0', KMA_LM_LABEL_SIZE);
    FUZZ_CHECK(nul != nullptr, "item " + std::to_string(i) + ": label not NUL-terminated");
    const std::string label(it.label);
    FUZZ_CHECK(!label.empty() && kma::fuzz::IsValidUtf8(label), "item " + std::to_string(i) + ": bad label");
    FUZZ_CHECK(tokens.insert(it.token).second, "item " + std::to_string(i) + ": token listed twice");
    FUZZ_CHECK(std::isfinite(it.score), "item " + std::to_string(i) + ": score not finite");
    if (cosine) FUZZ_CHECK(it.score >= -1.001f && it.score <= 1.001f, "cosine out of range: " + label);
    else FUZZ_CHECK(it.score <= 1e-3f, "log-probability above 0: " + label);
    if (i > 0) FUZZ_CHECK(it.score <= items[i - 1].score, "items out of order at " + std::to_string(i));
  }
}

void RunContextId(const kma_model* m, const char* lm, const std::string& text) {
  uint32_t id = 7, len = 7, id2 = 0, len2 = 0;
  const kma_status st = kma_lm_context_id(m, lm, text.data(), text.size(), &id, &len);
  if (st != KMA_OK) return CheckFailure(st, false, "kma_lm_context_id");
  FUZZ_CHECK(len <= text.size() + 1, "context covers " + std::to_string(len) + " morphemes");
  FUZZ_CHECK(kma_lm_context_id(m, lm, text.data(), text.size(), &id2, &len2) == KMA_OK && id == id2 && len == len2,
             "kma_lm_context_id is not deterministic");
}

void RunItems(const kma_model* m, const char* lm, const std::string& text, size_t capacity, bool similar) {
  std::vector<kma_lm_item> items(capacity);
  size_t count = 12345;
  const kma_status st =
      similar ? kma_lm_most_similar(m, lm, text.data(), text.size(), capacity ? items.data() : nullptr, capacity, &count)
              : kma_lm_predict_next(m, lm, text.data(), text.size(), capacity ? items.data() : nullptr, capacity, &count);
  if (st != KMA_OK) {
    FUZZ_CHECK(count == 0, "a failed call left a count");
    return CheckFailure(st, similar, similar ? "kma_lm_most_similar" : "kma_lm_predict_next");
  }
  CheckItems(items.data(), count, capacity, similar);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const kma_model* model = kma::fuzz::SharedModel();
  ByteReader in(data, size);
  const uint8_t mode = in.U8();
  const uint8_t lm_pick = in.U8();
  const std::string lm = lm_pick >= 250 ? "no-such-lm" : kma::fuzz::LmChoice(model, lm_pick);
  const size_t capacity = in.U8();
  const std::string text = (mode & 4) ? in.Rest() : PieceText(&in);
  const int fn = mode & 3;
  // NULL and "" both name the default model.
  const char* lm_arg = lm.empty() && (mode & 8) ? nullptr : lm.c_str();
  if (fn == 0 || fn == 3) RunContextId(model, lm_arg, text);
  if (fn == 1 || fn == 3) RunItems(model, lm_arg, text, capacity, false);
  if (fn == 2 || fn == 3) RunItems(model, lm_arg, text, capacity, true);
  return 0;
}
