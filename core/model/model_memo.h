// A value that a layer above the model derives from the whole model and
// keeps with it, so that it is worked out once per model rather than once
// per use: the user dictionary's basis (core/userdict/user_dict_basis.h)
// is one. The model holds the slot without knowing the value's type, which
// belongs to the layer that makes it; each slot has one owner, who always
// reads it as the same type.
#ifndef KMA_CORE_MODEL_MODEL_MEMO_H_
#define KMA_CORE_MODEL_MODEL_MEMO_H_

#include <memory>
#include <mutex>
#include <utility>

namespace kma {

class ModelMemo {
 public:
  // The value, made by `make()` (returning a T) on the first call.
  // Thread-safety: any number of threads; one of the first callers makes
  // it, the others wait. If `make` throws, nothing is kept and the next
  // call tries again.
  template <typename T, typename Make>
  const T& Get(Make&& make) const {
    std::call_once(once_, [&] { value_ = std::make_shared<const T>(std::forward<Make>(make)()); });
    return *static_cast<const T*>(value_.get());
  }

 private:
  mutable std::once_flag once_;
  mutable std::shared_ptr<const void> value_;
};

}  // namespace kma

#endif  // KMA_CORE_MODEL_MODEL_MEMO_H_
