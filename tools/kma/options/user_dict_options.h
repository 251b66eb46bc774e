// The user-dictionary options the analysing commands share: --user-dict
// FILE, --block LIST (tags and form/TAG morphemes no analysis may contain)
// and --tags LIST (the tags the output keeps).
#ifndef KMA_TOOLS_KMA_USER_DICT_OPTIONS_H_
#define KMA_TOOLS_KMA_USER_DICT_OPTIONS_H_

#include <cstdint>
#include <memory>
#include <string>

#include "core/model/model.h"
#include "core/userdict/user_dictionary.h"

namespace kma::cli {

// Help lines of the three options, for the commands' usage texts.
extern const char kUserDictHelp[];

// Builds the user dictionary of --user-dict `file` (may be empty) and
// --block `block` (comma-separated; may be empty) for `model`; *out stays
// null when both are empty. Returns kExitOk, or prints the error (with
// FILE:LINE:COLUMN for a bad line) and returns the exit code.
int LoadUserDictOptions(const std::shared_ptr<const Model>& model, const std::string& file,
                        const std::string& block, std::shared_ptr<const UserDictionary>* out);

// Parses --tags (comma-separated tag names) into a PosTag bit mask.
// Returns kExitOk, or prints the error and returns kExitUsage.
int ParseTagList(const std::string& list, uint64_t* mask);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_USER_DICT_OPTIONS_H_
