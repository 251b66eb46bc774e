// `kma lm`: look inside a model's language models (core/model/lm_introspection.h).
#include <cstdio>
#include <string>
#include <vector>

#include "core/model/lm_introspection.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/io/model_locator.h"
#include "tools/kma/io/output_format.h"

namespace kma::cli {
namespace {

constexpr const char kLmUsage[] =
    "usage: kma lm next|similar|context [--model P] [--lm NAME] [-k N] MORPHEMES\n"
    "\n"
    "MORPHEMES are \"form/TAG\" separated by spaces (one argument, quoted), a\n"
    "history from the start of a sentence.\n"
    "  next      the N most likely next morphemes, with log-probabilities\n"
    "  similar   the N morphemes whose CoNg output embeddings are closest to\n"
    "            the one given (cosine similarity)\n"
    "  context   the context id the history maps to and how many morphemes\n"
    "            it covers\n"
    "Morphemes the LM has no own entry for stand for their tag class \"<TAG>\".\n"
    "  --model P   model file (default: $KMA_MODEL, else the bundled model)\n"
    "  --lm NAME   language model (default: the model's default)\n"
    "  -k N        number of results, 1..1000 (default 10)\n"
    "  -h, --help  show this help\n";

}  // namespace

int RunLm(int argc, char** argv, int first) {
  ArgParser args({{"model", 0, true}, {"lm", 0, true}, {"k", 'k', true}});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) return Fail(kExitUsage, error + " (see 'kma lm --help')");
  if (args.help()) {
    std::fputs(kLmUsage, stdout);
    return kExitOk;
  }
  const std::vector<std::string>& pos = args.positionals();
  if (pos.empty() || (pos[0] != "next" && pos[0] != "similar" && pos[0] != "context"))
    return Fail(kExitUsage, "lm needs a subcommand: next, similar or context (see 'kma lm --help')");
  if (pos.size() > 2) return Fail(kExitUsage, "quote the morphemes as one argument");
  const std::string what = pos[0], morphs = pos.size() > 1 ? pos[1] : "";
  long k = 10;
  if (!ParseIntInRange(args.Get("k", "10"), 1, 1000, &k)) return Fail(kExitUsage, "-k must be an integer in 1..1000");
  std::shared_ptr<const Model> model;
  if (int rc = OpenModel(args.Get("model"), args.Get("lm"), &model); rc != kExitOk) return rc;
  auto in = LmIntrospector::Create(model, args.Get("lm"));
  if (!in.ok()) return Fail(kExitUsage, in.status().message());
  const LmIntrospector& lm = *in.value();
  std::string out;
  if (what == "context") {
    uint32_t id, len;
    Status st = lm.ContextId(morphs, &id, &len);
    if (!st.ok()) return Fail(kExitUsage, st.message());
    out = "context " + std::to_string(id) + " (lm " + lm.lm_name() + ", covers the last " + std::to_string(len) +
          " tokens)\n";
  } else {
    std::vector<LmItem> items;
    Status st = what == "next" ? lm.PredictNext(morphs, static_cast<size_t>(k), &items)
                               : lm.MostSimilar(morphs, static_cast<size_t>(k), &items);
    if (!st.ok()) return Fail(st.code() == StatusCode::kUnsupported ? kExitRuntime : kExitUsage, st.message());
    char buf[64];
    for (const LmItem& it : items) {
      std::snprintf(buf, sizeof buf, "\t%.4f\n", it.score);
      out += lm.vocabulary().Label(it.token) + buf;
    }
  }
  WriteStdout(out);
  return FlushStdout() ? kExitOk : Fail(kExitRuntime, StdoutError());
}

}  // namespace kma::cli
