// Model builder: runs the stages of model_builder.h in order and writes
// their sections as one model file.
#include "tools/builder/model_builder.h"

#include <cstring>

#include "core/dict/dictionary.h"
#include "core/lm/knlm.h"
#include "core/model/format.h"
#include "core/model/spacing_table.h"
#include "core/morph/conjugation.h"
#include "core/morph/morph_rules.h"
#include "tools/builder/dict/dictionary_writer.h"
#include "tools/builder/lm/lm_plan.h"
#include "tools/builder/lm/spacing_counts.h"
#include "tools/builder/step_clock.h"

namespace kma::build {
namespace {

// What is checked before any data is read.
Status CheckConfig(const BuildConfig& cfg, LmPlan* plan, std::string* default_lm) {
  auto p = ParseLmPlan(cfg.lms);
  if (!p.ok()) return p.status();
  *plan = p.value();
  if (!(cfg.cong.class_lambda > 0.0f && cfg.cong.class_lambda <= 1.0f))
    return Status(StatusCode::kInvalidArgument, "the CoNg class-interpolation weight must be in (0, 1]");
  auto lm = ResolveDefaultLm(cfg.default_lm, cfg.lms);
  if (!lm.ok()) return lm.status();
  *default_lm = lm.value();
  return Status::Ok();
}

// Dictionary stage: written before the slow LM training, so a dictionary
// that does not fit the packed records fails early.
Status WriteDictionaryStage(const Vocabulary& vocab, const ExpandedForms& forms, const LogFn& log,
                            ModelWriter* w) {
  std::string summary;
  KMA_RETURN_IF_ERROR(WriteDictionary(vocab.morphs, forms.entries, w, &summary));
  log(summary);
  w->AddSection("concat_block", PodSection(forms.concat_block));
  return Status::Ok();
}

// 1 for the LM tokens that CoNg-Global's distant window remembers.
std::vector<uint8_t> ContentMask(const CongGlobalSpec& spec, const Vocabulary& vocab) {
  std::vector<uint8_t> mask(vocab.lm_vocab, 0);
  for (const MorphDraft& r : vocab.morphs) {
    const bool content =
        std::find(spec.content_tags.begin(), spec.content_tags.end(), r.tag) != spec.content_tags.end();
    if (content && r.lm_id >= kLmFirstWord && r.lm_id < vocab.lm_vocab) mask[r.lm_id] = 1;
  }
  return mask;
}

// The sentences CoNg trains on: those of weight 1, and of the fractional
// ones (silver weighted below gold) an evenly spread share equal to their
// weight, so the expected counts match the n-gram models'. CoNg's trainer
// learns from positions, which have no fractional form; the KnLM teacher
// it distils from has the weighted counts.
std::vector<std::vector<uint32_t>> CongSentences(const std::vector<std::vector<uint32_t>>& lm_sents,
                                                 const std::vector<float>& weights) {
  std::vector<std::vector<uint32_t>> out;
  double owed = 0;
  for (size_t i = 0; i < lm_sents.size(); ++i) {
    if (!weights.empty() && weights[i] < 1) {
      owed += weights[i];
      if (owed < 1) continue;
      owed -= 1;
    }
    out.push_back(lm_sents[i]);
  }
  return out;
}

// The cong and cong-global stages; `knlm` is the knlm stage's blob (the
// teacher).
Status TrainCongStages(const BuildConfig& cfg, const LmPlan& plan, const Vocabulary& vocab,
                       const std::vector<std::vector<uint32_t>>& lm_sents, const std::string& knlm,
                       CongTrainResult* result) {
  CongTrainOptions co = cfg.cong;
  if (!co.log) co.log = cfg.log;
  // The views need 8-byte aligned data.
  std::vector<uint64_t> kn_words(knlm.size() / 8 + 1);
  std::memcpy(kn_words.data(), knlm.data(), knlm.size());
  auto kn_view = KnlmView::Open(kn_words.data(), knlm.size());
  if (!kn_view.ok()) return kn_view.status();
  if (co.kn_teacher) co.teacher_lm = &kn_view.value();
  const std::vector<uint8_t> content =
      plan.any_global() ? ContentMask(cfg.cong_global, vocab) : std::vector<uint8_t>();
  CongTrainer trainer;
  StepClock clock;
  KMA_RETURN_IF_ERROR(trainer.TrainLocal(lm_sents, vocab.lm_vocab, kLmBos, kLmEos, co, content, result));
  if (co.log) co.log("step cong: " + clock.Lap());
  if (plan.any_global()) {
    KMA_RETURN_IF_ERROR(trainer.TrainGlobal(cfg.cong_global, result));
    if (co.log) co.log("step cong-global: " + clock.Lap());
  }
  return Status::Ok();
}

void AddCongSections(const LmPlan& plan, CongTrainResult* cong, ModelWriter* w) {
  const std::pair<BuiltLm, std::string*> blobs[] = {{BuiltLm::kCong, &cong->int8_blob},
                                                    {BuiltLm::kCongFp32, &cong->fp32_blob},
                                                    {BuiltLm::kCongGlobal, &cong->global_int8_blob},
                                                    {BuiltLm::kCongGlobalFp32, &cong->global_fp32_blob}};
  for (const auto& [lm, blob] : blobs)
    if (plan.has(lm)) w->AddSection(std::string("lm.") + LmName(lm), std::move(*blob));
}

}  // namespace

Status BuildModel(const BuildConfig& cfg) {
  const LogFn log = [&](const std::string& s) {
    if (cfg.log) cfg.log(s);
  };
  StepClock clock;
  auto done = [&](const char* step) { log("step " + std::string(step) + ": " + clock.Lap()); };
  LmPlan plan;
  std::string default_lm;
  KMA_RETURN_IF_ERROR(CheckConfig(cfg, &plan, &default_lm));
  auto rules = MorphRules::Load(cfg.rules_path);
  if (!rules.ok()) return rules.status();
  CorpusData data;
  KMA_RETURN_IF_ERROR(LoadCorpus(cfg.train_path, cfg.lexicon_dir, cfg.corpus, rules.value(), log, &data));
  done("corpus");
  Vocabulary vocab;
  BuildVocabulary(cfg.vocabulary, data, log, &vocab);
  done("vocabulary");
  ExpandedForms forms;
  ExpandRules(cfg.rules, rules.value(), &vocab, log, &forms);
  done("rules");
  ModelWriter w;
  KMA_RETURN_IF_ERROR(WriteDictionaryStage(vocab, forms, log, &w));
  std::string conjugation = EncodeConjugationSection(forms.socket_classes, forms.rights, rules.value().source());
  forms = ExpandedForms();
  done("dictionary");

  std::vector<std::vector<uint32_t>> lm_sents, tag_sents;
  LmSentences(vocab, data.sentences, &lm_sents, &tag_sents);
  w.AddSection("boundary", PodSection(BoundaryTable(cfg.tag_model, data.sentences)));
  if (cfg.spacing_table)
    w.AddSection(std::string(kSpacingSection), SpacingSection(data.sentences, data.gold_lines.size()));
  const std::vector<float> ngram_weights = std::move(data.ngram_weights);
  data = CorpusData();
  std::string knlm;
  KMA_RETURN_IF_ERROR(BuildKnlm(lm_sents, ngram_weights, vocab.lm_vocab, kLmBos, kLmEos, cfg.knlm, &knlm));
  log("knlm: order " + std::to_string(cfg.knlm.order) + ", " + std::to_string(knlm.size() / 1024) + " KiB");
  done("knlm");
  CongTrainResult cong;
  if (plan.any_cong()) {
    const std::vector<std::vector<uint32_t>> cong_sents =
        ngram_weights.empty() ? std::vector<std::vector<uint32_t>>() : CongSentences(lm_sents, ngram_weights);
    KMA_RETURN_IF_ERROR(TrainCongStages(cfg, plan, vocab, ngram_weights.empty() ? lm_sents : cong_sents, knlm,
                                        &cong));  // logs its own steps
    clock.Restart();
  }
  w.AddSection("lm.knlm", std::move(knlm));
  AddCongSections(plan, &cong, &w);
  std::string tag_lm;
  KMA_RETURN_IF_ERROR(BuildTagLm(cfg.tag_model, tag_sents, ngram_weights, &tag_lm));
  w.AddSection("lm.tag", std::move(tag_lm));
  done("tag model");

  // Run-time conjugation (user-dictionary stems, kma join): the stem
  // classes, the endings expanded and the rules (core/morph/conjugation.h).
  w.AddSection(std::string(kConjugationSection), std::move(conjugation));
  BuiltModelFacts facts{plan, default_lm, &cfg.knlm, &cfg.tag_model, &cfg.cong, cong.contexts};
  WriteMetadata(cfg.metadata, facts, &w);
  KMA_RETURN_IF_ERROR(w.WriteFile(cfg.output_path));
  log("wrote " + cfg.output_path);
  done("write");
  return Status::Ok();
}

Status AddSpacingTable(const BuildConfig& cfg, const std::string& base) {
  const LogFn log = [&](const std::string& s) {
    if (cfg.log) cfg.log(s);
  };
  auto rules = MorphRules::Load(cfg.rules_path);
  if (!rules.ok()) return rules.status();
  CorpusData data;
  KMA_RETURN_IF_ERROR(LoadCorpus(cfg.train_path, cfg.lexicon_dir, cfg.corpus, rules.value(), log, &data));
  KMA_RETURN_IF_ERROR(AddSpacingSection(base, data.sentences, data.gold_lines.size(), cfg.output_path));
  log("wrote " + cfg.output_path);
  return Status::Ok();
}

}  // namespace kma::build
