// Silver training data from the dictionary usage examples (silver_maker.h).
#include "tools/kma/build/silver_maker.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

#include "core/base/thread_pool.h"
#include "core/search/analyzer.h"
#include "tools/builder/weak/held_out.h"
#include "tools/builder/weak/homograph_set.h"
#include "tools/builder/weak/surface_presence.h"
#include "tools/kma/io/line_reader.h"

namespace kma::cli {
namespace {

// The headword's readings as one lemma constraint. Readings anchored inside
// a longer morpheme cannot be forced (constraints.h needs the morphemes).
Constraints LemmaConstraintOf(const std::vector<weak::Reading>& readings) {
  Constraints c;
  LemmaConstraint lemma;
  for (const weak::Reading& r : readings) {
    if (r.anchor != weak::Anchor::kMorphemes || r.morphs.empty() || r.morphs.size() > kMaxConstraintMorphs)
      continue;
    std::vector<ConstraintMorph> morphs;
    for (const weak::MorphPattern& p : r.morphs) morphs.push_back({p.form, p.tags});  // same bit per PosTag
    lemma.readings.push_back(std::move(morphs));
  }
  if (!lemma.readings.empty()) c.lemmas.push_back(std::move(lemma));
  return c;
}

// True if `t` is an unknown-word guess that is not one of the morphemes of
// the constraint's readings.
bool IsForeignUnknown(const Token& t, const Constraints& c) {
  if (!(t.flags & kTokenUnknown)) return false;
  for (const auto& reading : c.lemmas[0].readings)
    for (const ConstraintMorph& m : reading)
      if (m.form == t.form && (m.tags & TagSetOf(t.tag))) return false;
  return true;
}

// Index of the first token of a forced reading of the lemma constraint in
// `tokens` (consecutive tokens with its forms and allowed tags), and its
// length; tokens.size() if none is found.
size_t FindReading(const std::vector<Token>& tokens, const Constraints& c, size_t* length) {
  for (size_t i = 0; i < tokens.size(); ++i)
    for (const auto& reading : c.lemmas[0].readings) {
      if (i + reading.size() > tokens.size()) continue;
      size_t k = 0;
      while (k < reading.size() && tokens[i + k].form == reading[k].form &&
             (reading[k].tags & TagSetOf(tokens[i + k].tag)))
        ++k;
      if (k == reading.size()) {
        *length = k;
        return i;
      }
    }
  return tokens.size();
}

// [*first, *last): the tokens of the words holding the headword's reading
// and `window` words on each side. Only the reading is backed by the
// dictionary; the rest of the example is the model's own free choice,
// which a student would learn back, errors included. Unchanged when no
// reading is found (cannot happen for a satisfied constraint).
void WindowAroundReading(const std::vector<Token>& tokens, const Constraints& c, size_t window, size_t* first,
                         size_t* last) {
  size_t length = 0;
  const size_t at = FindReading(tokens, c, &length);
  if (at == tokens.size()) return;
  auto word_of = [&](size_t i) { return std::pair(tokens[i].sentence, tokens[i].word); };
  size_t b = at, e = at + length, seen = 0;
  while (b > 0 && word_of(b - 1) == word_of(b)) --b;
  for (; b > 0 && seen <= window; --b)
    if (word_of(b - 1) != word_of(b) && ++seen > window) break;
  while (e < tokens.size() && word_of(e) == word_of(e - 1)) ++e;
  for (seen = 0; e < tokens.size() && seen <= window; ++e)
    if (word_of(e) != word_of(e - 1) && ++seen > window) break;
  *first = b;
  *last = e;
}

// Analyses one example (on a pool worker); sets *out to its train.tsv line
// when kept.
Status Silver(Analyzer& analyzer, const AnalyzeOptions& opt, float margin, const SilverSettings& s,
              const weak::DictExample& ex, const Constraints& c, SilverFate* fate, std::string* out) {
  out->clear();
  if (c.empty()) {
    *fate = SilverFate::kNoReading;
    return Status::Ok();
  }
  thread_local std::vector<Analysis> free, forced;
  KMA_RETURN_IF_ERROR(analyzer.AnalyzeUtf8(ex.text, opt, &free));
  const Status st = analyzer.AnalyzeUtf8(ex.text, opt, c, &forced);
  if (st.code() == StatusCode::kUnsatisfiable || (st.ok() && forced.empty())) {
    *fate = SilverFate::kUnsatisfiable;
    return Status::Ok();
  }
  KMA_RETURN_IF_ERROR(st);
  if (free.empty() || free[0].score - forced[0].score > margin) {
    *fate = SilverFate::kTooFar;
    return Status::Ok();
  }
  if (s.no_unknown)
    for (const Token& t : forced[0].tokens)
      if (IsForeignUnknown(t, c)) {
        *fate = SilverFate::kUnknown;
        return Status::Ok();
      }
  *fate = SilverFate::kKept;
  const std::vector<Token>& tokens = forced[0].tokens;
  size_t first = 0, last = tokens.size();
  if (s.window >= 0) WindowAroundReading(tokens, c, static_cast<size_t>(s.window), &first, &last);
  if (s.window < 0 || last == first) {
    first = 0;
    last = tokens.size();
    out->assign(ex.text);
  } else {
    const size_t b = tokens[first].begin, e = tokens[last - 1].begin + tokens[last - 1].length;
    out->assign(ex.text.substr(b, e > b ? e - b : 0));
  }
  uint32_t word = UINT32_MAX;
  for (size_t i = first; i < last; ++i) {
    const Token& t = tokens[i];
    *out += t.word != word ? '\t' : ' ';
    word = t.word;
    *out += t.form;
    *out += '/';
    *out += TagName(t.tag);
  }
  *out += '\n';
  return Status::Ok();
}

// Per example: whether its headword is a word of a homograph pair, an
// entry of the set or a rival of one (by the entry's form and tags, so
// every example of 달 VA counts, not only the ambiguous ones).
std::vector<bool> PairWords(const std::vector<weak::DictExample>& all, const weak::HomographSet& set,
                            size_t threads) {
  std::vector<bool> member(set.entry_count());
  for (const weak::HomographSet::Match& m : set.FindAll(all, threads)) {
    if (m.rivals.empty()) continue;
    member[m.entry] = true;
    for (uint32_t r : m.rivals) member[r] = true;
  }
  std::unordered_map<std::string, bool> by_key;
  for (uint32_t id = 0; id < set.entry_count(); ++id)
    if (member[id] && set.entry(id).dictionary) by_key[set.entry(id).form + '\t' + std::to_string(set.entry(id).tags)] = true;
  std::vector<bool> out(all.size());
  for (size_t i = 0; i < all.size(); ++i)
    out[i] = by_key.count(std::string(all[i].headword) + '\t' + std::to_string(all[i].tags)) > 0;
  return out;
}

}  // namespace

Status LoadSilverExamples(const std::string& file, const SilverSettings& s, SilverExamples* w) {
  weak::HeadwordConventions conventions;
  LineReader reader;
  std::string error;
  if (!reader.Open(file, &error)) return Status(StatusCode::kIo, error);
  std::string_view line;
  std::vector<weak::DictExample> all;
  while (reader.Next(&line)) {
    if (weak::IsDictExampleComment(line)) continue;
    w->lines.emplace_back(line);
    weak::DictExample ex;
    if (!weak::ParseDictExample(w->lines.back(), &ex, &error))
      return Status(StatusCode::kInvalidArgument,
                    reader.name() + ":" + std::to_string(reader.line_number()) + ": " + error);
    conventions.AddEntry(ex.headword, ex.tags);
    all.push_back(ex);
  }
  if (!reader.error().empty()) return Status(StatusCode::kIo, reader.error());
  std::unique_ptr<weak::HomographSet> homographs;
  KMA_RETURN_IF_ERROR(weak::LoadHomographSet(all, s.lexicon_dir, s.rules_path, &homographs));
  if (s.limit >= 0 && static_cast<size_t>(s.limit) < all.size()) all.resize(static_cast<size_t>(s.limit));
  w->read = all.size();
  const size_t threads = static_cast<size_t>(std::max(1L, s.threads));
  const std::vector<bool> trainable = weak::TrainingExamples(all, *homographs, threads);
  const std::vector<bool> pair_word = PairWords(all, *homographs, threads);
  std::unordered_map<std::string, uint32_t> entry_ids;
  for (size_t i = 0; i < all.size(); ++i) {
    const weak::DictExample& ex = all[i];
    if (!trainable[i]) {
      ++(weak::IsHeldOutHeadword(ex.headword) ? w->held_out : w->held_out_homographs);
      continue;
    }
    if (!s.kind_on[static_cast<int>(ex.kind)]) {
      ++w->other_kind;
      continue;
    }
    const weak::HeadwordClass cls = weak::ClassOf(ex.tags);
    if (weak::FindHeadwordSurface(ex.text, ex.headword, weak::ClassInflects(cls, ex.tags),
                                  cls == weak::HeadwordClass::kEnding)
            .empty()) {
      ++w->not_spelled;
      continue;
    }
    std::string key(ex.headword);
    key += '\t' + std::to_string(ex.tags);
    auto [it, added] = entry_ids.emplace(key, static_cast<uint32_t>(w->constraints.size()));
    if (added) w->constraints.push_back(LemmaConstraintOf(conventions.Readings(ex.headword, ex.tags)));
    w->examples.push_back(ex);
    w->entry.push_back(it->second);
    w->pair_word.push_back(pair_word[i]);
    w->pair_examples += pair_word[i];
  }
  return Status::Ok();
}

Status WriteSilver(const std::shared_ptr<const Model>& model, const SilverSettings& s, const SilverExamples& w,
                   std::FILE* const out[weak::kNumExampleKinds], SilverCounts* counts, std::FILE* pairs) {
  AnalyzeOptions opt;
  opt.lm = s.lm;
  // The exact search, whatever the analyzer's default pruning: a model's
  // bytes depend only on the data and the builder's options, so the bundled
  // model stays what `kma build-model` makes (shared_model_sample/_rebuild).
  opt.prune_margin = 0.0f;
  ThreadPool pool(static_cast<size_t>(std::max(1L, s.threads)));
  std::vector<std::unique_ptr<Analyzer>> analyzers;
  for (size_t t = 0; t < pool.size(); ++t) analyzers.push_back(std::make_unique<Analyzer>(model));
  constexpr size_t kBlock = 4096;
  std::vector<std::string> lines(kBlock);
  std::vector<SilverFate> fates(kBlock);
  std::vector<Status> status(kBlock);
  for (size_t b = 0; b < w.examples.size(); b += kBlock) {
    const size_t n = std::min(kBlock, w.examples.size() - b);
    pool.Run(n, [&](size_t worker, size_t i) {
      const bool pair = pairs && w.pair_word[b + i];
      status[i] = Silver(*analyzers[worker], opt, pair ? s.pair_margin : s.margin, s, w.examples[b + i],
                         w.constraints[w.entry[b + i]], &fates[i], &lines[i]);
    });
    for (size_t i = 0; i < n; ++i) {
      const weak::DictExample& ex = w.examples[b + i];
      if (!status[i].ok())
        return Status(status[i].code(), "example '" + std::string(ex.text) + "': " + status[i].message());
      const int kind = static_cast<int>(ex.kind);
      ++counts->fates[kind][static_cast<int>(fates[i])];
      std::FILE* to = pairs && w.pair_word[b + i] ? pairs : out[kind];
      if (to && std::fwrite(lines[i].data(), 1, lines[i].size(), to) != lines[i].size())
        return Status(StatusCode::kIo, "error writing the silver data");
    }
  }
  return Status::Ok();
}

std::string SilverReport(const SilverExamples& w, const SilverCounts& counts) {
  char line[256];
  std::snprintf(line, sizeof line,
                "%zu examples read, %zu of held-out headwords, %zu held-out homograph examples, %zu of other "
                "kinds, %zu not spelling the headword; analysed:\n",
                w.read, w.held_out, w.held_out_homographs, w.other_kind, w.not_spelled);
  std::string r = line;
  std::snprintf(line, sizeof line, "%-10s %9s %10s %13s %9s %9s\n", "kind", "kept", "no-reading",
                "unsatisfiable", "too-far", "unknown");
  r += line;
  for (int k = 0; k < weak::kNumExampleKinds; ++k) {
    const size_t* f = counts.fates[k];
    std::snprintf(line, sizeof line, "%-10s %9zu %10zu %13zu %9zu %9zu\n",
                  std::string(weak::KindName(static_cast<weak::ExampleKind>(k))).c_str(), f[0], f[1], f[2], f[3],
                  f[4]);
    r += line;
  }
  return r;
}

}  // namespace kma::cli
