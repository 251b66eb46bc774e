// --lexicon and --rules of the commands that build the homograph set
// (homograph_inputs.h).
#include "tools/kma/eval/homograph_inputs.h"

#include "tools/kma/io/line_reader.h"
#include "tools/kma/io/model_locator.h"

namespace kma::cli {

const char kHomographInputsHelp[] =
    "  --lexicon DIR  lexicon directory (lexicon.tsv, irregular.tsv) of the\n"
    "                homograph set (default for the kma of a build tree: the\n"
    "                shared data's lexicon/)\n"
    "  --rules FILE  morphological rule file of the homograph set (default for\n"
    "                the kma of a build tree: the source tree's\n"
    "                models/morph_rules.txt)\n";

int ResolveHomographInputs(const ArgParser& args, HomographInputs* out) {
  const bool dev_tree = RunningFromBuildTree();
  out->lexicon_dir = args.Get("lexicon", dev_tree ? std::string(KMA_SHARED_DATA_DIR_DEFAULT) + "/lexicon" : "");
  out->rules_path =
      args.Get("rules", dev_tree ? std::string(KMA_SOURCE_DIR_DEFAULT) + "/models/morph_rules.txt" : "");
  if (out->lexicon_dir.empty()) return Fail(kExitUsage, "no lexicon directory given (use --lexicon DIR)");
  if (!IsFile(out->lexicon_dir + "/lexicon.tsv") || !IsFile(out->lexicon_dir + "/irregular.tsv"))
    return Fail(kExitRuntime, out->lexicon_dir + ": lexicon.tsv and irregular.tsv not found (use --lexicon DIR)");
  if (out->rules_path.empty()) return Fail(kExitUsage, "no rule file given (use --rules FILE)");
  if (!IsFile(out->rules_path)) return Fail(kExitRuntime, out->rules_path + ": rule file not found (use --rules FILE)");
  return kExitOk;
}

}  // namespace kma::cli
