// `kma version` / `kma --version`.
#include <cstdio>
#include <string>

#include "core/base/version.h"
#include "core/kernels/isa_info.h"
#include "core/model/model.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/io/model_locator.h"

namespace kma::cli {

namespace {

constexpr const char kVersionUsage[] =
    "usage: kma version (or kma --version)\n"
    "\n"
    "Prints the versions of kma, its C ABI and model format, the instruction set\n"
    "the scoring kernels use, and the default model if one is found ($KMA_MODEL,\n"
    "else share/kma/kma-default.kmam of the prefix kma is installed in).\n"
    "  -h, --help  show this help\n";

}  // namespace

int RunVersion(int argc, char** argv, int first) {
  ArgParser args({});
  std::string error;
  if (!args.Parse(argc, argv, first, &error)) {
    return Fail(kExitUsage, error + " (see 'kma version --help')");
  }
  if (args.help()) {
    std::fputs(kVersionUsage, stdout);
    return kExitOk;
  }
  if (!args.positionals().empty()) {
    return Fail(kExitUsage, "unexpected argument '" + args.positionals()[0] + "'");
  }
  std::printf("kma %s\n", kVersionString);
  std::printf("abi %u\n", kAbiVersion);
  std::printf("model format %u (reads %u..%u)\n", kModelFormatVersion, kMinCompatibleModelFormatVersion,
              kModelFormatVersion);
  std::printf("isa %s\n", ActiveIsaName());
  // The default model is informative only: `kma --version` must succeed
  // even where no model is installed.
  std::string path;
  if (LocateModel("", &path, &error)) {
    auto model = Model::OpenFile(path);
    if (model.ok()) {
      std::printf("model %s (format %u)\n", path.c_str(), (*model)->format_version());
    } else {
      std::printf("model %s (unreadable: %s)\n", path.c_str(),
                  model.status().message().c_str());
    }
  }
  return kExitOk;
}

}  // namespace kma::cli
