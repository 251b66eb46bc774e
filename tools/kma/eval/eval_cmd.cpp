// `kma eval`: scores top-1 analyses against gold files (see eval_metrics.h
// for the metric). Reads per-source labels from GOLD's ".sources" sibling.

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/lm/factory.h"
#include "core/model/model.h"
#include "core/search/analyzer.h"
#include "core/search/gold_scorer.h"
#include "tools/kma/eval/eval_ambiguity.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/eval/eval_metrics.h"
#include "tools/kma/eval/eval_weak.h"
#include "tools/kma/eval/gold_convention.h"
#include "tools/kma/io/json_report.h"
#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/options/search_switches.h"
#include "tools/kma/io/output_format.h"

namespace kma::cli {
namespace {

constexpr const char kEvalUsage[] =
    "usage: kma eval [--model P] [--lm NAME] [--typos] [--train FILE] [--compare-lm NAME] [--raw-gold]\n"
    "                [--json] GOLD...\n"
    "\n"
    "Analyses the raw text of each gold line (top-1) and compares the morphemes\n"
    "with the gold ones by LCS alignment after normalisation. A gold line is\n"
    "raw text, TAB, then per-word columns or one column of \"form/TAG\" morphemes.\n"
    "The gold is mapped to kma's output convention as it is read (docs/\n"
    "CONVENTIONS.md: 같/VA ㄴ/ETM is 같/VA 은/ETM, 있/VA is 있/VV, ...), with the\n"
    "rules the model was built with; the report says how many gold morphemes\n"
    "each rule rewrote.\n"
    "  --raw-gold  score against the gold as written instead\n"
    "  --convention-model P  map the gold with the rules and dictionary of model P\n"
    "              instead of the scored model's (to score models of different\n"
    "              builders, or of different training data, against one gold)\n"
    "If GOLD's name with its extension replaced by .sources exists, its lines\n"
    "give each sentence's source and figures are also reported per source.\n"
    "  --model P   model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --lm NAME   language model of the model file to score with\n"
    "  --typos     typo-tolerant analysis (see 'kma analyze --help'; build a\n"
    "              misspelled gold set with 'kma typo-set')\n"
    "  --train FILE  training file: also report ambiguous-word accuracy, the\n"
    "              share of gold words right among those whose surface form\n"
    "              has two or more distinct analyses in FILE; when FILE and\n"
    "              GOLD both have sources, also where the predicted reading of\n"
    "              each wrong one stands in FILE: under other sources only\n"
    "              (another source's convention), under the sentence's own\n"
    "              source too, or nowhere\n"
    "  --compare-lm NAME  also analyse with this language model and report the\n"
    "              share of sentences whose top-1 analyses are identical\n"
    "Per-morpheme perplexity of the gold morphemes under the language model is\n"
    "always reported.\n"
    "  --json      print one JSON object instead of tables\n"
    "  -h, --help  show this help (--help-all: also the switches below)\n"
    "kma eval --weak FILE ...: headword agreement on dictionary usage examples\n"
    "(see 'kma eval --weak FILE --help').\n"
    "With --split it scores sentence splitting instead (see 'kma eval --split --help'),\n"
    "with --spacing spacing correction (see 'kma eval --spacing --help'), with --glue\n"
    "line gluing (see 'kma eval --glue --help').\n";

constexpr const char kEvalDevSwitches[] =
    "  --class-lambda X  weight of the morpheme LM against the tag-class model,\n"
    "              0 < X <= 1, 1 = no tag-class model (default: the value\n"
    "              the model stores for the LM)\n"
    "  --knlm-mix X  ensembles (cong+knlm, cong-global+knlm): weight of the\n"
    "              n-gram model, 0 < X < 1 (default 0.4; tuning aid)\n"
    "  --morph-penalty X  cost per morpheme in nats, 0..10 (tuning aid)\n";

constexpr size_t kTopConfusions = 20;

// Figures beyond the morpheme metric, overall and per source.
struct Extra {
  int64_t ambiguous = 0, ambiguous_right = 0;
  // Wrong ambiguous words by AmbiguityCause; `causes` says they were told
  // apart (the training file and the gold file have sources).
  int64_t wrong_by_cause[kAmbiguityCauses] = {};
  bool causes = false;
  double logprob = 0;
  int64_t lm_tokens = 0;
  double perplexity() const { return lm_tokens > 0 ? std::exp(-logprob / double(lm_tokens)) : 0.0; }
  double ambiguous_accuracy() const { return ambiguous > 0 ? double(ambiguous_right) / double(ambiguous) : 0.0; }
  void Merge(const Extra& o) {
    ambiguous += o.ambiguous;
    ambiguous_right += o.ambiguous_right;
    for (int c = 0; c < kAmbiguityCauses; ++c) wrong_by_cause[c] += o.wrong_by_cause[c];
    causes |= o.causes;
    logprob += o.logprob;
    lm_tokens += o.lm_tokens;
  }
};

// The figures of one gold file, or (merged) of all of them.
struct FileResult {
  std::string name;
  EvalAccumulator acc;
  build::ConventionCounts mapped;  // the gold's rewrites to kma's convention
  double seconds = 0;  // analysis time only
  Extra all;
  std::map<std::string, Extra> per_source;
  int64_t compared = 0, identical = 0;  // --compare-lm
  double gold_diff_sq = 0;              // Σ over sentences of (log P_lm − log P_compare)² of the gold
  void Merge(const FileResult& o) {
    acc.Merge(o.acc);
    all.Merge(o.all);
    compared += o.compared;
    identical += o.identical;
    gold_diff_sq += o.gold_diff_sq;
    mapped.Merge(o.mapped);
    for (const auto& [src, e] : o.per_source) per_source[src].Merge(e);
    seconds += o.seconds;
  }
};

struct EvalContext {
  const GoldScorer* scorer = nullptr;
  const GoldConvention* convention = nullptr;  // null with --raw-gold
  const AmbiguityIndex* ambiguity = nullptr;  // null without --train
  Analyzer* compare = nullptr;                // null without --compare-lm
  const GoldScorer* compare_scorer = nullptr;
  AnalyzeOptions compare_options;
};

double MsPerSentence(const EvalCounts& c, double seconds) {
  return c.sentences > 0 ? seconds * 1000.0 / c.sentences : 0.0;
}

// Buffers reused from one gold line to the next.
struct LineScratch {
  std::string raw;
  std::vector<Morph> gold_morphs, pred_morphs;
  std::vector<Analysis> analyses, compare_analyses;
  std::vector<std::string> words;
  bool per_word = false;  // the line has one column per word: `words`, `word_analyses`
  std::vector<std::vector<Morph>> word_analyses, pred_words;
  std::vector<std::pair<std::string, std::string>> lm_morphs;
};

// True if both top-1 analyses have the same tokens (form, tag, offset).
bool SameTop1(const std::vector<Analysis>& a, const std::vector<Analysis>& b) {
  bool same = !a.empty() && !b.empty() && a[0].tokens.size() == b[0].tokens.size();
  for (size_t i = 0; same && i < a[0].tokens.size(); ++i)
    same = a[0].tokens[i].form == b[0].tokens[i].form && a[0].tokens[i].tag == b[0].tokens[i].tag &&
           a[0].tokens[i].begin == b[0].tokens[i].begin;
  return same;
}

// The gold LM figures of one line and, with --train, its ambiguous words
// (and with sources on both sides, why the wrong ones are wrong).
Extra LineExtra(const std::string& source, const EvalContext& ctx, LineScratch* s, FileResult* result) {
  Extra ex;
  s->lm_morphs.clear();
  for (const Morph& m : s->gold_morphs) s->lm_morphs.emplace_back(m.form, m.tag);
  size_t lm_tokens = 0;
  ex.logprob = ctx.scorer->SentenceLogProb(s->lm_morphs, &lm_tokens);
  if (ctx.compare_scorer != nullptr) {
    size_t other_tokens = 0;
    const double d = ex.logprob - ctx.compare_scorer->SentenceLogProb(s->lm_morphs, &other_tokens);
    result->gold_diff_sq += d * d;
  }
  ex.lm_tokens = static_cast<int64_t>(lm_tokens);
  if (ctx.ambiguity != nullptr && !s->analyses.empty() && s->per_word) {
    s->pred_words.assign(s->words.size(), {});
    for (const Token& t : s->analyses[0].tokens)
      if (t.word < s->pred_words.size()) s->pred_words[t.word].push_back(Morph{t.form, std::string(TagName(t.tag))});
    ex.causes = ctx.ambiguity->has_sources() && !source.empty();
    for (size_t w = 0; w < s->words.size(); ++w) {
      if (!ctx.ambiguity->IsAmbiguous(s->words[w])) continue;
      ++ex.ambiguous;
      const std::string predicted = AnalysisKey(s->pred_words[w]);
      if (predicted == AnalysisKey(s->word_analyses[w])) {
        ++ex.ambiguous_right;
      } else if (ex.causes) {
        ++ex.wrong_by_cause[static_cast<int>(ctx.ambiguity->Cause(s->words[w], predicted, source))];
      }
    }
  }
  return ex;
}

// The gold of one line in kma's convention (gold_convention.h).
void MapGold(const GoldConvention& convention, LineScratch* s, build::ConventionCounts* counts) {
  if (!s->per_word) {
    convention.MapFlat(&s->gold_morphs, counts);
    return;
  }
  convention.MapWords(&s->word_analyses, counts);
  s->gold_morphs.clear();
  for (const std::vector<Morph>& w : s->word_analyses) s->gold_morphs.insert(s->gold_morphs.end(), w.begin(), w.end());
}

// Analyses and scores one non-blank gold line; returns an exit code (errors
// already printed). `source` is "" without a .sources file.
int EvalLine(const LineReader& gold, std::string_view line, const std::string& source, Analyzer* analyzer,
             const AnalyzeOptions& opt, const EvalContext& ctx, LineScratch* s, FileResult* result) {
  std::string error;
  if (!ParseGoldLine(line, &s->raw, &s->gold_morphs, &error))
    return Fail(kExitRuntime, gold.name() + ":" + std::to_string(gold.line_number()) + ": " + error);
  s->per_word = SplitGoldWords(line, &s->words, &s->word_analyses);
  if (ctx.convention != nullptr) MapGold(*ctx.convention, s, &result->mapped);
  auto start = std::chrono::steady_clock::now();
  Status st = analyzer->AnalyzeUtf8(s->raw, opt, &s->analyses);
  result->seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!st.ok()) return Fail(kExitRuntime, LineErrorMessage(gold, st));
  s->pred_morphs.clear();
  if (!s->analyses.empty())
    for (const Token& t : s->analyses[0].tokens) s->pred_morphs.push_back(Morph{t.form, std::string(TagName(t.tag))});
  result->acc.AddSentence(s->gold_morphs, s->pred_morphs, source);
  if (ctx.compare != nullptr) {
    Status cst = ctx.compare->AnalyzeUtf8(s->raw, ctx.compare_options, &s->compare_analyses);
    if (!cst.ok()) return Fail(kExitRuntime, LineErrorMessage(gold, cst));
    ++result->compared;
    result->identical += SameTop1(s->analyses, s->compare_analyses);
  }
  const Extra ex = LineExtra(source, ctx, s, result);
  result->all.Merge(ex);
  if (!source.empty()) result->per_source[source].Merge(ex);
  return kExitOk;
}

// Evaluates one gold file; returns an exit code (errors already printed).
int EvalFile(const std::string& path, Analyzer* analyzer, const AnalyzeOptions& opt, const EvalContext& ctx,
             FileResult* result) {
  result->name = path;
  std::string error;
  LineReader gold;
  if (!gold.Open(path, &error)) return Fail(kExitUsage, error);
  LineReader sources;
  const std::string sources_path = SourcesPathFor(path);
  bool has_sources = path != "-" && IsFile(sources_path);
  if (has_sources && !sources.Open(sources_path, &error)) return Fail(kExitRuntime, error);

  LineScratch scratch;
  std::string_view line, source_line;
  while (gold.Next(&line)) {
    // Sources align with physical gold lines, blank ones included.
    std::string source;
    if (has_sources) {
      if (!sources.Next(&source_line)) return Fail(kExitRuntime, sources_path + ": fewer lines than " + path);
      source.assign(source_line);
    }
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    // No .sources file: no per-source entry; a blank source line: "(none)".
    if (has_sources && source.empty()) source = "(none)";
    if (int rc = EvalLine(gold, line, source, analyzer, opt, ctx, &scratch, result); rc != kExitOk) return rc;
  }
  if (!gold.error().empty()) return Fail(kExitRuntime, gold.error());
  if (has_sources && sources.Next(&source_line) && !source_line.empty())
    return Fail(kExitRuntime, sources_path + ": more lines than " + path);
  return kExitOk;
}

void AddJsonCounts(const EvalCounts& c, Json* j) {
  (*j)["sentences"] = c.sentences;
  (*j)["precision"] = JsonNumber(c.precision());
  (*j)["recall"] = JsonNumber(c.recall());
  (*j)["f1"] = JsonNumber(c.f1());
  (*j)["sentence_accuracy"] = JsonNumber(c.sentence_accuracy());
}

void AddJsonExtra(const Extra& e, bool with_ambiguity, Json* j) {
  (*j)["perplexity"] = JsonNumber(e.perplexity());
  if (!with_ambiguity) return;
  (*j)["ambiguous_words"] = e.ambiguous;
  (*j)["ambiguous_word_accuracy"] = JsonNumber(e.ambiguous_accuracy());
  if (!e.causes) return;
  (*j)["ambiguous_errors"] = {{"other_source", e.wrong_by_cause[0]},
                              {"same_source", e.wrong_by_cause[1]},
                              {"unattested", e.wrong_by_cause[2]}};
}

// "gold_convention": whether the gold was mapped and what each rule rewrote.
void AddJsonConvention(bool mapped, const build::ConventionCounts& c, Json* j) {
  Json rules = Json::object();
  for (int r = 0; r < build::kConventionRules; ++r) {
    const auto rule = static_cast<build::ConventionRule>(r);
    rules[std::string(build::ConventionRuleName(rule))] = c[rule];
  }
  (*j)["gold_convention"] = {{"mapped", mapped}, {"rewrites", c.total()}, {"rules", std::move(rules)}};
}

// One line: what the gold's mapping rewrote.
void AppendTextConvention(bool mapped, const build::ConventionCounts& c, std::string* out) {
  if (!mapped) {
    out->append("gold scored as written (--raw-gold)\n");
    return;
  }
  out->append("gold mapped to kma's convention (docs/CONVENTIONS.md): " + std::to_string(c.total()) +
              " rewrites");
  for (int r = 0; r < build::kConventionRules; ++r) {
    const auto rule = static_cast<build::ConventionRule>(r);
    if (c[rule] > 0) out->append(", " + std::string(build::ConventionRuleName(rule)) + " " + std::to_string(c[rule]));
  }
  out->append("\n");
}

// Keys shared by the top-level object and the per-file objects.
void AddJsonResult(const EvalAccumulator& acc, double seconds, const Extra& all,
                   const std::map<std::string, Extra>& extra, bool amb, Json* j) {
  AddJsonCounts(acc.overall(), j);
  AddJsonExtra(all, amb, j);
  (*j)["ms_per_sentence"] = JsonNumber(MsPerSentence(acc.overall(), seconds));
  Json per_source = Json::object();
  for (const auto& [src, c] : acc.per_source()) {
    Json s = Json::object();
    AddJsonCounts(c, &s);
    auto it = extra.find(src);
    AddJsonExtra(it != extra.end() ? it->second : Extra{}, amb, &s);
    per_source[src] = std::move(s);
  }
  (*j)["per_source"] = std::move(per_source);
  Json confusions = Json::array();
  for (const auto& [key, n] : TopConfusions(acc.confusions(), kTopConfusions)) {
    confusions.push_back(
        {{"gold", key.gold}, {"predicted", key.predicted}, {"tag_only", key.tag_only}, {"count", n}});
  }
  (*j)["confusions"] = std::move(confusions);
}

void AppendTableRow(const std::string& label, const EvalCounts& c, std::string* out) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "  %-12s %9lld %9.4f %9.4f %9.4f %9.4f\n", label.c_str(),
                static_cast<long long>(c.sentences), c.precision(), c.recall(), c.f1(),
                c.sentence_accuracy());
  out->append(buf);
}

void AppendExtraRow(const std::string& label, const Extra& e, bool amb, std::string* out) {
  char buf[160];
  if (amb)
    std::snprintf(buf, sizeof buf, "  %-12s %9.2f %9lld %9.4f\n", label.c_str(), e.perplexity(),
                  static_cast<long long>(e.ambiguous), e.ambiguous_accuracy());
  else
    std::snprintf(buf, sizeof buf, "  %-12s %9.2f\n", label.c_str(), e.perplexity());
  out->append(buf);
}

void AppendCauseRow(const std::string& label, const Extra& e, std::string* out) {
  char buf[160];
  const int64_t* w = e.wrong_by_cause;
  std::snprintf(buf, sizeof buf, "  %-12s %9lld %9lld %9lld %9lld\n", label.c_str(),
                static_cast<long long>(w[0] + w[1] + w[2]), static_cast<long long>(w[0]),
                static_cast<long long>(w[1]), static_cast<long long>(w[2]));
  out->append(buf);
}

void AppendTextResult(const std::string& title, const EvalAccumulator& acc, double seconds, const Extra& all,
                      const std::map<std::string, Extra>& extra, bool amb, const std::string& lm,
                      bool with_confusions, std::string* out) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "== %s (lm %s, %.3f ms/sentence)\n", title.c_str(),
                lm.c_str(), MsPerSentence(acc.overall(), seconds));
  out->append(buf);
  std::snprintf(buf, sizeof buf, "  %-12s %9s %9s %9s %9s %9s\n", "", "sentences",
                "precision", "recall", "f1", "sent.acc");
  out->append(buf);
  AppendTableRow("all", acc.overall(), out);
  for (const auto& [src, c] : acc.per_source()) AppendTableRow(src, c, out);
  std::snprintf(buf, sizeof buf, amb ? "  %-12s %9s %9s %9s\n" : "  %-12s %9s\n", "", "perplexity", "ambiguous",
                "amb.acc");
  out->append(buf);
  AppendExtraRow("all", all, amb, out);
  for (const auto& [src, e] : extra) AppendExtraRow(src, e, amb, out);
  if (amb && all.causes) {
    // Where the predicted reading of each wrong ambiguous word stands in
    // the training file (AmbiguityCause).
    std::snprintf(buf, sizeof buf, "  %-12s %9s %9s %9s %9s\n", "", "amb.wrong", "other-src", "same-src", "unseen");
    out->append(buf);
    AppendCauseRow("all", all, out);
    for (const auto& [src, e] : extra) AppendCauseRow(src, e, out);
  }
  if (!with_confusions) return;
  out->append("  top confusions (gold -> predicted):\n");
  for (const auto& [key, n] : TopConfusions(acc.confusions(), kTopConfusions)) {
    std::snprintf(buf, sizeof buf, "  %8lld  ", static_cast<long long>(n));
    out->append(buf);
    if (key.tag_only) out->append("[tag] ");
    out->append(key.gold + " -> " + key.predicted + "\n");
  }
}

// The analysis options from the switches; the LM scored with in `*lm`.
// Returns an exit code (errors already printed).
int ParseEvalOptions(const ArgParser& args, const Model& model, AnalyzeOptions* opt, std::string* lm) {
  opt->top_n = 1;
  opt->lm = args.Get("lm");
  if (args.Has("class-lambda")) {
    char* end = nullptr;
    const std::string v = args.Get("class-lambda");
    opt->class_lambda = std::strtof(v.c_str(), &end);
    if (v.empty() || *end != '\0' || !(opt->class_lambda > 0.0f && opt->class_lambda <= 1.0f))
      return Fail(kExitUsage, "--class-lambda must be a number between 0 and 1");
  }
  if (args.Has("morph-penalty")) {
    char* end = nullptr;
    const std::string v = args.Get("morph-penalty");
    opt->morph_penalty = std::strtof(v.c_str(), &end);
    if (v.empty() || *end != '\0' || !(opt->morph_penalty >= 0.0f && opt->morph_penalty <= 10.0f))
      return Fail(kExitUsage, "--morph-penalty must be a number in 0..10");
  }
  std::string error;
  if (!ApplySearchSwitches(args, opt, &error)) return Fail(kExitUsage, error);
  *lm = opt->lm.empty() ? model.default_lm() : opt->lm;
  if (args.Has("knlm-mix")) {
    if (!lm::LmRegistry::IsEnsemble(*lm) || !model.has_lm(*lm))
      return Fail(kExitUsage,
                  "--knlm-mix needs an ensemble language model (cong+knlm, cong-global+knlm), not '" + *lm + "'");
    if (!ParseFloatInRange(args.Get("knlm-mix"), 0.0f, 1.0f, &opt->knlm_mix) ||
        !(opt->knlm_mix > 0.0f && opt->knlm_mix < 1.0f))
      return Fail(kExitUsage, "--knlm-mix must be a number between 0 and 1 (exclusive)");
  }
  return kExitOk;
}

// What EvalContext points to: the gold scorer, --train's ambiguity index and
// --compare-lm's analyzer and scorer.
struct EvalSetup {
  std::unique_ptr<GoldScorer> scorer, compare_scorer;
  std::shared_ptr<const Model> convention_model;  // --convention-model
  std::unique_ptr<GoldConvention> convention;
  AmbiguityIndex ambiguity;
  std::unique_ptr<Analyzer> compare;
  EvalContext ctx;
};

int SetUpEval(const ArgParser& args, const std::shared_ptr<const Model>& model, const AnalyzeOptions& opt,
              const std::string& lm, EvalSetup* setup) {
  AnalyzeOptions gold = opt;
  gold.lm = lm;
  setup->scorer = std::make_unique<GoldScorer>(model, gold);
  setup->ctx.scorer = setup->scorer.get();
  if (!args.Has("raw-gold")) {
    setup->convention_model = model;
    if (args.Has("convention-model")) {
      if (int rc = OpenModel(args.Get("convention-model"), "", &setup->convention_model); rc != kExitOk) return rc;
    }
    setup->convention = GoldConvention::ForModel(*setup->convention_model);
    if (setup->convention == nullptr)
      return Fail(kExitUsage, "the model carries no conjugation rules to map the gold with: use --raw-gold");
    setup->ctx.convention = setup->convention.get();
  }
  std::string error;
  if (args.Has("train")) {
    // The training file's readings in the same convention as the gold's.
    AmbiguityIndex::MapFn map;
    if (setup->convention != nullptr) {
      build::ConventionCounts ignored;
      map = [&c = *setup->convention, ignored](std::vector<std::vector<Morph>>* words) mutable {
        c.MapWords(words, &ignored);
      };
    }
    if (!CanOpenFile(args.Get("train"), &error)) return Fail(kExitUsage, "--train: " + error);
    if (!setup->ambiguity.Load(args.Get("train"), &error, map)) return Fail(kExitRuntime, error);
    setup->ctx.ambiguity = &setup->ambiguity;
  }
  if (args.Has("compare-lm")) {
    const std::string other = args.Get("compare-lm");
    std::vector<std::string> names = model->lm_names();
    if (std::find(names.begin(), names.end(), other) == names.end())
      return Fail(kExitUsage, "model has no language model '" + other + "'");
    setup->compare = std::make_unique<Analyzer>(model);
    setup->ctx.compare = setup->compare.get();
    setup->ctx.compare_options = opt;
    setup->ctx.compare_options.lm = other;
    AnalyzeOptions compare_gold;  // the LM's own weights
    compare_gold.lm = other;
    setup->compare_scorer = std::make_unique<GoldScorer>(model, compare_gold);
    setup->ctx.compare_scorer = setup->compare_scorer.get();
  }
  return kExitOk;
}

// How far apart the two LMs score the same text: the root mean square,
// over gold sentences, of the difference of their log-probabilities.
double GoldRms(const FileResult& total) {
  return total.compared > 0 ? std::sqrt(total.gold_diff_sq / double(total.compared)) : 0.0;
}

double IdenticalShare(const FileResult& total) {
  return total.compared > 0 ? double(total.identical) / double(total.compared) : 0.0;
}

// The JSON report; `compare_lm` is "" without --compare-lm.
std::string JsonReport(const std::vector<FileResult>& results, const FileResult& total, const std::string& lm,
                       const std::string& compare_lm, bool amb, bool mapped) {
  Json report = Json::object();
  AddJsonResult(total.acc, total.seconds, total.all, total.per_source, amb, &report);
  AddJsonConvention(mapped, total.mapped, &report);
  report["lm"] = lm;
  if (!compare_lm.empty()) {
    report["compare_lm"] = compare_lm;
    report["identical_top1_share"] = JsonNumber(IdenticalShare(total));
    report["gold_logprob_rms_diff"] = JsonNumber(GoldRms(total));
  }
  Json files = Json::array();
  for (const FileResult& r : results) {
    Json f = {{"file", r.name}};
    AddJsonResult(r.acc, r.seconds, r.all, r.per_source, amb, &f);
    AddJsonConvention(mapped, r.mapped, &f);
    files.push_back(std::move(f));
  }
  report["files"] = std::move(files);
  return JsonText(report) + "\n";
}

// The text report; `compare_lm` is "" without --compare-lm.
std::string TextReport(const std::vector<FileResult>& results, const FileResult& total, const std::string& lm,
                       const std::string& compare_lm, bool amb, bool mapped) {
  std::string out;
  const bool many = results.size() > 1;
  for (const FileResult& r : results) AppendTextResult(r.name, r.acc, r.seconds, r.all, r.per_source, amb, lm, !many, &out);
  if (many) AppendTextResult("overall", total.acc, total.seconds, total.all, total.per_source, amb, lm, true, &out);
  AppendTextConvention(mapped, total.mapped, &out);
  if (!compare_lm.empty()) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "identical top-1 analyses, lm %s vs %s: %lld of %lld sentences (%.2f%%)\n",
                  lm.c_str(), compare_lm.c_str(), static_cast<long long>(total.identical),
                  static_cast<long long>(total.compared),
                  total.compared > 0 ? 100.0 * double(total.identical) / double(total.compared) : 0.0);
    out.append(buf);
    std::snprintf(buf, sizeof buf, "gold sentence log-probability, lm %s vs %s: rms difference %.4f nats\n",
                  lm.c_str(), compare_lm.c_str(), GoldRms(total));
    out.append(buf);
  }
  return out;
}

}  // namespace

int RunEval(int argc, char** argv, int first) {
  if (WantsEvalWeak(argc, argv, first)) return RunEvalWeak(argc, argv, first);
  for (int i = first; i < argc && std::string(argv[i]) != "--"; ++i) {
    if (std::string(argv[i]) == "--split") return RunEvalSplit(argc, argv, first);
    if (std::string(argv[i]) == "--spacing") return RunEvalSpacing(argc, argv, first);
    if (std::string(argv[i]) == "--glue") return RunEvalGlue(argc, argv, first);
  }
  std::vector<OptionSpec> specs = {{"model", 0, true},        {"lm", 0, true},           {"train", 0, true},
                                   {"compare-lm", 0, true},   {"class-lambda", 0, true}, {"knlm-mix", 0, true},
                                   {"morph-penalty", 0, true}, {"json", 0, false},    {"raw-gold", 0, false},
                                   {"convention-model", 0, true}};
  for (const OptionSpec& s : SearchSwitchSpecs()) specs.push_back(s);
  ArgParser args(std::move(specs));
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma eval --help')");
  if (args.help()) return PrintHelp(args, "eval", kEvalUsage, (kEvalDevSwitches + SearchSwitchHelp()).c_str());
  if (args.positionals().empty()) return Fail(kExitUsage, "eval needs at least one GOLD file (see 'kma eval --help')");
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), args.Get("lm"), &model); rc != kExitOk) return rc;
  Analyzer analyzer(model);
  AnalyzeOptions opt;
  std::string lm;
  if (int rc = ParseEvalOptions(args, *model, &opt, &lm); rc != kExitOk) return rc;
  EvalSetup setup;
  if (int rc = SetUpEval(args, model, opt, lm, &setup); rc != kExitOk) return rc;

  std::vector<FileResult> results(args.positionals().size());
  FileResult total;
  for (size_t i = 0; i < results.size(); ++i) {
    if (int rc = EvalFile(args.positionals()[i], &analyzer, opt, setup.ctx, &results[i]); rc != kExitOk) return rc;
    total.Merge(results[i]);
  }
  const std::string compare_lm = setup.compare ? args.Get("compare-lm") : std::string();
  const bool amb = setup.ctx.ambiguity != nullptr;
  const bool mapped = setup.ctx.convention != nullptr;
  WriteStdout(args.Has("json") ? JsonReport(results, total, lm, compare_lm, amb, mapped)
                               : TextReport(results, total, lm, compare_lm, amb, mapped));
  if (!FlushStdout()) return Fail(kExitRuntime, StdoutError());
  return kExitOk;
}

}  // namespace kma::cli
