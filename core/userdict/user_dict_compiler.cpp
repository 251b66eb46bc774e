// Compiling a UserDictionaryBuilder's entries into an immutable
// UserDictionary: morphemes resolved against the model, overrides and
// blocks of model morphemes, stems conjugated through the model's classes
// (or the model's rules for classes it lacks), the trie of surfaces.
#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "core/model/model_view.h"
#include "core/model/morph_lookup.h"
#include "core/morph/conjugation.h"
#include "core/text/normalizer.h"
#include "core/text/utf.h"
#include "core/userdict/user_dict_basis.h"
#include "core/userdict/user_dictionary.h"

namespace kma {

namespace {

// Refund per morpheme after the first of a pre-analysed reading, in nats
// (a morpheme costs the default LM 4 to 8 in context).
constexpr float kPreAnalysedRefund = 5.0f;

// A reading before it gets its place in trie order.
struct DraftEntry {
  std::u32string surface;  // normalized
  UserEntry entry;         // morph_begin is filled when packed
  std::vector<uint32_t> morphs;
};

// One spelling of a stem class followed by an ending (as the builder's
// rule expansion makes them).
struct Fused {
  std::u32string surface;
  uint32_t right;
  float penalty;
  bool after_vowel_only;
};

// The fused spellings of a class and its plain joins the rules forbid.
struct Expansion {
  std::vector<Fused> fused;
  std::vector<char32_t> blocked_first_chars;
};

std::u32string NormalizedSurface(const std::string& nfc) {
  std::u32string u;
  Utf8ToU32(nfc, &u);
  NormalizedText nt;
  Normalize(u, &nt);
  return nt.text;
}

}  // namespace

class UserDictionaryCompiler {
 public:
  UserDictionaryCompiler(const UserDictionaryBuilder& b, UserDictionary* d)
      : b_(b), d_(d), mi_(b.model_->impl()), conj_(mi_.conjugation()), basis_(UserDictBasisOf(mi_)) {}

  Status Run() {
    d_->model_ = b_.model_;
    // Without conjugation data there are no user stems and no own sockets.
    d_->socket_base_ = conj_ != nullptr ? conj_->socket_count() : 0xFFFFFFFFu;
    ResolveBlocks();
    for (const UserDictionaryBuilder::Word& w : b_.c_.words) KMA_RETURN_IF_ERROR(AddWord(w));
    KMA_RETURN_IF_ERROR(Pack());
    TailFirsts();
    for (const UserDictionaryBuilder::Pattern& p : b_.c_.patterns) AddPattern(p);
    Finish();
    return Status::Ok();
  }

 private:
  void ResolveBlocks() {
    for (const auto& [form, tag] : b_.c_.blocked) {
      if (form.empty()) {
        d_->blocked_tags_ |= uint64_t{1} << tag;
        continue;
      }
      blocked_forms_.emplace(form, tag);
      const uint32_t m = FindModelMorph(mi_, NormalizeMorphForm(form), static_cast<PosTag>(tag));
      if (m != 0) d_->blocked_.insert(m);
    }
  }

  bool Blocked(const std::string& form, PosTag tag, uint32_t model_id) const {
    return d_->tag_blocked(tag) || (model_id != 0 && d_->blocked_.count(model_id) != 0) ||
           blocked_forms_.count({form, static_cast<uint8_t>(tag)}) != 0;
  }

  uint32_t UserMorphId(const std::string& form, PosTag tag, uint16_t socket, IrregularClass irr) {
    std::string key = MorphKey(form, tag);
    auto it = user_ids_.find(key);
    if (it != user_ids_.end()) return it->second;
    UserMorph um;
    um.form = form;
    um.tag = tag;
    um.socket_key = socket;
    um.irregular = irr;
    um.lm_token = LmClassToken(tag);
    um.emit_logp = basis_.emit_logp[static_cast<size_t>(tag)];
    um.tag_logp = basis_.tag_logp[static_cast<size_t>(tag)];
    const uint32_t id = kUserIdBit | static_cast<uint32_t>(d_->morphs_.size());
    d_->morphs_.push_back(std::move(um));
    user_ids_.emplace(std::move(key), id);
    return id;
  }

  void Draft(std::u32string surface, EntryKind kind, uint16_t socket, std::vector<uint32_t> morphs, float penalty,
             bool after_vowel_only) {
    UserEntry e;
    e.kind = kind;
    e.socket = socket;
    e.morph_count = static_cast<uint8_t>(morphs.size());
    e.penalty = penalty;
    e.after_vowel_only = after_vowel_only;
    drafts_.push_back(DraftEntry{std::move(surface), e, std::move(morphs)});
  }

  Status AddWord(const UserDictionaryBuilder::Word& w) {
    std::vector<uint32_t> ids;
    for (const auto& [form, tag] : w.morphs) {
      const uint32_t m = FindModelMorph(mi_, NormalizeMorphForm(form), tag);
      if (Blocked(form, tag, m)) return Status::Ok();  // a blocked morpheme: no reading
      ids.push_back(m);
    }
    const bool one = w.morphs.size() == 1 && w.morphs[0].first == w.surface;
    if (one && ids[0] != 0) {
      // The model's own reading: the user's score applies to all of its.
      if (w.score != 0.0f) d_->bonus_[ids[0]] = w.score;
      return Status::Ok();
    }
    if (w.stem) return AddStem(w);
    for (size_t k = 0; k < ids.size(); ++k)
      if (ids[k] == 0) ids[k] = UserMorphId(w.morphs[k].first, w.morphs[k].second, 0, IrregularClass::kNone);
    // A pre-analysed reading pays the language model for every morpheme,
    // which would make a long analysis lose to the unknown-word guess of
    // the same surface; each morpheme after the first is refunded about
    // what one costs, so the reading scores like a one-morpheme word.
    const float refund = kPreAnalysedRefund * static_cast<float>(ids.size() - 1);
    Draft(NormalizedSurface(w.surface), EntryKind::kPlain, 0, std::move(ids), -w.score - refund, false);
    return Status::Ok();
  }

  // Expands the model's rules for a stem class against the endings the
  // model expanded its own stems with (what the builder does, per class).
  const Expansion& Expand(const SocketClass& cls, uint64_t key) {
    auto it = expansions_.find(key);
    if (it != expansions_.end()) return it->second;
    Expansion& x = expansions_[key];
    const std::u32string tail(cls.tail, cls.tail[1] != 0 ? 2 : 1);
    std::vector<char32_t> seen, ok;
    for (uint32_t r : conj_->rights()) {
      const std::u32string right = NormalizeMorphForm(mi_.morph_form(r));
      const PosTag rtag = static_cast<PosTag>(mi_.morph(r).tag());
      const char32_t first = mi_.morph_first_char(r);
      seen.push_back(first);
      const std::u32string plain = tail + right;
      for (const Fusion& f : conj_->rules().Combine(tail, static_cast<PosTag>(cls.tag),
                                                    static_cast<IrregularClass>(cls.irr), cls.whole != 0, right,
                                                    rtag)) {
        if (f.surface == plain && f.penalty == 0 && !f.after_vowel_only) {
          ok.push_back(first);
          continue;
        }
        if (!f.surface.empty()) x.fused.push_back(Fused{f.surface, r, f.penalty, f.after_vowel_only});
      }
    }
    std::sort(ok.begin(), ok.end());
    for (char32_t c : seen)
      if (!std::binary_search(ok.begin(), ok.end(), c)) x.blocked_first_chars.push_back(c);
    return x;
  }

  Status AddStem(const UserDictionaryBuilder::Word& w) {
    const PosTag tag = w.morphs[0].second;
    const std::u32string stem = NormalizeMorphForm(w.surface);
    const size_t ts = StemTailStart(stem);
    const bool whole = ts == 0;
    const SocketClass cls = MakeSocketClass(std::u32string_view(stem).substr(ts), tag, w.irregular, whole);
    uint32_t socket = conj_->FindSocket(cls);
    const bool own_class = socket == 0;
    const uint64_t key = Conjugation::Key(cls);
    if (own_class) {
      auto it = own_sockets_.find(key);
      if (it == own_sockets_.end()) {
        const uint32_t id = d_->socket_base_ + static_cast<uint32_t>(own_sockets_.size());
        if (id > 0xFFFF) return Status(StatusCode::kInvalidArgument, "too many new conjugation classes");
        it = own_sockets_.emplace(key, id).first;
      }
      socket = it->second;
    }
    const uint32_t m = UserMorphId(w.surface, tag, static_cast<uint16_t>(socket), w.irregular);
    d_->stems_[MorphKey(w.surface, tag)] = w.irregular;
    const uint16_t s16 = static_cast<uint16_t>(socket);
    Draft(stem, EntryKind::kPlain, 0, {m}, -w.score, false);
    // A class the model has brings its fused endings; one it lacks, and a
    // one-syllable stem (whose fused forms the model keeps per stem), needs
    // them spelled here.
    if (!whole) Draft(stem.substr(0, ts), EntryKind::kHead, s16, {m}, -w.score, false);
    if (!own_class && !whole) return Status::Ok();
    const bool fresh = own_class && expanded_.insert(socket).second;
    const Expansion& x = Expand(cls, key);
    for (const Fused& f : x.fused) {
      if (Blocked(std::string(mi_.morph_form(f.right)), static_cast<PosTag>(mi_.morph(f.right).tag()), f.right))
        continue;
      if (whole) Draft(f.surface, EntryKind::kPlain, 0, {m, f.right}, f.penalty - w.score, f.after_vowel_only);
      else if (fresh) Draft(f.surface, EntryKind::kSocket, s16, {f.right}, f.penalty, f.after_vowel_only);
    }
    if (fresh)
      for (char32_t c : x.blocked_first_chars) d_->concat_block_.push_back((uint64_t{socket} << 32) | c);
    return Status::Ok();
  }

  // Entries in trie value order, and the trie laid out for the walk.
  Status Pack() {
    TrieBuilder tb;
    for (size_t i = 0; i < drafts_.size(); ++i) tb.Add(drafts_[i].surface, static_cast<uint32_t>(i));
    std::string bytes;
    std::vector<uint32_t> order;
    KMA_RETURN_IF_ERROR(tb.Build(&bytes, &order));
    std::vector<uint32_t> words((bytes.size() + 3) / 4, 0);  // 4-byte aligned
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<char*>(words.data()));
    auto view = TrieView::Open(reinterpret_cast<const uint8_t*>(words.data()), bytes.size(),
                               static_cast<uint32_t>(order.size()));
    if (!view.ok()) return Status(StatusCode::kInternal, "user dictionary trie: " + view.status().message());
    const TrieView& t = view.value();
    d_->alphabet_.assign(t.alphabet_size(), 0);
    for (uint32_t n = 1; n < t.node_count(); ++n)
      d_->alphabet_[static_cast<uint16_t>(t.Label(t.edge_char(n)))] = t.edge_char(n);
    d_->hangul_labels_.resize(hangul::kNormalizedSlots);
    for (uint32_t i = 0; i < hangul::kNormalizedSlots; ++i)
      d_->hangul_labels_[i] = static_cast<uint16_t>(t.Label(hangul::NormalizedSlotChar(i)));
    std::vector<bool> is_head;
    std::vector<uint16_t> socket;
    for (uint32_t i : order) {
      Put(drafts_[i].entry, drafts_[i].morphs);
      is_head.push_back(drafts_[i].entry.kind == EntryKind::kHead);
      socket.push_back(drafts_[i].entry.socket);
    }
    return d_->trie_.Build(t, is_head, socket);
  }

  // HeadMayClose's table: the first characters of the fused tails of every
  // socket a user head has (the dictionary's own tails, or the model's: the
  // first edges above its socket entries).
  void TailFirsts() {
    std::vector<bool> wanted;
    for (const DraftEntry& d : drafts_) {
      if (d.entry.kind != EntryKind::kHead) continue;
      if (d.entry.socket >= wanted.size()) wanted.resize(d.entry.socket + 1u, false);
      wanted[d.entry.socket] = true;
    }
    std::vector<uint64_t> out;  // (socket << 32 | first char)
    for (const DraftEntry& d : drafts_)
      if (d.entry.kind == EntryKind::kSocket && !d.surface.empty())
        out.push_back((uint64_t{d.entry.socket} << 32) | d.surface[0]);
    bool model_class = false;
    for (uint32_t s = 0; s < wanted.size() && s < d_->socket_base_ && !model_class; ++s)
      model_class = wanted[s];
    if (model_class) {
      for (uint64_t k : basis_.socket_tail_firsts) {
        const uint64_t socket = k >> 32;
        if (socket >= wanted.size()) break;  // sorted by socket
        if (wanted[socket]) out.push_back(k);
      }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    NextHeadMasks(out);
    const size_t sockets = out.empty() ? 0 : (out.back() >> 32) + 2;
    d_->tail_first_begin_.assign(sockets, 0);
    for (uint64_t k : out) {
      ++d_->tail_first_begin_[(k >> 32) + 1];
      d_->tail_first_chars_.push_back(static_cast<char32_t>(k));
    }
    for (size_t s = 1; s < sockets; ++s) d_->tail_first_begin_[s] += d_->tail_first_begin_[s - 1];
  }

  // UserDictionary::NextHeadMask's tables, from the (socket << 32 | first
  // character) pairs of the fused tails.
  void NextHeadMasks(const std::vector<uint64_t>& tail_firsts) {
    d_->next_head_masks_.assign(hangul::kNormalizedSlots, 0);
    std::map<uint32_t, uint32_t> others;
    for (uint64_t k : tail_firsts) {
      const auto c = static_cast<char32_t>(k);
      const uint32_t bit = UserTrie::SocketBit(static_cast<uint32_t>(k >> 32));
      const uint32_t slot = hangul::NormalizedSlot(c);
      if (slot != hangul::kNoSlot) d_->next_head_masks_[slot] |= bit;
      else others[static_cast<uint32_t>(c)] |= bit;
    }
    for (const auto& [c, mask] : others) {
      d_->other_next_chars_.push_back(c);
      d_->other_next_masks_.push_back(mask);
    }
  }

  // An entry and its morphemes' steps (UserStep).
  void Put(UserEntry e, const std::vector<uint32_t>& morphs) {
    e.morph_begin = static_cast<uint32_t>(d_->steps_.size());
    for (uint32_t m : morphs) {
      UserStep st{};
      st.morph = m;
      if (IsUserId(m)) {
        const UserMorph& um = d_->morph(m);
        st.lm_token = um.lm_token;
        st.emit_logp = um.emit_logp;
        st.tag_logp = um.tag_logp;
        st.socket_key = um.socket_key;
        st.tag = um.tag;
        st.first_char = MorphFirstChar(um.form);
      } else {
        const MorphRecord& r = mi_.morph(m);
        const MorphScores& sc = mi_.morph_scores(r);
        st.lm_token = r.lm_id();
        st.emit_logp = sc.emit_logp;
        st.tag_logp = sc.tag_logp;
        st.socket_key = r.socket_key;
        st.tag = static_cast<PosTag>(r.tag());
        st.first_char = mi_.morph_first_char(m);
      }
      d_->steps_.push_back(st);
    }
    d_->steps_[e.morph_begin].node_steps = static_cast<uint8_t>(e.kind == EntryKind::kHead ? 1 : e.morph_count);
    d_->entries_.push_back(e);
  }

  void AddPattern(const UserDictionaryBuilder::Pattern& p) {
    if (d_->tag_blocked(p.tag)) return;
    auto compiled = UserPattern::Compile(p.regex);  // checked when added
    if (!compiled.ok()) return;
    // Each rule has its own morpheme: the token's form is the matched text.
    UserMorph um;
    um.tag = p.tag;
    um.lm_token = LmClassToken(p.tag);
    um.emit_logp = basis_.emit_logp[static_cast<size_t>(p.tag)];
    um.tag_logp = basis_.tag_logp[static_cast<size_t>(p.tag)];
    const uint32_t m = kUserIdBit | static_cast<uint32_t>(d_->morphs_.size());
    d_->morphs_.push_back(std::move(um));
    UserEntry e;
    e.morph_count = 1;
    e.penalty = -p.score;
    const uint32_t entry = static_cast<uint32_t>(d_->entries_.size());
    Put(e, {m});
    d_->pattern_starts_.Merge(compiled.value().starts());
    d_->patterns_.emplace_back(std::move(compiled.value()), entry);
  }

  void Finish() {
    std::sort(d_->concat_block_.begin(), d_->concat_block_.end());
    d_->touched_.assign((mi_.morph_count() + 63) / 64, 0);
    auto touch = [&](uint32_t m) { d_->touched_[m >> 6] |= uint64_t{1} << (m & 63); };
    for (uint32_t m : d_->blocked_) touch(m);
    for (const auto& [m, bonus] : d_->bonus_) touch(m);
    d_->touches_model_ = !d_->blocked_.empty() || !d_->bonus_.empty() || d_->blocked_tags_ != 0;
    if (d_->touches_model_) MarkTouchedEntries();
    TouchedBlocks();
    const uint64_t nouns = (uint64_t{1} << static_cast<unsigned>(PosTag::kNNG)) |
                           (uint64_t{1} << static_cast<unsigned>(PosTag::kNNP));
    d_->guess_blocked_tags_ = (d_->blocked_tags_ & nouns) == nouns ? 0 : d_->blocked_tags_;
    d_->empty_ = d_->entries_.empty() && !d_->touches_model_;
  }

  // Entries holding a blocked or re-scored morpheme, or one of a blocked
  // tag (as the lattice hook reads them: a head stands for its stem only),
  // and what the dictionary does to each (UserDictionary::ModelEntryScores).
  void MarkTouchedEntries() {
    d_->touched_entries_.assign((mi_.entry_count() + 63) / 64, 0);
    for (uint32_t i = 0; i < mi_.entry_count(); ++i) {
      const EntryRecord& e = mi_.entry(i);
      const uint32_t* ms = mi_.entry_morphs(e);
      const uint32_t count = e.kind() == EntryKind::kHead ? 1 : e.morph_count();
      bool touched = false, blocked = false;
      const uint32_t bonus_begin = static_cast<uint32_t>(d_->entry_bonuses_.size());
      for (uint32_t k = 0; k < count && !blocked; ++k) {
        const bool tag = d_->tag_blocked(static_cast<PosTag>(mi_.morph(ms[k]).tag()));
        if (!tag && !d_->touched(ms[k])) continue;
        touched = true;
        blocked = tag || d_->blocked(ms[k]);
        if (!blocked) d_->entry_bonuses_.push_back(d_->bonus(ms[k]));
      }
      if (!touched) continue;
      if (blocked) d_->entry_bonuses_.resize(bonus_begin);
      d_->touched_entries_[i >> 6] |= uint64_t{1} << (i & 63);
      d_->touched_ids_.push_back(i);
      d_->touched_info_.push_back({bonus_begin, static_cast<uint32_t>(d_->entry_bonuses_.size()), blocked});
    }
  }

  // UserDictionary::entry_touched's coarse bitmap: blocks of entries as
  // large as keep it at about 32 bits per touched entry.
  void TouchedBlocks() {
    const size_t touched = std::max<size_t>(d_->touched_ids_.size(), 1);
    uint32_t shift = 0;
    while (shift < 31 && (uint64_t{mi_.entry_count()} >> shift) > 32 * touched) ++shift;
    d_->touched_block_shift_ = shift;
    d_->touched_blocks_.assign(((mi_.entry_count() >> shift) + 64) / 64, 0);
    for (uint32_t e : d_->touched_ids_) d_->touched_blocks_[(e >> shift) >> 6] |= uint64_t{1} << ((e >> shift) & 63);
  }

  const UserDictionaryBuilder& b_;
  UserDictionary* d_;
  const ModelImpl& mi_;
  const Conjugation* conj_;
  // What every dictionary of the model shares, worked out once per model: a
  // morpheme the model lacks scores as a corpus singleton of its tag (the
  // most likely emission through the tag's class token).
  const UserDictBasis& basis_;
  std::set<std::pair<std::string, uint8_t>> blocked_forms_;
  std::unordered_map<std::string, uint32_t> user_ids_;  // MorphKey -> user morpheme id
  std::vector<DraftEntry> drafts_;
  std::unordered_map<uint64_t, Expansion> expansions_;
  std::unordered_map<uint64_t, uint32_t> own_sockets_;
  std::set<uint32_t> expanded_;
};

StatusOr<std::shared_ptr<const UserDictionary>> UserDictionaryBuilder::Compile() const {
  std::shared_ptr<UserDictionary> d(new UserDictionary());
  UserDictionaryCompiler compiler(*this, d.get());
  KMA_RETURN_IF_ERROR(compiler.Run());
  return std::shared_ptr<const UserDictionary>(std::move(d));
}

bool UserDictionary::ConcatBlocked(uint32_t socket, char32_t first_char) const {
  const uint64_t k = (uint64_t{socket} << 32) | first_char;
  return std::binary_search(concat_block_.begin(), concat_block_.end(), k);
}

float UserDictionary::bonus(uint32_t model_morph) const {
  auto it = bonus_.find(model_morph);
  return it == bonus_.end() ? 0.0f : it->second;
}

IrregularClass UserDictionary::StemClass(std::string_view form, PosTag tag) const {
  auto it = stems_.find(MorphKey(form, tag));
  return it == stems_.end() ? IrregularClass::kNone : it->second;
}

}  // namespace kma
