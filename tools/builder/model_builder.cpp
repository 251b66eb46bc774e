// Model builder. Pipeline:
//   1. read corpus and lexicon, make the morpheme table (sorted, so ids are
//      deterministic) with LM ids: morphemes seen >= kOwnIdMinCount times in the
//      corpus get their own LM token, the rest share their tag's class token
//      and carry log P(morph | class);
//   2. expand the morphophonological rules over (stem tail, ending) pairs into
//      fused surface forms (see EntryKind in core/dict/dictionary.h);
//   3. pack the dictionary and build the form trie over normalized surfaces
//      (tools/builder/dict/dictionary_writer.h);
//   4. estimate the Kneser-Ney LM and the word-boundary table on the corpus;
//   5. write everything as sections of one model file.
#include "tools/builder/model_builder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "core/base/version.h"
#include "core/lm/factory.h"
#include "core/lm/cong_global.h"
#include "core/dict/dictionary.h"
#include "core/text/hangul.h"
#include "core/lm/knlm.h"
#include "tools/builder/lm/knlm_builder.h"
#include "core/model/model_impl.h"
#include "core/model/format.h"
#include "core/morph/conjugation.h"
#include "core/morph/morph_rules.h"
#include "core/text/utf.h"
#include "tools/builder/corpus/conventions.h"
#include "tools/builder/corpus/corpus_reader.h"
#include "tools/builder/dict/dictionary_writer.h"

namespace kma::build {
namespace {

// Measured on a held-out tenth of train.tsv: 1 (every corpus morpheme its own
// LM token) lost 0.9 F1 points; 3 was no better than 2.
constexpr uint32_t kOwnIdMinCount = 2;
// Probability mass of lexicon-only words relative to corpus singletons.
constexpr double kLexShare = 0.5;

struct MorphKey {
  std::string form;
  PosTag tag;
  bool operator<(const MorphKey& o) const { return std::tie(form, tag) < std::tie(o.form, o.tag); }
};

struct MorphInfo {
  uint32_t corpus_count = 0;
  uint32_t lex_count = 0;
  uint32_t lex_sources = 0;
  IrregularClass irr = IrregularClass::kNone;
  bool in_lexicon = false;
};

std::u32string Normalized(const std::string& form) {
  std::u32string u;
  if (!Utf8ToU32(form, &u)) return {};
  return hangul::SplitCodas(u, true);
}

// Last syllable unit of a normalized form: a syllable plus its coda jamo.
size_t TailStart(const std::u32string& f) {
  if (f.empty()) return 0;
  size_t i = f.size() - 1;
  if (hangul::IsCodaJamo(f[i]) && i > 0 && hangul::IsSyllable(f[i - 1])) --i;
  return i;
}

bool IsLeftTag(PosTag t) { return IsVerbLike(t) || t == PosTag::kEP; }
bool IsRightTag(PosTag t) { return IsEnding(t); }
bool IsWholeLeftTag(PosTag t) { return t == PosTag::kNP || t == PosTag::kNNB; }
bool IsParticleRight(PosTag t) { return IsParticle(t); }

}  // namespace

Status BuildModel(const BuildConfig& cfg) {
  auto log = [&](const std::string& s) { if (cfg.log) cfg.log(s); };
  bool want_cong = false, want_cong_fp32 = false, want_global = false, want_global_fp32 = false;
  for (const std::string& lm : cfg.lms) {
    if (lm == "cong") want_cong = true;
    else if (lm == "cong-fp32") want_cong_fp32 = true;
    else if (lm == "cong-global") want_global = want_cong = true;
    else if (lm == "cong-global-fp32") want_global_fp32 = want_cong_fp32 = true;
    else if (lm != "knlm")
      return Status(StatusCode::kInvalidArgument, "unknown language model '" + lm +
                                                      "' (this version builds: knlm, cong, cong-global, cong-fp32, "
                                                      "cong-global-fp32)");
  }
  if (!(cfg.cong_class_lambda > 0.0f && cfg.cong_class_lambda <= 1.0f))
    return Status(StatusCode::kInvalidArgument, "the CoNg class-interpolation weight must be in (0, 1]");
  std::string default_lm = cfg.default_lm.empty() ? (cfg.lms.empty() ? "knlm" : cfg.lms.back()) : cfg.default_lm;
  {
    // An ensemble (lm::LmRegistry) needs its int8 CoNg part built; knlm
    // always is.
    const std::string_view part = default_lm == lm::kCongKnlm         ? lm::kCong
                                  : default_lm == lm::kCongGlobalKnlm ? lm::kCongGlobal
                                                                      : std::string_view(default_lm);
    if (part != lm::kKnlm && std::find(cfg.lms.begin(), cfg.lms.end(), part) == cfg.lms.end())
      return Status(StatusCode::kInvalidArgument, "default language model '" + default_lm + "' is not built");
  }

  // ---- 1. data ----
  std::vector<CorpusSentence> corpus;
  size_t skipped = 0;
  KMA_RETURN_IF_ERROR(ReadCorpus(cfg.train_path, &corpus, &skipped));
  log("corpus: " + std::to_string(corpus.size()) + " sentences, " + std::to_string(skipped) +
      " morphemes with unknown tags skipped");
  std::vector<LexiconEntry> lexicon;
  KMA_RETURN_IF_ERROR(ReadLexicon(cfg.lexicon_dir + "/lexicon.tsv", &lexicon));
  KMA_RETURN_IF_ERROR(ReadIrregular(cfg.lexicon_dir + "/irregular.tsv", &lexicon));
  log("lexicon: " + std::to_string(lexicon.size()) + " entries");
  auto rules_or = MorphRules::Load(cfg.rules_path);
  if (!rules_or.ok()) return rules_or.status();
  const MorphRules& rules = rules_or.value();

  UnifyBenefactive(rules, &corpus, &lexicon, log);
  if (cfg.join_motion_compounds) JoinMotionCompounds(rules, lexicon, &corpus, log);

  std::map<MorphKey, MorphInfo> infos;
  for (const auto& s : corpus)
    for (const auto& m : s) infos[{m.form, m.tag}].corpus_count++;
  for (const auto& e : lexicon) {
    MorphInfo& mi = infos[{e.form, e.tag}];
    mi.in_lexicon = true;
    mi.lex_count = std::max(mi.lex_count, e.count);
    mi.lex_sources = std::max(mi.lex_sources, e.source_count);
    IrregularClass irr;
    if (!e.irregular.empty() && ParseIrregularClass(e.irregular, &irr)) mi.irr = irr;
  }

  // ---- morpheme table (id 0 is a placeholder for unknown words/patterns) ----
  std::vector<MorphKey> keys;
  keys.push_back({"", PosTag::kUN});
  for (const auto& kv : infos) {
    if (kv.first.form.empty()) continue;
    keys.push_back(kv.first);
  }
  std::map<MorphKey, uint32_t> id_of;
  for (uint32_t i = 1; i < keys.size(); ++i) id_of[keys[i]] = i;

  std::vector<MorphDraft> morphs(keys.size());
  std::vector<std::u32string> norm(keys.size());
  uint32_t next_lm = kLmFirstWord;
  // Class weights: corpus singletons count 1 each; lexicon-only words share
  // as much mass again as the singletons of their tag (Good-Turing style),
  // in proportion to how well attested they are.
  std::vector<double> single_mass(kNumTags, 0), lex_weight_sum(kNumTags, 0);
  auto lex_weight = [](const MorphInfo& mi) {
    return 1.0 + std::log1p(static_cast<double>(mi.lex_count)) + 0.5 * mi.lex_sources;
  };
  for (uint32_t i = 1; i < keys.size(); ++i) {
    const MorphInfo& mi = infos[keys[i]];
    int t = static_cast<int>(keys[i].tag);
    if (mi.corpus_count >= kOwnIdMinCount) continue;
    if (mi.corpus_count > 0) single_mass[t] += 1.0;
    else lex_weight_sum[t] += lex_weight(mi);
  }
  for (uint32_t i = 0; i < keys.size(); ++i) {
    MorphDraft& r = morphs[i];
    r.form = keys[i].form;
    r.tag = keys[i].tag;
    norm[i] = Normalized(keys[i].form);
    if (i == 0) { r.lm_id = LmClassToken(PosTag::kNNG); continue; }
    const MorphInfo& mi = infos[keys[i]];
    int t = static_cast<int>(keys[i].tag);
    if (mi.corpus_count >= kOwnIdMinCount) {
      r.lm_id = next_lm++;
      r.emit_logp = 0;
    } else {
      r.lm_id = LmClassToken(keys[i].tag);
      double lex_mass = kLexShare * std::max(single_mass[t], 1.0);
      double total = single_mass[t] + lex_mass;
      double p;
      if (mi.corpus_count > 0) p = 1.0 / total;
      else p = lex_mass * lex_weight(mi) / std::max(lex_weight_sum[t], 1e-9) / total;
      r.emit_logp = static_cast<float>(std::log(p));
    }
  }
  // log P(morph | tag): corpus frequency within the tag for morphemes with
  // their own LM token; the class share times the within-class probability
  // for the rest.
  {
    std::vector<double> tag_total(kNumTags, 0), class_total(kNumTags, 0);
    for (uint32_t i = 1; i < keys.size(); ++i) {
      const MorphInfo& mi = infos[keys[i]];
      int t = static_cast<int>(keys[i].tag);
      tag_total[t] += mi.corpus_count;
      if (mi.corpus_count < kOwnIdMinCount) class_total[t] += mi.corpus_count;
    }
    for (uint32_t i = 1; i < keys.size(); ++i) {
      const MorphInfo& mi = infos[keys[i]];
      int t = static_cast<int>(keys[i].tag);
      // Half a count of class mass keeps tags seen only in the lexicon finite.
      double denom = tag_total[t] + 0.5;
      double lp = mi.corpus_count >= kOwnIdMinCount
                      ? std::log(mi.corpus_count / denom)
                      : std::log((class_total[t] + 0.5) / denom) + morphs[i].emit_logp;
      morphs[i].tag_logp = static_cast<float>(lp);
    }
  }
  const uint32_t lm_vocab = next_lm;
  log("morphemes: " + std::to_string(keys.size()) + ", LM vocabulary: " + std::to_string(lm_vocab));

  // ---- 2. rule expansion ----
  std::vector<EntryDraft> entries;
  // Socket keys group stems by what the rules can see: tail, tag, class.
  std::map<std::tuple<std::u32string, uint8_t, uint8_t, bool>, uint32_t> socket_ids;
  std::vector<std::vector<uint32_t>> socket_members(1);
  std::vector<std::tuple<std::u32string, PosTag, IrregularClass, bool>> socket_desc(1);
  for (uint32_t i = 1; i < keys.size(); ++i) {
    PosTag t = keys[i].tag;
    bool whole_left = IsWholeLeftTag(t) && norm[i].size() <= 2;
    if (!IsLeftTag(t) && !whole_left) continue;
    if (norm[i].empty()) continue;
    size_t ts = TailStart(norm[i]);
    std::u32string tail = norm[i].substr(ts);
    bool whole = ts == 0;
    auto key = std::make_tuple(tail, static_cast<uint8_t>(t), static_cast<uint8_t>(infos[keys[i]].irr), whole);
    auto it = socket_ids.find(key);
    if (it == socket_ids.end()) {
      it = socket_ids.emplace(key, static_cast<uint32_t>(socket_members.size())).first;
      socket_members.emplace_back();
      socket_desc.emplace_back(tail, t, infos[keys[i]].irr, whole);
    }
    socket_members[it->second].push_back(i);
    morphs[i].socket_key = it->second;
  }
  std::vector<uint32_t> rights, particle_rights;
  for (uint32_t i = 1; i < keys.size(); ++i) {
    const MorphInfo& mi = infos[keys[i]];
    if (norm[i].empty()) continue;
    // Endings seen at least twice in the corpus: rarer lexicon endings added
    // many fused forms and no measurable accuracy (held-out part of train).
    bool attested = mi.corpus_count >= 2;
    if (!attested) continue;
    if (IsRightTag(keys[i].tag)) rights.push_back(i);
    else if (IsParticleRight(keys[i].tag) || keys[i].tag == PosTag::kVCP) particle_rights.push_back(i);
  }
  log("rule expansion: " + std::to_string(socket_members.size() - 1) + " stem classes x " +
      std::to_string(rights.size()) + " endings");
  std::set<uint64_t> concat_ok, concat_seen;
  std::set<uint32_t> socket_used;
  size_t fused = 0;
  for (uint32_t s = 1; s < socket_members.size(); ++s) {
    const auto& [tail, tag, irr, whole] = socket_desc[s];
    const auto& rlist = IsWholeLeftTag(tag) ? particle_rights : rights;
    for (uint32_t r : rlist) {
      std::vector<Fusion> out = rules.Combine(tail, tag, irr, whole, norm[r], keys[r].tag);
      uint64_t ck = (uint64_t{s} << 32) | MorphFirstChar(keys[r].form);
      concat_seen.insert(ck);
      std::u32string plain = tail + norm[r];
      for (const Fusion& f : out) {
        if (f.surface == plain && f.penalty == 0 && !f.after_vowel_only) {
          concat_ok.insert(ck);
          continue;
        }
        if (f.surface.empty()) continue;
        const bool after_vowel = f.after_vowel_only;
        if (whole) {
          for (uint32_t m : socket_members[s])
            entries.push_back({f.surface, EntryKind::kPlain, 0, f.penalty, after_vowel, {m, r}});
        } else {
          entries.push_back({f.surface, EntryKind::kSocket, s, f.penalty, after_vowel, {r}});
          socket_used.insert(s);
        }
        ++fused;
      }
    }
  }
  std::vector<uint64_t> concat_block;
  for (uint64_t k : concat_seen)
    if (!concat_ok.count(k)) concat_block.push_back(k);
  log("fused forms: " + std::to_string(fused) + ", blocked plain joins: " + std::to_string(concat_block.size()));
  for (uint32_t s : socket_used) {
    for (uint32_t m : socket_members[s]) {
      std::u32string head = norm[m].substr(0, TailStart(norm[m]));
      entries.push_back({head, EntryKind::kHead, s, 0.0f, false, {m}});
    }
  }
  for (uint32_t i = 1; i < keys.size(); ++i) {
    if (norm[i].empty()) continue;
    entries.push_back({norm[i], EntryKind::kPlain, 0, 0.0f, false, {i}});
  }
  std::sort(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end()), entries.end());

  // ---- 3. dictionary sections and trie ----
  // Written now, before the slow LM training, so a dictionary that does not
  // fit the packed records fails early.
  ModelWriter w;
  {
    std::string summary;
    KMA_RETURN_IF_ERROR(WriteDictionary(morphs, entries, &w, &summary));
    log(summary);
  }

  // ---- 4. language model and boundary table ----
  std::vector<std::vector<uint32_t>> lm_sents, tag_sents;
  lm_sents.reserve(corpus.size());
  tag_sents.reserve(corpus.size());
  // boundary[(prev_tag * kNumTags + tag) * 2 + space]; prev_tag kNumTags = sentence start.
  std::vector<double> bcount((kNumTags + 1) * kNumTags * 2, 0.0);
  for (const auto& s : corpus) {
    std::vector<uint32_t> ids, tags;
    int prev = kNumTags;
    for (size_t k = 0; k < s.size(); ++k) {
      auto it = id_of.find({s[k].form, s[k].tag});
      ids.push_back(it == id_of.end() ? LmClassToken(s[k].tag) : morphs[it->second].lm_id);
      int t = static_cast<int>(s[k].tag);
      tags.push_back(LmClassToken(s[k].tag));
      if (k > 0) bcount[(prev * kNumTags + t) * 2 + (s[k].word_initial ? 1 : 0)] += 1;
      prev = t;
    }
    lm_sents.push_back(std::move(ids));
    tag_sents.push_back(std::move(tags));
  }
  std::vector<float> boundary(bcount.size());
  for (int p = 0; p <= kNumTags; ++p) {
    for (int t = 0; t < kNumTags; ++t) {
      double a = bcount[(p * kNumTags + t) * 2], b = bcount[(p * kNumTags + t) * 2 + 1];
      // Add-one smoothing, with a weak prior towards 50/50.
      boundary[(p * kNumTags + t) * 2] = static_cast<float>(std::log((a + 0.5) / (a + b + 1)));
      boundary[(p * kNumTags + t) * 2 + 1] = static_cast<float>(std::log((b + 0.5) / (a + b + 1)));
    }
  }
  std::string knlm;
  KnlmBuildOptions ko;
  ko.order = cfg.knlm_order;
  ko.quant_bits = 8;
  KMA_RETURN_IF_ERROR(BuildKnlm(lm_sents, lm_vocab, kLmBos, kLmEos, ko, &knlm));
  log("knlm: order " + std::to_string(ko.order) + ", " + std::to_string(knlm.size() / 1024) + " KiB");
  CongTrainResult cong;
  if (want_cong || want_cong_fp32) {
    CongTrainOptions co = cfg.cong;
    if (!co.log) co.log = cfg.log;
    // The n-gram model just built can teach CoNg (kept 8-byte aligned).
    std::vector<uint64_t> kn_words(knlm.size() / 8 + 1);
    std::memcpy(kn_words.data(), knlm.data(), knlm.size());
    auto kn_view = KnlmView::Open(kn_words.data(), knlm.size());
    if (!kn_view.ok()) return kn_view.status();
    if (cfg.cong_kn_teacher) co.teacher_lm = &kn_view.value();
    if (want_global || want_global_fp32) {
      // Content tokens (what a distant window remembers): morphemes with
      // their own LM id whose tag carries meaning rather than grammar.
      co.global_valid.assign(lm_vocab, 0);
      for (const MorphDraft& r : morphs) {
        PosTag t = r.tag;
        bool content = t == PosTag::kNNG || t == PosTag::kNNP || t == PosTag::kNP || t == PosTag::kNR ||
                       t == PosTag::kVV || t == PosTag::kVA || t == PosTag::kMAG || t == PosTag::kXR;
        if (content && r.lm_id >= kLmFirstWord && r.lm_id < lm_vocab) co.global_valid[r.lm_id] = 1;
      }
    }
    KMA_RETURN_IF_ERROR(TrainCong(lm_sents, lm_vocab, kLmBos, kLmEos, co, &cong));
  }
  // Tag-level model: P(tag | previous tags), interpolated log-linearly with
  // the morpheme model at search time. It carries the grammar (an ending
  // ends a sentence, a particle follows a noun) where the morpheme model
  // backs off to unigrams.
  std::string tag_lm;
  KnlmBuildOptions tko;
  tko.order = cfg.tag_order;
  tko.quant_bits = 0;
  KMA_RETURN_IF_ERROR(BuildKnlm(tag_sents, kLmFirstWord, kLmBos, kLmEos, tko, &tag_lm));

  // ---- 5. write ----
  w.AddSection("concat_block", PodSection(concat_block));
  w.AddSection("boundary", PodSection(boundary));
  w.AddSection("lm.knlm", knlm);
  if (want_cong) w.AddSection("lm.cong", cong.int8_blob);
  if (want_cong_fp32) w.AddSection("lm.cong-fp32", cong.fp32_blob);
  if (want_global) w.AddSection("lm.cong-global", cong.global_int8_blob);
  if (want_global_fp32) w.AddSection("lm.cong-global-fp32", cong.global_fp32_blob);
  w.AddSection("lm.tag", tag_lm);
  {
    // Run-time conjugation (user-dictionary stems, kma join): the stem
    // classes, the endings expanded and the rules (core/morph/conjugation.h).
    std::vector<SocketClass> classes(socket_desc.size(), SocketClass{});
    for (size_t s = 1; s < socket_desc.size(); ++s) {
      const auto& [tail, tag, irr, whole] = socket_desc[s];
      classes[s] = MakeSocketClass(tail, tag, irr, whole);
    }
    w.AddSection(std::string(kConjugationSection), EncodeConjugationSection(classes, rights, rules.source()));
  }
  w.SetMetadata("license", "CC-BY-SA-4.0");
  w.SetMetadata("attribution",
                "Trained on the KAIST treebank, UD Korean GSD and UD Korean KSL (CC BY-SA 4.0); lexicon from "
                "mecab-ko-dic, KOMORAN and khaiii resources (Apache-2.0) and the NIKL Basic Korean Dictionary "
                "via hunspell-dict-ko (CC BY-SA)");
  {
    std::string names = "knlm";
    if (want_cong) names += ",cong";
    if (want_global) names += ",cong-global";
    if (want_cong_fp32) names += ",cong-fp32";
    if (want_global_fp32) names += ",cong-global-fp32";
    w.SetMetadata("lms", names);
  }
  w.SetMetadata("default_lm", default_lm);
  if (want_cong || want_cong_fp32) {
    const CongTrainOptions& co = cfg.cong;
    if (want_global || want_global_fp32) w.SetMetadata("cong_global.window", std::to_string(CongGlobalView::kWindow));
    char lambda[32];
    std::snprintf(lambda, sizeof lambda, "%.3g", cfg.cong_class_lambda);
    for (const char* n : {"cong", "cong-fp32", "cong-global", "cong-global-fp32"}) w.SetMetadata(std::string(n) + ".class_lambda", lambda);
    w.SetMetadata("cong.dim", std::to_string(co.dim));
    w.SetMetadata("cong.context_len", std::to_string(co.max_context_len));
    w.SetMetadata("cong.min_count", std::to_string(co.min_count));
    w.SetMetadata("cong.epochs", std::to_string(co.epochs));
    w.SetMetadata("cong.contexts", std::to_string(cong.contexts));
    // Only when not plain int8, so default models keep their bytes.
    if (!co.storage.plain()) w.SetMetadata("cong.storage", co.storage.Name());
  }
  w.SetMetadata("knlm.order", std::to_string(ko.order));
  w.SetMetadata("tag_lm.order", std::to_string(tko.order));
  w.SetMetadata("builder", std::string("kma ") + kVersionString);
  KMA_RETURN_IF_ERROR(w.WriteFile(cfg.output_path));
  log("wrote " + cfg.output_path);
  return Status::Ok();
}

}  // namespace kma::build
