// What every user dictionary compiled against a model reads from the whole
// model: the score a morpheme the model lacks gets, per tag, and the first
// characters of the model's tails per conjugation class. Both are pure
// functions of the model; working them out per dictionary walked every
// morpheme and trie node, which cost a one-word dictionary 0.4 ms and
// made creating many small dictionaries (one per request or per user)
// scale with the model instead of the dictionary. Worked out once per model
// on first use, not at load, so models used without user dictionaries pay
// nothing.
#ifndef KMA_CORE_USERDICT_USER_DICT_BASIS_H_
#define KMA_CORE_USERDICT_USER_DICT_BASIS_H_

#include <cstdint>
#include <vector>

namespace kma {

class ModelImpl;

struct UserDictBasis {
  // Per tag: the emission and tag log-probabilities of the tag's most
  // likely class-scored morpheme (a corpus singleton of the tag), or -10
  // for a tag without one.
  std::vector<float> emit_logp, tag_logp;
  // Sorted, distinct (socket << 32 | first char): the first character of
  // the trie key holding each of the model's socket entries (the tails a
  // stem of that conjugation class may be followed by).
  std::vector<uint64_t> socket_tail_firsts;
};

// The basis of `model`, kept in the model's user-dictionary slot
// (ModelImpl::user_dict_memo). Thread-safety: any number of threads; the
// first call works it out.
const UserDictBasis& UserDictBasisOf(const ModelImpl& model);

}  // namespace kma

#endif  // KMA_CORE_USERDICT_USER_DICT_BASIS_H_
