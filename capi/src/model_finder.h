// The one rule for finding the default model, shared by the C ABI
// (kma_model_open_default, and through it the Java, C# and Rust bindings)
// and the kma CLI. Without an explicit path, the candidates are, in order:
//
//   1. $KMA_MODEL when set and non-empty, used as given: a typo is reported
//      as an error instead of silently falling through to another model;
//   2. the caller's own copy, when it exists: the model a binding's package
//      carries (KMA_OPT_PACKAGE_MODEL), else the one the program names
//      (kma_package_model_path, which the CMake package defines for
//      programs linking kma::kma_static), else the build tree's model when
//      this is the build tree's own libkma.so or kma CLI;
//   3. share/kma/kma-default.kmam of the prefix the running binary is
//      installed in, found from the file that holds this code (libkma.so,
//      a binding's native library, or the executable), so a prefix that
//      was installed elsewhere or moved still finds its own model;
//   4. the same file under the install prefix configured at build time.
//
// README.md ("Finding the default model") documents this list; keep both
// in step.
#ifndef KMA_CAPI_SRC_MODEL_FINDER_H_
#define KMA_CAPI_SRC_MODEL_FINDER_H_

#include <string>
#include <vector>

namespace kma::capi {

// File name of the default model in share/kma.
inline constexpr char kDefaultModelFile[] = "kma-default.kmam";

// Applies the rule above. `caller_copy` (KMA_OPT_PACKAGE_MODEL) may be empty. Returns true with the
// chosen path in *path, or false with a one-line message in *error that
// names every place that was tried.
bool FindDefaultModel(const std::string& caller_copy, std::string* path,
                      std::string* error);

// Candidates 3 and 4 (existing or not), without duplicates, in order.
std::vector<std::string> InstalledModelCandidates();

// Directory of the file (shared library or executable) this code was
// linked into; empty if the system cannot tell.
std::string BinaryDirectory();

}  // namespace kma::capi

#endif  // KMA_CAPI_SRC_MODEL_FINDER_H_
