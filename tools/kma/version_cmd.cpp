// `kma version` / `kma --version`.
#include <cstdio>
#include <string>

#include "core/base/version.h"
#include "core/kernels/isa_info.h"
#include "core/model/model.h"
#include "tools/kma/cli_args.h"
#include "tools/kma/commands.h"
#include "tools/kma/model_locator.h"

namespace kma::cli {

int RunVersion() {
  std::printf("kma %s\n", kVersionString);
  std::printf("abi %u\n", kAbiVersion);
  std::printf("model format %u (reads %u..%u)\n", kModelFormatVersion, kMinCompatibleModelFormatVersion,
              kModelFormatVersion);
  std::printf("isa %s\n", ActiveIsaName());
  // The default model is informative only: `kma --version` must succeed
  // even where no model is installed.
  std::string path, error;
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
