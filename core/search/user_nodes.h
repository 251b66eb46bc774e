// The user dictionary's hook into the lattice (core/userdict/user_dictionary.h).
// BuildLattice drops the model's readings of blocked morphemes and tags and
// adds the user's scores to the readings it re-scores (StepBuilder::
// UserAdjusted, core/search/step_builder.h); after it, AddUserNodes
//  - adds the user's readings found in the text (trie matches from every
//    position, across pretokens; never across whitespace) and pattern rule
//    matches, as kEntry nodes whose `entry` carries kUserIdBit;
// and UnpackNode fills the steps of those nodes with UnpackUserNode. The
// search sees user nodes as dictionary entries; the only other places that
// tell them apart are StepBuilder::StemStep (a stem head's pending morpheme
// may be a user morpheme) and ConcatBlockedAny (user stems may have their
// own conjugation classes).
#ifndef KMA_CORE_SEARCH_USER_NODES_H_
#define KMA_CORE_SEARCH_USER_NODES_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/search/lattice.h"
#include "core/search/memory_budget.h"
#include "core/userdict/user_dictionary.h"

namespace kma::search {

// Scratch memory of AddUserNodes, kept by the analyzer across chunks.
struct UserNodeScratch {
  std::vector<TrieLabel> labels;
  std::vector<uint32_t> second;  // the user trie's node of the 2 characters from begin + i, or kNone
  std::vector<uint32_t> third;   // and of the 3 characters from there
  std::vector<char32_t> chars;   // the chunk's characters, a syllable and its coda as one
  std::vector<uint32_t> starts;  // normalized position of chars[i]; one more at the end
  std::vector<std::pair<uint32_t, uint32_t>> socket_starts;  // (end, socket) of the user stem heads
  std::vector<std::pair<uint32_t, uint32_t>> wanted_tails;
  std::vector<Node> user_nodes;  // the user nodes while they are merged in
  UserPattern::Scratch pattern;
  // Bytes of the chunk-sized buffers above (for the memory budget).
  uint64_t held_bytes() const {
    return HeldBytes(labels) + HeldBytes(second) + HeldBytes(third) + HeldBytes(chars) + HeldBytes(starts) +
           HeldBytes(socket_starts) + HeldBytes(wanted_tails) + HeldBytes(user_nodes);
  }
};

// Adds the nodes of `user` to the lattice of text[begin, end) that
// BuildLattice just built (with lattice->user set, so that the model's
// nodes already carry the dictionary's blocks and scores). Leaves the
// nodes sorted by begin.
void AddUserNodes(const ModelImpl& model, const UserDictionary& user, const std::u32string& text, uint32_t begin,
                  uint32_t end, UserNodeScratch* scratch, Lattice* lattice);

// UnpackNode's work for a user node (its steps and unpacked fields). The
// model is not read: the dictionary worked the steps out when compiled.
void UnpackUserNode(const ModelImpl& model, const UserDictionary& user, Node* n, std::vector<MorphStep>* steps);

// ModelImpl::ConcatBlocked, for the sockets of the model and of `user`.
inline bool ConcatBlockedAny(const ModelImpl& model, const UserDictionary* user, uint32_t socket,
                             char32_t first_char) {
  if (user != nullptr && socket >= user->socket_base()) return user->ConcatBlocked(socket, first_char);
  return model.ConcatBlocked(socket, first_char);
}

}  // namespace kma::search

#endif  // KMA_CORE_SEARCH_USER_NODES_H_
