#include "tools/kma/eval/gold_convention.h"

#include <map>
#include <string>
#include <utility>

#include "core/model/model_parts.h"
#include "core/morph/conjugation.h"
#include "core/text/hangul.h"
#include "core/text/utf.h"

namespace kma::cli {

// Facts from the model's dictionary. The builder keeps in the lexicon only
// the morphemes the convention writes, so a compound verb or a noun + 받
// verb is in the dictionary exactly when the convention writes it whole.
class GoldConvention::Facts : public build::ConventionFacts {
 public:
  explicit Facts(const Model& m) : m_(m), conjugation_(*ConjugationOf(m)) {}

  IrregularClass StemClass(std::string_view form, PosTag tag) const override {
    const uint32_t id = Find(form, tag);
    const IrregularClass c =
        id != 0 ? conjugation_.IrregularOf(ModelMorph(m_, id).socket_key) : IrregularClass::kNone;
    return c != IrregularClass::kNone ? c : DefaultIrregularClass(form, tag);
  }
  bool IsLexicalised(std::string_view form, PosTag tag) const override { return Find(form, tag) != 0; }
  bool IsNoun(std::string_view form) const override { return Find(form, PosTag::kNNG) != 0; }
  // The stems with an LM token of their own (those the training corpus
  // used), as the builder takes the corpus's stems; the more probable
  // under its tag wins when two spell the same prefix.
  bool InfinitiveOf(std::string_view prefix, build::CorpusMorph* stem, std::string* ending) const override {
    if (!infinitives_built_) BuildInfinitives();
    auto it = infinitives_.find(prefix);
    if (it == infinitives_.end()) return false;
    const ModelMorphInfo m = ModelMorph(m_, it->second.id);
    *stem = {std::string(m.form), m.tag, true};
    *ending = it->second.ending;
    return true;
  }
  const MorphRules& rules() const { return conjugation_.rules(); }

 private:
  struct Infinitive {
    uint32_t id;
    std::string ending;
    float score;
  };
  uint32_t Find(std::string_view form, PosTag tag) const { return ModelMorphId(m_, form, tag); }
  void BuildInfinitives() const {
    infinitives_built_ = true;
    std::vector<float> penalties;
    for (uint32_t id = 1; id < ModelMorphCount(m_); ++id) {
      const ModelMorphInfo m = ModelMorph(m_, id);
      const PosTag tag = m.tag;
      if ((tag != PosTag::kVV && tag != PosTag::kVA) || !m.own_lm_token) continue;
      const std::string form(m.form);
      const float score = m.tag_logp;
      for (const char* e : {"아", "어"}) {
        const std::vector<std::string> words =
            rules().CombineWords(form, tag, StemClass(form, tag), e, PosTag::kEC, &penalties);
        for (size_t i = 0; i < words.size(); ++i) {
          if (penalties[i] > 0) continue;
          auto [it, added] = infinitives_.try_emplace(words[i], Infinitive{id, e, score});
          if (!added && score > it->second.score) it->second = Infinitive{id, e, score};
        }
      }
    }
  }

  const Model& m_;
  const Conjugation& conjugation_;
  mutable bool infinitives_built_ = false;
  mutable std::map<std::string, Infinitive, std::less<>> infinitives_;
};

namespace {

// Gold files may write codas as conjoining jamo (ᆫ/ETM); the rules read
// compatibility jamo (ㄴ/ETM).
std::string CompatCodas(const std::string& form) {
  std::u32string u;
  if (!Utf8ToU32(form, &u)) return form;
  bool changed = false;
  for (char32_t& c : u) {
    if (!hangul::IsCodaJamo(c)) continue;
    c = hangul::CodaToCompat(c);
    changed = true;
  }
  return changed ? ToUtf8(u) : form;
}

// Morphemes that may start a word where the gold does not say.
bool MayStartWord(PosTag t) {
  return !IsEnding(t) && !IsParticle(t) && t != PosTag::kXSN && t != PosTag::kXSV && t != PosTag::kXSA &&
         t != PosTag::kVCP;
}

}  // namespace

std::unique_ptr<GoldConvention> GoldConvention::ForModel(const Model& model) {
  if (ConjugationOf(model) == nullptr) return nullptr;
  return std::unique_ptr<GoldConvention>(new GoldConvention(std::make_unique<Facts>(model)));
}

GoldConvention::GoldConvention(std::unique_ptr<Facts> facts)
    : facts_(std::move(facts)),
      convention_(std::make_unique<build::StandardConvention>(facts_->rules(), *facts_)) {}

GoldConvention::~GoldConvention() = default;

void GoldConvention::MapRun(std::vector<build::CorpusMorph>* run, build::ConventionCounts* counts) const {
  if (!run->empty()) convention_->Apply(run, counts);
}

// Maps the runs of known tags between the others; `starts` marks the
// morphemes that start a word, before and after.
void GoldConvention::Map(std::vector<Morph>* morphs, std::vector<bool>* starts,
                         build::ConventionCounts* counts) const {
  std::vector<Morph> out;
  std::vector<bool> out_starts;
  std::vector<build::CorpusMorph> run;
  auto flush = [&] {
    MapRun(&run, counts);
    for (const build::CorpusMorph& m : run) {
      out.push_back(Morph{m.form, std::string(TagName(m.tag))});
      out_starts.push_back(m.word_initial);
    }
    run.clear();
  };
  for (size_t i = 0; i < morphs->size(); ++i) {
    const Morph& m = (*morphs)[i];
    PosTag tag;
    if (ParseTag(m.tag, &tag)) {
      run.push_back({CompatCodas(m.form), tag, (*starts)[i]});
      continue;
    }
    flush();
    out.push_back(m);
    out_starts.push_back((*starts)[i]);
  }
  flush();
  *morphs = std::move(out);
  *starts = std::move(out_starts);
}

void GoldConvention::MapWords(std::vector<std::vector<Morph>>* words, build::ConventionCounts* counts) const {
  std::vector<Morph> flat;
  std::vector<bool> starts;
  for (const std::vector<Morph>& w : *words) {
    for (size_t i = 0; i < w.size(); ++i) {
      flat.push_back(w[i]);
      starts.push_back(i == 0);
    }
  }
  Map(&flat, &starts, counts);
  words->clear();
  for (size_t i = 0; i < flat.size(); ++i) {
    if (starts[i] || words->empty()) words->emplace_back();
    words->back().push_back(std::move(flat[i]));
  }
}

void GoldConvention::MapFlat(std::vector<Morph>* morphs, build::ConventionCounts* counts) const {
  std::vector<bool> starts(morphs->size());
  for (size_t i = 0; i < morphs->size(); ++i) {
    PosTag tag;
    starts[i] = i == 0 || !ParseTag((*morphs)[i].tag, &tag) || MayStartWord(tag);
  }
  Map(morphs, &starts, counts);
}

}  // namespace kma::cli
