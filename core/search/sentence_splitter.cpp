#include "core/search/sentence_splitter.h"

#include <algorithm>
#include <type_traits>

#include "core/search/split_cues.h"

namespace kma::search {
namespace {

// Line breaks in units [from, to), counted up to 2 (a blank line). A lone CR
// is a break; CR LF is one; U+2028 is one and U+2029 (paragraph) two.
template <typename Unit>
int CountBreaks(const Unit* s, size_t from, size_t to) {
  int n = 0;
  for (size_t i = from; i < to && n < 2; ++i) {
    const uint32_t c = static_cast<std::make_unsigned_t<Unit>>(s[i]);
    if (c == '\n' || (c == '\r' && !(i + 1 < to && s[i + 1] == '\n'))) {
      ++n;
    } else if constexpr (sizeof(Unit) == 1) {  // U+2028 and U+2029 in UTF-8
      if (c == 0xE2 && i + 2 < to && static_cast<unsigned char>(s[i + 1]) == 0x80) {
        const auto c2 = static_cast<unsigned char>(s[i + 2]);
        n += c2 == 0xA8 ? 1 : c2 == 0xA9 ? 2 : 0;
      }
    } else {
      n += c == 0x2028 ? 1 : c == 0x2029 ? 2 : 0;
    }
  }
  return n;
}

int LineBreaks(const SplitText& text, size_t from, size_t to) {
  to = std::min(to, text.size);
  if (from >= to) return 0;
  switch (text.kind) {
    case SplitText::Kind::kUtf8: return CountBreaks(static_cast<const char*>(text.data), from, to);
    case SplitText::Kind::kUtf16: return CountBreaks(static_cast<const char16_t*>(text.data), from, to);
    case SplitText::Kind::kUtf32: return CountBreaks(static_cast<const char32_t*>(text.data), from, to);
    case SplitText::Kind::kNone: break;
  }
  return 0;
}

struct Unit {
  size_t first, last;  // token range: a word and the emoticon/symbol-only words after it
};

class Splitter {
 public:
  Splitter(const SplitText& text, std::vector<Token>* tokens)
      : text_(text), t_(*tokens), brk_(tokens->size(), 0) {}

  void Run() {
    const std::vector<Unit> units = Units();
    for (size_t u = 0; u < units.size(); ++u) {
      const Unit last = Walk(units[u]);
      if (u + 1 < units.size()) AtUnitEnd(last, units[u + 1].first);
    }
    CommitPending();
    Number();
  }

 private:
  // Numbers the sentences at the boundaries found. A boundary between two
  // morphemes that share characters (one dictionary entry read as an
  // ending plus more: a model edited so that 년 was ㅂ니다/EF + 시간/NNG)
  // moves to the end of those characters, or two sentence spans would
  // overlap (finding 22).
  void Number() {
    uint32_t sent = 0;
    uint64_t covered = 0;  // end of the current sentence's tokens so far
    for (size_t k = 0; k < t_.size(); ++k) {
      t_[k].sentence = sent;
      covered = std::max(covered, uint64_t{t_[k].begin} + t_[k].length);
      if (!brk_[k] || k + 1 == t_.size()) continue;
      if (t_[k + 1].begin < covered) {
        brk_[k + 1] = 1;
        continue;
      }
      ++sent;
      covered = 0;
    }
  }

  struct OpenQuote {
    int kind;
    size_t pending_begin;  // boundaries found inside it start here in pending_
    uint32_t cp_begin;
  };

  size_t WordEnd(size_t k) const {
    while (k + 1 < t_.size() && t_[k + 1].word == t_[k].word) ++k;
    return k;
  }
  int BreaksBetween(size_t a, size_t b) const {
    if (text_.kind == SplitText::Kind::kUtf32)
      return LineBreaks(text_, size_t{t_[a].cp_begin} + t_[a].cp_length, t_[b].cp_begin);
    return LineBreaks(text_, size_t{t_[a].begin} + t_[a].length, t_[b].begin);
  }

  // Words, with the words that hold only symbols or emoticons (and open no
  // quotation) joined to the word before them on the same line.
  std::vector<Unit> Units() const {
    std::vector<Unit> units;
    for (size_t k = 0; k < t_.size();) {
      const size_t e = WordEnd(k);
      const bool tail_only = ClassifyWord(t_, k, e).end == WordEnd::kNone;
      const bool opens = QuoteKind(t_[k]) != 0 && t_[k].tag != PosTag::kSSC;
      if (!units.empty() && tail_only && !opens && BreaksBetween(units.back().last, k) == 0) {
        units.back().last = e;
      } else {
        units.push_back({k, e});
      }
      k = e + 1;
    }
    return units;
  }

  void Boundary(size_t after) {
    if (quotes_.empty()) brk_[after] = 1;
    else pending_.push_back(after);
  }
  // The open quotations were none (too long, unclosed): their boundaries stand.
  void CommitPending() {
    for (size_t p : pending_) brk_[p] = 1;
    pending_.clear();
    quotes_.clear();
  }

  // Index + 1 of the innermost open quotation of this kind; 0 if none.
  size_t OpenOfKind(int kind) const {
    size_t open = quotes_.size();
    while (open > 0 && quotes_[open - 1].kind != kind) --open;
    return open;
  }
  // Whether quote token k opens a quotation. The pretokenizer marks most
  // quotes SSO or SSC; one left SS (direction unknown) opens only where
  // nothing of its kind is open and it starts a word or follows an opener.
  bool Opens(size_t k, int kind) const {
    const Token& tok = t_[k];
    // A second ‘ or “ glued to the text before it closes the first (people
    // type the same curly quote twice).
    const bool glued = k > 0 && t_[k - 1].word == tok.word && t_[k - 1].tag != PosTag::kSSO;
    if (tok.tag == PosTag::kSSO) return !(kind <= 4 && glued && OpenOfKind(kind) != 0);
    if (tok.tag != PosTag::kSS || OpenOfKind(kind) != 0) return false;
    return k == 0 || t_[k - 1].word != tok.word || t_[k - 1].tag == PosTag::kSSO;
  }

  // A quotation or bracket opens or closes at token k. Brackets only
  // matter for their scope: "(Take Back the Tech!)" is no sentence.
  void Quote(size_t k, int kind) {
    if (kind >= 5 ? t_[k].tag == PosTag::kSSO : Opens(k, kind)) {
      quotes_.push_back({kind, pending_.size(), t_[k].cp_begin});
      return;
    }
    const size_t open = OpenOfKind(kind);
    if (open == 0) return;  // a closer without its opener
    pending_.resize(quotes_[open - 1].pending_begin);  // a quotation is one unit
    quotes_.resize(open - 1);
  }

  // "3.14", "U.S": a single period between digits or letters.
  bool InnerPeriod(size_t k) const {
    auto alnum = [&](size_t i) { return t_[i].tag == PosTag::kSN || t_[i].tag == PosTag::kSL; };
    return k >= 2 && t_[k - 1].tag == PosTag::kSF && t_[k - 1].form == "." && alnum(k) && alnum(k - 2) &&
           t_[k - 2].word == t_[k].word;
  }

  // Walks the unit's tokens: quotations open and close, and where trailing
  // symbols are followed by more content in the same word (좋았다.그리고,
  // 하지마요~연기인줄, 다."그리고) the segment before is judged like a word
  // end. Returns the last segment, which the caller judges against the next
  // unit.
  Unit Walk(const Unit& u) {
    size_t seg = u.first;
    bool in_tail = false, after_close = false;
    for (size_t k = u.first; k <= u.last; ++k) {
      const Token& tok = t_[k];
      const int kind = QuoteKind(tok);
      const bool opens = kind != 0 && Opens(k, kind);
      const bool tail = !opens && IsTailToken(t_, k);
      const bool glued = k > seg && tok.word == t_[k - 1].word;
      // Content glued to a closing quote continues it ("가자!"라고, 한다'고).
      const bool after_tail = in_tail && !tail && !InnerPeriod(k) && !after_close;
      if (glued && (after_tail || EndsClauseInWord(t_, k))) {
        if (EndsSentence({seg, k - 1}, k)) Boundary(k - 1);
        seg = k;
      }
      if (kind != 0) Quote(k, kind);
      if (const int bracket = BracketKind(t_, k)) Quote(k, bracket);
      in_tail = tail;
      after_close = kind != 0 && !opens;
    }
    return {seg, u.last};
  }

  static bool Letter(const Token& tok) { return tok.tag == PosTag::kSL && tok.form.size() == 1; }

  // "1." opening a numbered item, the initials "T.S." and a "J." before
  // another initial are no sentences; a single letter before anything else
  // is read as a sentence end ("비타민 C. 그리고", but also "J. K. | 롤링").
  bool ItemOrInitial(const WordCues& c, const Unit& u, size_t next) const {
    if (c.end != WordEnd::kNoun) return false;
    const bool starts = u.first == 0 || brk_[u.first - 1] || (!pending_.empty() && pending_.back() == u.first - 1);
    if (c.content_last == u.first && t_[u.first].tag == PosTag::kSN && u.last == u.first + 1 && starts) return true;
    for (size_t k = u.first; k <= c.content_last; ++k) {
      if (!Letter(t_[k]) && !(t_[k].tag == PosTag::kSF && t_[k].form == ".")) return false;
    }
    return c.content_last > u.first || (next < t_.size() && Letter(t_[next]));
  }

  bool EndsSentence(const Unit& u, size_t next) const {
    const WordCues c = ClassifyWord(t_, u.first, u.last);
    const bool quoted = (c.tail & kTailQuote) && ContinuesQuotation(t_, next);
    if (c.tail & kTailFinalPunct) return !QuotativeNext(t_, next) && !quoted && !ItemOrInitial(c, u, next);
    const bool cont = quoted || (c.end != WordEnd::kNone && ContinuesPrevious(t_, c.content_last, next));
    const int breaks = BreaksBetween(u.last, next);
    const bool final_like = c.end == WordEnd::kFinal || c.end == WordEnd::kNominal || c.end == WordEnd::kLaughter;
    const bool continues = c.end == WordEnd::kContinues || c.end == WordEnd::kAdverb || (c.tail & kTailComma);
    if (c.tail & kTailEmoticon) {
      // Laughter after a connective ending ends the utterance too (하자 ㅋㅋ
      // gets 자/EC when no punctuation follows); after a particle, determiner
      // or adverb it does not.
      const bool connective = c.end == WordEnd::kContinues && t_[c.content_last].tag == PosTag::kEC;
      if (c.end != WordEnd::kNone && !cont && (!continues || connective)) return true;
    } else if (c.tail & (kTailEllipsis | kTailTilde)) {
      if (final_like && !cont) return true;
    } else if (!(c.tail & kTailComma)) {
      if ((c.end == WordEnd::kFinal || c.end == WordEnd::kLaughter) && !cont) return true;
      if (c.end == WordEnd::kNominal && !cont && !ContinuesNominal(t_, c.content_last, next)) return true;
    }
    return breaks > 0 && !cont && !continues;
  }

  void AtUnitEnd(const Unit& u, size_t next) {
    if (BreaksBetween(u.last, next) >= 2) {  // a blank line ends everything
      CommitPending();
      brk_[u.last] = 1;
      return;
    }
    if (!quotes_.empty() && t_[u.last].cp_begin - quotes_.front().cp_begin > kMaxQuoteChars) CommitPending();
    if (EndsSentence(u, next)) Boundary(u.last);
  }

  const SplitText& text_;
  std::vector<Token>& t_;
  std::vector<uint8_t> brk_;        // brk_[k]: a sentence ends after token k
  std::vector<size_t> pending_;     // boundaries inside open quotations
  std::vector<OpenQuote> quotes_;
};

}  // namespace

void AssignSentences(const SplitText& text, std::vector<Token>* tokens) {
  Splitter(text, tokens).Run();
}

void AssignSentences(std::vector<Token>* tokens) { AssignSentences(SplitText::None(), tokens); }

void SentenceSpans(const std::vector<Token>& tokens, std::vector<SentenceSpan>* out) {
  out->clear();
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& tk = tokens[i];
    if (out->empty() || (i > 0 && tk.sentence != tokens[i - 1].sentence)) {
      out->push_back({tk.begin, tk.length, tk.cp_begin, tk.cp_length});
      continue;
    }
    SentenceSpan& s = out->back();
    uint32_t end = std::max(s.begin + s.length, tk.begin + tk.length);
    uint32_t cend = std::max(s.cp_begin + s.cp_length, tk.cp_begin + tk.cp_length);
    s.length = end - s.begin;
    s.cp_length = cend - s.cp_begin;
  }
}

void NumberBySpans(const std::vector<SentenceSpan>& spans, std::vector<Token>* tokens) {
  uint32_t s = 0;
  for (Token& t : *tokens) {  // tokens are in input order, so s only grows
    while (s + 1 < spans.size() && spans[s + 1].begin <= t.begin) ++s;
    t.sentence = s;
  }
}

}  // namespace kma::search
