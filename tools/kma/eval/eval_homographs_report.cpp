// Text and JSON reports of `kma eval --weak --homographs` (see eval_weak.h).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "tools/kma/eval/eval_weak.h"
#include "tools/kma/io/json_report.h"

namespace kma::cli {
namespace {

using weak::ExampleKind;
using weak::HomographCount;

constexpr size_t kTextPairRows = 25;

ExampleKind KindAt(int k) { return static_cast<ExampleKind>(k); }

struct PairRow {
  std::string name;  // "걷 VV / 걸 VV" (the two names in byte order)
  HomographCount n;
};

// Every pair, most examples first (then by name, so the order is fixed).
std::vector<PairRow> PairRows(const weak::HomographSet& set, const weak::HomographTally& t) {
  std::vector<PairRow> rows;
  for (const auto& [pair, n] : t.pairs()) {
    std::string a = set.entry(pair.first).name, b = set.entry(pair.second).name;
    if (b < a) std::swap(a, b);
    rows.push_back({a + " / " + b, n});
  }
  std::sort(rows.begin(), rows.end(), [](const PairRow& x, const PairRow& y) {
    return x.n.examples != y.n.examples ? x.n.examples > y.n.examples : x.name < y.name;
  });
  return rows;
}

std::string Share(const HomographCount& n) { return ShareText(n.examples, n.agreement()); }

// The label last: names in Hangul do not pad to a column width.
void Row(const std::string& label, const HomographCount& n, std::string* out) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "  %9lld %9lld %9lld %9s  ", static_cast<long long>(n.examples),
                static_cast<long long>(n.headword), static_cast<long long>(n.agreed), Share(n).c_str());
  out->append(buf);
  out->append(label);
  out->push_back('\n');
}

void Header(const char* label, std::string* out) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "  %9s %9s %9s %9s  %s\n", "examples", "headword", "agreed", "agreement", label);
  out->append(buf);
}

void AddJsonCount(const HomographCount& n, Json* j) {
  (*j)["examples"] = n.examples;
  (*j)["headword"] = n.headword;
  (*j)["agreed"] = n.agreed;
  (*j)["agreement"] = n.examples == 0 ? Json(nullptr) : JsonNumber(n.agreement());
}

Json JsonCount(const HomographCount& n) {
  Json j = Json::object();
  AddJsonCount(n, &j);
  return j;
}

}  // namespace

std::string FormatHomographText(const WeakRunInfo& info, const HomographSetInfo& set_info,
                                const weak::HomographSet& set, const weak::HomographTally& t) {
  std::string out = "== homograph agreement: " + WeakTitle(info) + "\n";
  char buf[240];
  std::snprintf(buf, sizeof buf,
                "  homograph set: %zu examples in %zu pairs; held out: %zu examples in %zu pairs\n"
                "  %lld examples scored in %.1f s (%ld thread%s; %.1f s CPU)\n",
                set_info.examples, set_info.pairs, set_info.held_out, set_info.held_out_pairs,
                static_cast<long long>(t.overall().examples), info.seconds, info.threads,
                info.threads == 1 ? "" : "s", info.cpu_seconds);
  out.append(buf);
  out.append("  agreed: the analysis holds the headword and no rival reading; headword: it holds the headword\n");
  Header("kind", &out);
  Row("all", t.overall(), &out);
  for (int k = 0; k < weak::kNumExampleKinds; ++k)
    if (t.by_kind(KindAt(k)).examples > 0) Row(std::string(weak::KindName(KindAt(k))), t.by_kind(KindAt(k)), &out);
  std::vector<PairRow> rows = PairRows(set, t);
  out.append("  the pairs with the most examples (of " + std::to_string(rows.size()) + "):\n");
  Header("pair", &out);
  for (size_t i = 0; i < std::min(rows.size(), kTextPairRows); ++i) Row(rows[i].name, rows[i].n, &out);
  std::stable_sort(rows.begin(), rows.end(), [](const PairRow& x, const PairRow& y) {
    return x.n.examples - x.n.agreed > y.n.examples - y.n.agreed;
  });
  out.append("  the pairs with the most disagreeing examples:\n");
  Header("pair", &out);
  for (size_t i = 0; i < std::min(rows.size(), kTextPairRows) && rows[i].n.agreed < rows[i].n.examples; ++i)
    Row(rows[i].name, rows[i].n, &out);
  return out;
}

std::string FormatHomographJson(const WeakRunInfo& info, const HomographSetInfo& set_info,
                                const weak::HomographSet& set, const weak::HomographTally& t) {
  Json report = WeakJsonInfo(info);
  report["set"] = {{"examples", set_info.examples},
                   {"held_out", set_info.held_out},
                   {"pairs", set_info.pairs},
                   {"held_out_pairs", set_info.held_out_pairs}};
  AddJsonCount(t.overall(), &report);
  report["per_kind"] = JsonPerKind([&t](ExampleKind k) { return JsonCount(t.by_kind(k)); });
  Json pairs = Json::array();
  for (const PairRow& r : PairRows(set, t)) {
    Json p = {{"pair", r.name}};
    AddJsonCount(r.n, &p);
    pairs.push_back(std::move(p));
  }
  report["pairs"] = std::move(pairs);
  return JsonText(report) + "\n";
}

}  // namespace kma::cli
