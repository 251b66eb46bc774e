#include "tools/kma/options/user_dict_options.h"

#include <string_view>
#include <vector>

#include "core/base/text_file.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/io/line_reader.h"

namespace kma::cli {
namespace {

std::vector<std::string> SplitCommas(const std::string& list) {
  std::vector<std::string> out;
  size_t b = 0;
  while (b <= list.size()) {
    size_t e = list.find(',', b);
    if (e == std::string::npos) e = list.size();
    if (e > b) out.push_back(list.substr(b, e - b));
    b = e + 1;
  }
  return out;
}

}  // namespace

const char kUserDictHelp[] =
    "  --user-dict F  a user dictionary file (UTF-8 TSV: words, pre-analysed words,\n"
    "                 stems, !pattern and !block lines; docs/USER_DICTIONARY.md)\n"
    "  --block LIST   comma-separated tags (SL) and morphemes (form/TAG) that no\n"
    "                 analysis may contain\n"
    "  --tags LIST    comma-separated tags the output keeps (e.g. NNG,NNP,VV,VA);\n"
    "                 the analysis is the same, other tokens are left out\n";

int LoadUserDictOptions(const std::shared_ptr<const Model>& model, const std::string& file,
                        const std::string& block, std::shared_ptr<const UserDictionary>* out) {
  out->reset();
  if (file.empty() && block.empty()) return kExitOk;
  UserDictionaryBuilder builder(model);
  if (!file.empty()) {
    // A file that cannot be opened is a usage error; one that cannot be read
    // to its end, or with bad lines, a data error.
    std::string why;
    if (!CanOpenFile(file, &why)) return Fail(kExitUsage, "--user-dict: " + why);
    std::string text;
    Status st = ReadTextFile(file, kMaxUserDictFileBytes, "user dictionary", &text);
    if (st.ok()) st = builder.LoadTsv(text, file);
    if (!st.ok()) return Fail(kExitRuntime, st.message());
  }
  for (const std::string& item : SplitCommas(block)) {
    const size_t slash = item.rfind('/');
    const std::string form = slash == std::string::npos ? "" : item.substr(0, slash);
    const std::string tag_name = slash == std::string::npos ? item : item.substr(slash + 1);
    PosTag tag;
    if (!ParseTag(tag_name, &tag) || tag == PosTag::kUN)
      return Fail(kExitUsage, "--block: unknown tag '" + tag_name + "' in '" + item + "'");
    if (slash == 0) return Fail(kExitUsage, "--block: empty form in '" + item + "'");
    if (Status st = builder.Block(form, tag); !st.ok()) return Fail(kExitUsage, "--block: " + st.message());
  }
  auto compiled = builder.Compile();
  if (!compiled.ok()) return Fail(kExitRuntime, compiled.status().message());
  *out = std::move(compiled).value();
  return kExitOk;
}

int ParseTagList(const std::string& list, uint64_t* mask) {
  *mask = 0;
  for (const std::string& name : SplitCommas(list)) {
    PosTag tag;
    if (!ParseTag(name, &tag) || tag == PosTag::kUN) return Fail(kExitUsage, "--tags: unknown tag '" + name + "'");
    *mask |= uint64_t{1} << static_cast<unsigned>(tag);
  }
  if (!list.empty() && *mask == 0) return Fail(kExitUsage, "--tags: no tag given");
  return kExitOk;
}

}  // namespace kma::cli
