#include "tools/kma/eval/split_set.h"

#include <algorithm>
#include <array>

#include "core/text/hangul.h"
#include "core/text/utf.h"
#include "tools/kma/eval/rng.h"

namespace kma::cli {
namespace {

// What people append to a sentence in reviews and chats.
constexpr std::array<const char*, 24> kEmoticons = {
    "ㅋㅋ", "ㅋㅋㅋ", "ㅋㅋㅋㅋㅋ", "ㅋ", "ㅎㅎ", "ㅎㅎㅎ", "ㅎ", "ㅠㅠ", "ㅜㅜ", "ㅠㅠㅠ", "ㅠ", "ㄷㄷ",
    "^^", "^^;", "^_^", ":)", ";)", ":D", "😊", "😂", "👍", "😭", "🙂", "ㅋㅋㅋ😂"};
// Frames of an embedded quotation: the quotative particle glued to the
// closing quote, then the reporting verb.
constexpr std::array<const char*, 10> kQuoteFrames = {
    "라고 말했다", "라고 했다", "라고 밝혔다", "라고 전했다", "라며 웃었다",
    "라고 덧붙였다", "라고 생각했다", "라고 적었다", "라는 말을 남겼다", "라고 강조했다"};
constexpr std::array<const char*, 8> kSubjects = {"그는", "그녀는", "친구가", "어머니는",
                                                  "선생님은", "관계자는", "한 시민은", "아이가"};
// Opening and closing quote marks, picked together.
constexpr std::array<const char*, 5> kQuoteMarks = {"\"\"", "\"\"", "\"\"", "“”", "''"};

bool HasQuote(std::string_view s) {
  for (const char* q : {"\"", "'", "“", "”", "‘", "’", "「", "」", "『", "』"}) {
    if (s.find(q) != std::string_view::npos) return true;
  }
  return false;
}

// Surface facts of a corpus sentence.
struct Shape {
  size_t sf_len = 0;      // bytes of the final run of . ! ? (0 when it does not end so)
  bool ef_final = false;  // its last morpheme before that punctuation is a final ending
  bool has_quote = false;
};

Shape ShapeOf(const CorpusSentence& s) {
  Shape sh;
  const std::string& r = s.raw;
  while (sh.sf_len < r.size()) {
    char c = r[r.size() - 1 - sh.sf_len];
    if (c != '.' && c != '!' && c != '?') break;
    ++sh.sf_len;
  }
  size_t i = s.last_word.size();
  while (i > 0 && s.last_word[i - 1].second == "SF") --i;
  sh.ef_final = i > 0 && s.last_word[i - 1].second == "EF";
  sh.has_quote = HasQuote(r);
  return sh;
}

std::string NaturalLabel(const Shape& sh) {
  if (sh.has_quote) return "quote";
  return sh.sf_len > 0 ? "punct" : "nopunct";
}

std::string WithoutFinalPunct(const CorpusSentence& s, const Shape& sh) {
  return s.raw.substr(0, s.raw.size() - sh.sf_len);
}

bool NominalSentence(const CorpusSentence& s, const Shape& sh, Rng* rng, std::string* out) {
  if (!sh.ef_final || sh.sf_len == 0) return false;
  const std::string body = WithoutFinalPunct(s, sh);
  const size_t sp = body.find_last_of(' ');
  const size_t start = sp == std::string::npos ? 0 : sp + 1;
  std::vector<std::pair<std::string, std::string>> morphs = s.last_word;
  while (!morphs.empty() && morphs.back().second == "SF") morphs.pop_back();
  std::string word;
  if (!NominalizeWord(std::string_view(body).substr(start), morphs, &word)) return false;
  *out = body.substr(0, start) + word + (rng->Chance(0.25) ? "." : "");
  return true;
}

// `"content"라고 말했다.` with an optional subject before the quote.
std::string EmbeddedQuote(const std::string& content, Rng* rng) {
  const std::string marks = rng->Pick(kQuoteMarks);
  const size_t half = marks.size() / 2;
  std::string out;
  if (rng->Chance(0.5)) out.append(rng->Pick(kSubjects)).push_back(' ');
  out.append(marks.substr(0, half)).append(content).append(marks.substr(half));
  out.append(content.back() == '?' ? "라고 물었다" : rng->Pick(kQuoteFrames));
  if (rng->Chance(0.7)) out.push_back('.');
  return out;
}

// A whole sentence in quotes, as dialogue in fiction or chat logs.
std::string Dialogue(const std::string& raw, Rng* rng) {
  const std::string marks = rng->Pick(kQuoteMarks);
  const size_t half = marks.size() / 2;
  return marks.substr(0, half) + raw + marks.substr(half);
}

bool QuotableContent(const Shape& sh) { return sh.ef_final && sh.sf_len > 0 && !sh.has_quote; }

// Chooses the construction of corpus[i] (and maybe corpus[i + 1], which an
// embedded quotation can take in too); returns how many corpus sentences
// the gold sentence used.
size_t MakeSentence(const std::vector<CorpusSentence>& corpus, size_t i, size_t doc_end, Rng* rng,
                    SplitGoldSentence* g) {
  const CorpusSentence& s = corpus[i];
  const Shape sh = ShapeOf(s);
  const double r = rng->Uniform();
  g->text = s.raw;
  g->label = NaturalLabel(sh);
  if (r < 0.28) return 1;
  if (r < 0.55) {
    if (sh.ef_final && sh.sf_len > 0) {
      g->text = WithoutFinalPunct(s, sh);
      g->label = sh.has_quote ? "quote" : "nopunct";
    }
    return 1;
  }
  if (r < 0.70) {
    std::string base = sh.ef_final && rng->Chance(0.5) ? WithoutFinalPunct(s, sh) : s.raw;
    if (!rng->Chance(0.35)) base.push_back(' ');
    g->text = base + rng->Pick(kEmoticons);
    g->label = "emoticon";
    return 1;
  }
  if (r < 0.82) {
    if (NominalSentence(s, sh, rng, &g->text)) g->label = "nominal";
    return 1;
  }
  if (r < 0.93) {
    if (!QuotableContent(sh)) return 1;
    std::string content = s.raw;
    if (content.back() == '.') content.pop_back();
    size_t used = 1;
    if (i + 1 < doc_end && rng->Chance(0.35)) {
      const Shape next = ShapeOf(corpus[i + 1]);
      if (QuotableContent(next)) {
        content = s.raw + " " + corpus[i + 1].raw;
        if (content.back() == '.') content.pop_back();
        used = 2;
      }
    }
    g->text = EmbeddedQuote(content, rng);
    g->label = "quote";
    return used;
  }
  if (!sh.has_quote) {
    g->text = Dialogue(s.raw, rng);
    g->label = "quote";
  }
  return 1;
}

// True when the text ends with final punctuation, after which writers
// sometimes leave out the space ("좋았다.그리고").
bool EndsWithFinalPunct(const std::string& s) {
  const char c = s.back();
  return c == '.' || c == '!' || c == '?';
}

// Jongseong indices (hangul::CodaIndex): the codas the nominal rules look at.
constexpr int kCodaN = 4, kCodaL = 8, kCodaM = 16, kCodaB = 17, kCodaSs = 20;

// True for codas after which a stem takes -음 regularly (ㄱ ㄲ ㄶ ㅁ ㅆ ㅈ ㅊ ㅌ ㅎ);
// ㄷ ㄹ ㅂ ㅅ stems may be irregular (듣다 -> 들음, 춥다 -> 추움) and are left out.
bool RegularEumCoda(int coda) {
  for (int c : {1, 2, 6, 16, 20, 22, 23, 25, 27}) {
    if (coda == c) return true;
  }
  return false;
}

// The syllable with its coda replaced (`to` may be 0: no coda).
char32_t WithCoda(char32_t syl, int to) { return hangul::StripCoda(syl) + static_cast<char32_t>(to); }

// Nominal form of a word ending in 다 (after a stem, EP, VCP or 하).
bool NominalOfDa(std::u32string w, const std::string& prev_tag, std::u32string* out) {
  if (w.size() < 2) return false;
  w.pop_back();  // 다
  const char32_t x = w.back();
  const int coda = hangul::CodaIndex(x);
  if (prev_tag == "EP") {
    if (coda != kCodaSs) return false;  // 었 았 였 겠: -음
    *out = w + U"음";
    return true;
  }
  if (prev_tag == "VCP") {
    if (x == U'이') w.pop_back();
    else if (coda != 0) return false;
    *out = w + U"임";
    return true;
  }
  if (prev_tag != "VV" && prev_tag != "VA" && prev_tag != "VX" && prev_tag != "VCN" && prev_tag != "XSV" &&
      prev_tag != "XSA")
    return false;
  if (coda == 0) {
    w.back() = WithCoda(x, kCodaM);
    *out = w;
    return true;
  }
  if (!RegularEumCoda(coda)) return false;
  *out = w + U"음";
  return true;
}

// The stem before the ending ends in ㄹ (만들 + ㄴ다 = 만든다): its nominal
// form (만듦) is not the one the ㄴ -> ㅁ rule gives.
bool LStem(const std::vector<std::pair<std::string, std::string>>& morphs) {
  if (morphs.size() < 2) return true;
  std::u32string stem;
  return !Utf8ToU32(morphs[morphs.size() - 2].first, &stem) || stem.empty() ||
         !hangul::IsSyllable(stem.back()) || hangul::CodaIndex(stem.back()) == kCodaL;
}

}  // namespace

bool NominalizeWord(std::string_view word, const std::vector<std::pair<std::string, std::string>>& morphs,
                    std::string* out) {
  if (morphs.empty() || morphs.back().second != "EF") return false;
  std::u32string w, n;
  if (!Utf8ToU32(word, &w) || w.size() < 2) return false;
  if (!std::all_of(w.begin(), w.end(), hangul::IsSyllable)) return false;
  const std::string& ef = morphs.back().first;
  const std::string prev_tag = morphs.size() >= 2 ? morphs[morphs.size() - 2].second : "";
  auto ends = [&](std::u32string_view suf) {
    return w.size() > suf.size() && std::u32string_view(w).substr(w.size() - suf.size()) == suf;
  };
  if (ef == "습니다" && ends(U"습니다")) {
    n = w.substr(0, w.size() - 3);
    if (!hangul::HasCoda(n.back())) return false;
    n += U"음";
  } else if (ef == "ㅂ니다" && ends(U"니다") && hangul::CodaIndex(w[w.size() - 3]) == kCodaB) {
    n = w.substr(0, w.size() - 2);
    n.back() = WithCoda(n.back(), kCodaM);
  } else if (ef == "는다" && ends(U"는다")) {
    n = w.substr(0, w.size() - 2);
    if (!hangul::HasCoda(n.back())) return false;
    n += U"음";
  } else if (ef == "ㄴ다" && ends(U"다") && hangul::CodaIndex(w[w.size() - 2]) == kCodaN && !LStem(morphs)) {
    n = w.substr(0, w.size() - 1);
    n.back() = WithCoda(n.back(), kCodaM);
  } else if (ef == "다" && ends(U"다")) {
    if (!NominalOfDa(w, prev_tag, &n)) return false;
  } else {
    return false;
  }
  *out = ToUtf8(n);
  return true;
}

bool ParseCorpusSentence(std::string_view line, CorpusSentence* out) {
  const size_t tab = line.find('\t');
  if (tab == std::string_view::npos) return false;
  out->raw.assign(line.substr(0, tab));
  out->last_word.clear();
  size_t words = 0;
  bool in_word = false;
  for (char c : out->raw) {
    const bool space = c == ' ';
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  const std::string_view cols = line.substr(tab + 1);
  if (static_cast<size_t>(std::count(cols.begin(), cols.end(), '\t')) + 1 != words) return true;
  std::string_view last = cols.substr(cols.find_last_of('\t') == std::string_view::npos ? 0 : cols.find_last_of('\t') + 1);
  size_t pos = 0;
  while (pos < last.size()) {
    size_t end = last.find(' ', pos);
    if (end == std::string_view::npos) end = last.size();
    const std::string_view m = last.substr(pos, end - pos);
    const size_t slash = m.rfind('/');
    if (slash != std::string_view::npos && slash > 0) {
      out->last_word.emplace_back(std::string(m.substr(0, slash)), std::string(m.substr(slash + 1)));
    }
    pos = end + 1;
  }
  return true;
}

std::vector<SplitGoldDoc> MakeSplitSet(const std::vector<CorpusSentence>& corpus, const SplitSetOptions& options) {
  Rng rng(options.seed);
  std::vector<SplitGoldDoc> docs;
  size_t i = 0;
  const size_t max_len = static_cast<size_t>(std::max(1, options.max_sentences));
  while (i < corpus.size()) {
    size_t end = i + 1 + static_cast<size_t>(rng.Next() % max_len);
    end = std::min(end, corpus.size());
    for (size_t k = i + 1; k < end; ++k) {
      if (corpus[k].source != corpus[i].source) {
        end = k;
        break;
      }
    }
    SplitGoldDoc doc;
    doc.line = i + 1;
    while (i < end) {
      SplitGoldSentence g;
      i += MakeSentence(corpus, i, end, &rng, &g);
      if (!doc.sentences.empty() && EndsWithFinalPunct(doc.sentences.back().text) && rng.Chance(0.1))
        g.join = SplitJoin::kNone;
      doc.sentences.push_back(std::move(g));
    }
    docs.push_back(std::move(doc));
  }
  return docs;
}

}  // namespace kma::cli
