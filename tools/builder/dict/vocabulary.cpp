#include "tools/builder/dict/vocabulary.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "core/text/hangul.h"
#include "core/text/utf.h"

namespace kma::build {
namespace {

// Weight of a lexicon-only word within its class: better attested words
// (higher counts, more sources) get more of the class mass.
double LexiconWeight(const MorphStats& s) {
  return 1.0 + std::log1p(static_cast<double>(s.lex_count)) + 0.5 * s.lex_sources;
}

// The morpheme table sorted by (form, tag), with id 0 the placeholder.
void CollectMorphemes(const CorpusData& data, Vocabulary* v) {
  std::map<MorphKey, MorphStats> all;
  for (size_t i = 0; i < data.sentences.size(); ++i) {
    const double w = data.ngram_weights.empty() ? 1.0 : data.ngram_weights[i];
    for (const auto& m : data.sentences[i]) all[{m.form, m.tag}].corpus_count += w;
  }
  for (const auto& e : data.lexicon) {
    MorphStats& st = all[{e.form, e.tag}];
    st.lex_count = std::max(st.lex_count, e.count);
    st.lex_sources = std::max(st.lex_sources, e.source_count);
    IrregularClass irr;
    if (!e.irregular.empty() && ParseIrregularClass(e.irregular, &irr)) st.irregular = irr;
  }
  v->morphs.assign(1, MorphDraft{});
  v->morphs[0].lm_id = LmClassToken(PosTag::kNNG);
  v->stats.assign(1, MorphStats{});
  for (const auto& [key, st] : all) {
    if (key.form.empty()) continue;
    const uint32_t id = static_cast<uint32_t>(v->morphs.size());
    v->id_of[key] = id;
    MorphDraft d;
    d.form = key.form;
    d.tag = key.tag;
    v->morphs.push_back(std::move(d));
    v->stats.push_back(st);
  }
  v->normalized.resize(v->morphs.size());
  for (size_t i = 0; i < v->morphs.size(); ++i) v->normalized[i] = NormalizedForm(v->morphs[i].form);
}

// LM ids and log P(morph | class) of the morphemes without their own token.
// Class weights: corpus singletons count 1 each; lexicon-only words share as
// much mass again as the singletons of their tag (Good-Turing style), in
// proportion to how well attested they are.
void AssignLmIds(const VocabularySpec& spec, Vocabulary* v) {
  std::vector<double> single_mass(kNumTags, 0), lex_weight_sum(kNumTags, 0);
  for (size_t i = 1; i < v->morphs.size(); ++i) {
    const MorphStats& st = v->stats[i];
    const int t = static_cast<int>(v->morphs[i].tag);
    if (st.corpus_count >= spec.own_id_min_count) continue;
    if (st.corpus_count > 0)
      single_mass[t] += std::min(st.corpus_count, 1.0);  // a fractional (silver) sighting counts its weight
    else
      lex_weight_sum[t] += LexiconWeight(st);
  }
  uint32_t next_lm = kLmFirstWord;
  for (size_t i = 1; i < v->morphs.size(); ++i) {
    MorphDraft& r = v->morphs[i];
    const MorphStats& st = v->stats[i];
    const int t = static_cast<int>(r.tag);
    if (st.corpus_count >= spec.own_id_min_count) {
      r.lm_id = next_lm++;
      r.emit_logp = 0;
      continue;
    }
    r.lm_id = LmClassToken(r.tag);
    const double lex_mass = spec.lexicon_share * std::max(single_mass[t], 1.0);
    const double total = single_mass[t] + lex_mass;
    const double p = st.corpus_count > 0
                         ? std::min(st.corpus_count, 1.0) / total
                         : lex_mass * LexiconWeight(st) / std::max(lex_weight_sum[t], 1e-9) / total;
    r.emit_logp = static_cast<float>(std::log(p));
  }
  v->lm_vocab = next_lm;
}

// log P(morph | tag): corpus frequency within the tag for morphemes with
// their own LM token; the class share times the within-class probability
// for the rest.
void AssignTagLogProbs(const VocabularySpec& spec, Vocabulary* v) {
  std::vector<double> tag_total(kNumTags, 0), class_total(kNumTags, 0);
  for (size_t i = 1; i < v->morphs.size(); ++i) {
    const double n = v->stats[i].corpus_count;
    const int t = static_cast<int>(v->morphs[i].tag);
    tag_total[t] += n;
    if (n < spec.own_id_min_count) class_total[t] += n;
  }
  for (size_t i = 1; i < v->morphs.size(); ++i) {
    const double n = v->stats[i].corpus_count;
    const int t = static_cast<int>(v->morphs[i].tag);
    // Half a count of class mass keeps tags seen only in the lexicon finite.
    const double denom = tag_total[t] + 0.5;
    const double lp = n >= spec.own_id_min_count
                          ? std::log(n / denom)
                          : std::log((class_total[t] + 0.5) / denom) + v->morphs[i].emit_logp;
    v->morphs[i].tag_logp = static_cast<float>(lp);
  }
}

}  // namespace

bool MorphKey::operator<(const MorphKey& o) const { return std::tie(form, tag) < std::tie(o.form, o.tag); }

std::u32string NormalizedForm(const std::string& form) {
  std::u32string u;
  if (!Utf8ToU32(form, &u)) return {};
  return hangul::SplitCodas(u, true);
}

uint32_t Vocabulary::LmToken(const CorpusMorph& m) const {
  auto it = id_of.find({m.form, m.tag});
  return it == id_of.end() ? LmClassToken(m.tag) : morphs[it->second].lm_id;
}

void BuildVocabulary(const VocabularySpec& spec, const CorpusData& data, const LogFn& log, Vocabulary* out) {
  CollectMorphemes(data, out);
  AssignLmIds(spec, out);
  AssignTagLogProbs(spec, out);
  log("morphemes: " + std::to_string(out->morphs.size()) +
      ", LM vocabulary: " + std::to_string(out->lm_vocab));
}

void LmSentences(const Vocabulary& vocab, const std::vector<CorpusSentence>& corpus,
                 std::vector<std::vector<uint32_t>>* morph_tokens,
                 std::vector<std::vector<uint32_t>>* tag_tokens) {
  morph_tokens->clear();
  tag_tokens->clear();
  morph_tokens->reserve(corpus.size());
  tag_tokens->reserve(corpus.size());
  for (const auto& s : corpus) {
    std::vector<uint32_t> ids, tags;
    for (const CorpusMorph& m : s) {
      ids.push_back(vocab.LmToken(m));
      tags.push_back(LmClassToken(m.tag));
    }
    morph_tokens->push_back(std::move(ids));
    tag_tokens->push_back(std::move(tags));
  }
}

}  // namespace kma::build
