// Where `kma silver` and `kma eval --weak --homographs` find what the
// homograph set (tools/builder/weak/homograph_set.h) is built from besides
// the examples: --lexicon DIR (lexicon.tsv, irregular.tsv) and --rules FILE
// (the morphophonological rules). Both default, for the kma of a build tree
// only, to the files `kma build-model` reads by default: the shared data's
// lexicon and the source tree's models/morph_rules.txt.
#ifndef KMA_TOOLS_KMA_HOMOGRAPH_INPUTS_H_
#define KMA_TOOLS_KMA_HOMOGRAPH_INPUTS_H_

#include <string>

#include "tools/kma/options/cli_args.h"

namespace kma::cli {

struct HomographInputs {
  std::string lexicon_dir, rules_path;
};

// The option specs to add to a command's parser.
inline const OptionSpec kLexiconOption{"lexicon", 0, true};
inline const OptionSpec kRulesOption{"rules", 0, true};

// Help lines of the two options, for a command's usage text.
extern const char kHomographInputsHelp[];

// The paths from `args` or their defaults; kExitOk, or the exit code after
// printing the error (a missing directory or file).
int ResolveHomographInputs(const ArgParser& args, HomographInputs* out);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_HOMOGRAPH_INPUTS_H_
