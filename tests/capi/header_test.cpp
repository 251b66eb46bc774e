// The public headers must also be usable from C++ (extern "C" guards, no C
// constructs that C++ rejects): compiled with -pedantic -Werror and linked.
#include <kma/kma.h>

#include <cstring>

int main() {
  kma_options* opt = nullptr;
  if (kma_options_new(&opt) != KMA_OK) return 1;
  const bool ok = kma_options_set_int(opt, KMA_OPT_TOP_N, 2) == KMA_OK &&
                  std::strcmp(kma_version_string(), KMA_VERSION_STRING) == 0;
  kma_options_free(opt);
  return ok ? 0 : 1;
}
