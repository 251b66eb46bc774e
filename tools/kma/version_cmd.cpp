// `kma version` / `kma --version`.
#include <cstdio>
#include <string>

#include "core/isa_info.h"
#include "core/model.h"
#include "kma/kma_version.h"
#include "tools/kma/cli_args.h"
#include "tools/kma/commands.h"
#include "tools/kma/model_locator.h"

namespace kma::cli {

int RunVersion() {
  std::printf("kma %s\n", KMA_VERSION_STRING);
  std::printf("abi %d\n", KMA_ABI_VERSION);
  std::printf("model format %d (reads %d..%d)\n", KMA_MODEL_FORMAT_VERSION,
              KMA_MIN_COMPATIBLE_MODEL_FORMAT_VERSION, KMA_MODEL_FORMAT_VERSION);
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
