// Text and JSON reports of `kma eval --weak` (see eval_weak.h).
#include <cstdio>
#include <string>

#include "tools/kma/eval_weak.h"
#include "tools/kma/output_format.h"

namespace kma::cli {
namespace {

using weak::AgreementCount;
using weak::AgreementTally;
using weak::ExampleKind;
using weak::HeadwordClass;
using weak::Rule;

HeadwordClass Class(int c) { return static_cast<HeadwordClass>(c); }
ExampleKind Kind(int k) { return static_cast<ExampleKind>(k); }

std::string Share(const AgreementCount& n) { return ShareText(n.scored, n.agreement()); }

void Row(const std::string& label, const AgreementCount& n, std::string* out) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "  %-10s %9lld %9lld %9lld %9s\n", label.c_str(),
                static_cast<long long>(n.examples), static_cast<long long>(n.scored),
                static_cast<long long>(n.agreed), Share(n).c_str());
  out->append(buf);
}

void AppendRuleRows(const AgreementTally& t, std::string* out) {
  char buf[160];
  out->append("  rules that count (agreeing examples credited to the rule, and agreeing only by it):\n");
  for (int r = 0; r < weak::kNumRules; ++r) {
    const Rule rule = static_cast<Rule>(r);
    if (!weak::RuleAccepted(rule, t.plain()) || t.first_rule(rule) == 0) continue;
    std::snprintf(buf, sizeof buf, "  %-18s %9lld %9lld\n", std::string(weak::RuleName(rule)).c_str(),
                  static_cast<long long>(t.first_rule(rule)), static_cast<long long>(t.only_rule(rule)));
    out->append(buf);
  }
  bool header = false;
  for (int r = 0; r < weak::kNumRules; ++r) {
    const Rule rule = static_cast<Rule>(r);
    if (weak::RuleAccepted(rule, t.plain()) || t.rejected_rule(rule) == 0) continue;
    if (!header) out->append("  rules that do not count (scored examples without agreement they would add):\n");
    header = true;
    std::snprintf(buf, sizeof buf, "  %-18s %9lld\n", std::string(weak::RuleName(rule)).c_str(),
                  static_cast<long long>(t.rejected_rule(rule)));
    out->append(buf);
  }
}

void AppendJsonCount(const AgreementCount& n, std::string* out) {
  out->append("\"examples\":" + std::to_string(n.examples) + ",\"scored\":" + std::to_string(n.scored) +
              ",\"agreed\":" + std::to_string(n.agreed) + ",\"agreement\":");
  if (n.scored == 0) out->append("null");  // nothing to share
  else AppendJsonNumber(n.agreement(), out);
}

}  // namespace

std::string ShareText(int64_t count, double share) {
  char buf[16];
  if (count == 0) return "-";
  std::snprintf(buf, sizeof buf, "%.4f", share);
  return buf;
}

void AppendJsonPerKind(const std::function<void(weak::ExampleKind, std::string*)>& count, std::string* out) {
  out->append("\"per_kind\":{");
  for (int k = 0; k < weak::kNumExampleKinds; ++k) {
    if (k) out->push_back(',');
    AppendJsonString(weak::KindName(Kind(k)), out);
    out->append(":{");
    count(Kind(k), out);
    out->push_back('}');
  }
  out->push_back('}');
}

std::string WeakTitle(const WeakRunInfo& info) {
  std::string t = info.file;
  t += info.plain ? " (plain match" : " (measured convention";
  if (!info.lm.empty()) t += ", lm " + info.lm;
  if (info.held_out) t += ", held-out headwords";
  if (info.homographs) t += ", held-out homographs";
  if (info.kinds.size() < static_cast<size_t>(weak::kNumExampleKinds)) {
    t += ", kinds ";
    for (size_t i = 0; i < info.kinds.size(); ++i) t += (i ? "," : "") + info.kinds[i];
  }
  if (info.unfiltered) t += ", unfiltered";
  return t + ")";
}

void AppendWeakJsonInfo(const WeakRunInfo& info, std::string* out) {
  out->append("\"file\":");
  AppendJsonString(info.file, out);
  if (!info.lm.empty()) {
    out->append(",\"lm\":");
    AppendJsonString(info.lm, out);
  }
  out->append(info.plain ? ",\"convention\":\"plain\"" : ",\"convention\":\"measured\"");
  out->append(info.held_out ? ",\"held_out\":true" : ",\"held_out\":false");
  out->append(info.unfiltered ? ",\"unfiltered\":true" : ",\"unfiltered\":false");
  if (info.homographs) out->append(",\"homographs\":true");
  out->append(",\"kinds\":[");
  for (size_t i = 0; i < info.kinds.size(); ++i) {
    if (i) out->push_back(',');
    AppendJsonString(info.kinds[i], out);
  }
  out->append("],\"threads\":" + std::to_string(info.threads) + ",\"seconds\":");
  AppendJsonNumber(info.seconds, out);
  out->append(",\"cpu_seconds\":");
  AppendJsonNumber(info.cpu_seconds, out);
}


std::string FormatWeakText(const WeakRunInfo& info, const AgreementTally& t) {
  std::string out = "== headword agreement: " + WeakTitle(info) + "\n";
  char buf[200];
  const double rate = info.seconds > 0 ? double(t.overall().examples) / info.seconds : 0.0;
  std::snprintf(buf, sizeof buf, "  %lld examples in %.1f s (%.0f examples/s, %ld thread%s; %.1f s CPU)\n",
                static_cast<long long>(t.overall().examples), info.seconds, rate, info.threads,
                info.threads == 1 ? "" : "s", info.cpu_seconds);
  out.append(buf);
  std::snprintf(buf, sizeof buf, "  %-10s %9s %9s %9s %9s\n", "class", "examples", "scored", "agreed", "agreement");
  out.append(buf);
  Row("all", t.overall(), &out);
  for (int c = 0; c < weak::kNumHeadwordClasses; ++c)
    if (t.by_class(Class(c)).examples > 0) Row(std::string(weak::ClassName(Class(c))), t.by_class(Class(c)), &out);
  std::snprintf(buf, sizeof buf, "  %-10s %9s %9s %9s %9s\n", "kind", "examples", "scored", "agreed", "agreement");
  out.append(buf);
  for (int k = 0; k < weak::kNumExampleKinds; ++k)
    if (t.by_kind(Kind(k)).examples > 0) Row(std::string(weak::KindName(Kind(k))), t.by_kind(Kind(k)), &out);
  out.append("  agreement per class and kind (scored examples):\n");
  std::snprintf(buf, sizeof buf, "  %-10s %18s %18s %18s\n", "class", "sentence", "dialogue", "phrase");
  out.append(buf);
  for (int c = 0; c < weak::kNumHeadwordClasses; ++c) {
    if (t.by_class(Class(c)).examples == 0) continue;
    std::snprintf(buf, sizeof buf, "  %-10s", std::string(weak::ClassName(Class(c))).c_str());
    out.append(buf);
    for (int k = 0; k < weak::kNumExampleKinds; ++k) {
      const AgreementCount& n = t.by_class_kind(Class(c), Kind(k));
      std::snprintf(buf, sizeof buf, " %8s %9lld", Share(n).c_str(), static_cast<long long>(n.scored));
      out.append(buf);
    }
    out.push_back('\n');
  }
  AppendRuleRows(t, &out);
  return out;
}

std::string FormatWeakJson(const WeakRunInfo& info, const AgreementTally& t) {
  std::string out = "{";
  AppendWeakJsonInfo(info, &out);
  out.push_back(',');
  AppendJsonCount(t.overall(), &out);
  out.append(",\"per_class\":{");
  bool first = true;
  for (int c = 0; c < weak::kNumHeadwordClasses; ++c) {
    if (t.by_class(Class(c)).examples == 0) continue;
    if (!first) out.push_back(',');
    first = false;
    AppendJsonString(weak::ClassName(Class(c)), &out);
    out.append(":{");
    AppendJsonCount(t.by_class(Class(c)), &out);
    out.append(",\"per_kind\":{");
    for (int k = 0; k < weak::kNumExampleKinds; ++k) {
      if (k) out.push_back(',');
      AppendJsonString(weak::KindName(Kind(k)), &out);
      out.append(":{");
      AppendJsonCount(t.by_class_kind(Class(c), Kind(k)), &out);
      out.push_back('}');
    }
    out.append("}}");
  }
  out.append("},");
  AppendJsonPerKind([&t](ExampleKind k, std::string* o) { AppendJsonCount(t.by_kind(k), o); }, &out);
  out.append(",\"rules\":{");
  for (int r = 0; r < weak::kNumRules; ++r) {
    const Rule rule = static_cast<Rule>(r);
    if (r) out.push_back(',');
    AppendJsonString(weak::RuleName(rule), &out);
    out.append(std::string(":{\"counts\":") + (weak::RuleAccepted(rule, t.plain()) ? "true" : "false") +
               ",\"credited\":" + std::to_string(t.first_rule(rule)) + ",\"only\":" +
               std::to_string(t.only_rule(rule)) + ",\"would_add\":" + std::to_string(t.rejected_rule(rule)) + "}");
  }
  out.append("}}\n");
  return out;
}

std::string FormatUsageText(const WeakRunInfo& info, const weak::CorpusUsage& usage, bool plain) {
  std::string out = "== corpus usage of the headwords of " + WeakTitle(info) + "\n";
  char buf[200];
  std::snprintf(buf, sizeof buf, "  %zu entries, %.1f s\n", usage.entry_count(), info.seconds);
  out.append(buf);
  out.append("  share: of the occurrences of the headwords the rule applies to; seen: of those written\n"
             "  that way at least once (see weak::RuleUsage)\n");
  std::snprintf(buf, sizeof buf, "  %-9s %-18s %6s %11s %9s %10s %11s %7s %7s\n", "class", "rule", "counts",
                "occurrences", "headwords", "applicable", "exact occ.", "share", "seen");
  out.append(buf);
  for (int c = 0; c < weak::kNumHeadwordClasses; ++c) {
    for (int r = 0; r < weak::kNumRules; ++r) {
      const weak::RuleUsage u = usage.Usage(Class(c), static_cast<Rule>(r));
      if (u.applicable == 0) continue;
      std::snprintf(buf, sizeof buf, "  %-9s %-18s %6s %11lld %9lld %10lld %11lld %7.4f %7.4f\n",
                    std::string(weak::ClassName(Class(c))).c_str(),
                    std::string(weak::RuleName(static_cast<Rule>(r))).c_str(),
                    weak::RuleAccepted(static_cast<Rule>(r), plain) ? "yes" : "no",
                    static_cast<long long>(u.occurrences), static_cast<long long>(u.headwords),
                    static_cast<long long>(u.applicable), static_cast<long long>(u.exact_occurrences), u.share(),
                    u.seen_share());
      out.append(buf);
    }
  }
  return out;
}

std::string FormatUsageJson(const WeakRunInfo& info, const weak::CorpusUsage& usage, bool plain) {
  std::string out = "{";
  AppendWeakJsonInfo(info, &out);
  out.append(",\"entries\":" + std::to_string(usage.entry_count()) + ",\"usage\":[");
  bool first = true;
  for (int c = 0; c < weak::kNumHeadwordClasses; ++c) {
    for (int r = 0; r < weak::kNumRules; ++r) {
      const weak::RuleUsage u = usage.Usage(Class(c), static_cast<Rule>(r));
      if (u.applicable == 0) continue;
      if (!first) out.push_back(',');
      first = false;
      out.append("{\"class\":");
      AppendJsonString(weak::ClassName(Class(c)), &out);
      out.append(",\"rule\":");
      AppendJsonString(weak::RuleName(static_cast<Rule>(r)), &out);
      out.append(std::string(",\"counts\":") + (weak::RuleAccepted(static_cast<Rule>(r), plain) ? "true" : "false") +
                 ",\"occurrences\":" + std::to_string(u.occurrences) + ",\"headwords\":" +
                 std::to_string(u.headwords) + ",\"applicable\":" + std::to_string(u.applicable) +
                 ",\"exact_occurrences\":" + std::to_string(u.exact_occurrences) + ",\"exact_of_seen\":" +
                 std::to_string(u.exact_of_seen) + ",\"share\":");
      AppendJsonNumber(u.share(), &out);
      out.append(",\"seen_share\":");
      AppendJsonNumber(u.seen_share(), &out);
      out.push_back('}');
    }
  }
  out.append("]}\n");
  return out;
}

}  // namespace kma::cli
