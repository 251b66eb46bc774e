#include "core/morph/conjugation.h"

#include <cstring>

#include "core/text/hangul.h"

namespace kma {
namespace {

constexpr size_t kHeaderBytes = 16;

Status Bad(const std::string& what) { return Status(StatusCode::kModelFormat, "model file: conjugation section: " + what); }

void PutU32(uint32_t v, std::string* out) { out->append(reinterpret_cast<const char*>(&v), 4); }

}  // namespace

SocketClass MakeSocketClass(std::u32string_view tail, PosTag tag, IrregularClass irr, bool whole) {
  SocketClass c{};
  c.tail[0] = tail.empty() ? 0 : tail[0];
  c.tail[1] = tail.size() > 1 ? tail[1] : 0;
  c.tag = static_cast<uint8_t>(tag);
  c.irr = static_cast<uint8_t>(irr);
  c.whole = whole ? 1 : 0;
  return c;
}

size_t StemTailStart(std::u32string_view f) {
  if (f.empty()) return 0;
  size_t i = f.size() - 1;
  if (hangul::IsCodaJamo(f[i]) && i > 0 && hangul::IsSyllable(f[i - 1])) --i;
  return i;
}

IrregularClass DefaultIrregularClass(std::string_view form, PosTag tag) {
  if (!IsVerbLike(tag)) return IrregularClass::kNone;
  auto ends_with = [&](std::string_view suffix) {
    return form.size() >= suffix.size() && form.substr(form.size() - suffix.size()) == suffix;
  };
  return ends_with("스럽") || ends_with("롭") || ends_with("답") ? IrregularClass::kB : IrregularClass::kNone;
}

std::string EncodeConjugationSection(const std::vector<SocketClass>& classes, const std::vector<uint32_t>& rights,
                                     std::string_view rules_text) {
  std::string out;
  PutU32(kConjugationVersion, &out);
  PutU32(static_cast<uint32_t>(classes.size()), &out);
  PutU32(static_cast<uint32_t>(rights.size()), &out);
  PutU32(static_cast<uint32_t>(rules_text.size()), &out);
  out.append(reinterpret_cast<const char*>(classes.data()), classes.size() * sizeof(SocketClass));
  out.append(reinterpret_cast<const char*>(rights.data()), rights.size() * sizeof(uint32_t));
  out.append(rules_text);
  return out;
}

StatusOr<std::unique_ptr<Conjugation>> Conjugation::Load(const uint8_t* data, size_t size, uint32_t morph_count) {
  if (size < kHeaderBytes) return Bad("truncated");
  uint32_t head[4];
  std::memcpy(head, data, kHeaderBytes);
  if (head[0] != kConjugationVersion) return Bad("unknown version " + std::to_string(head[0]));
  const uint64_t need = kHeaderBytes + uint64_t{head[1]} * sizeof(SocketClass) + uint64_t{head[2]} * 4 + head[3];
  if (need != size) return Bad("wrong size");
  if (head[1] == 0 || head[1] > 0x10000) return Bad("socket count out of range");
  auto c = std::make_unique<Conjugation>();
  const uint8_t* p = data + kHeaderBytes;
  c->classes_.resize(head[1]);
  std::memcpy(c->classes_.data(), p, head[1] * sizeof(SocketClass));
  p += head[1] * sizeof(SocketClass);
  c->rights_.resize(head[2]);
  std::memcpy(c->rights_.data(), p, head[2] * 4u);
  p += head[2] * 4u;
  for (uint32_t r : c->rights_)
    if (r == 0 || r >= morph_count) return Bad("ending out of range");
  for (uint32_t s = 1; s < head[1]; ++s) {
    const SocketClass& k = c->classes_[s];
    if (k.tag >= kNumTags || k.irr >= kNumIrregularClasses || k.whole > 1 || k.tail[0] > 0x10FFFF ||
        k.tail[1] > 0x10FFFF)
      return Bad("socket class out of range");
    c->socket_of_.emplace(Key(k), s);  // the first socket of a class wins (the builder makes one)
  }
  auto rules = MorphRules::Parse(std::string_view(reinterpret_cast<const char*>(p), head[3]));
  if (!rules.ok()) return Bad("rules: " + rules.status().message());
  c->rules_ = std::move(rules.value());
  return c;
}

uint64_t Conjugation::Key(const SocketClass& c) {
  return uint64_t{c.tail[0]} | (uint64_t{c.tail[1]} << 21) | (uint64_t{c.tag} << 42) | (uint64_t{c.irr} << 50) |
         (uint64_t{c.whole} << 58);
}

IrregularClass Conjugation::IrregularOf(uint32_t socket) const {
  if (socket == 0 || socket >= classes_.size()) return IrregularClass::kNone;
  return static_cast<IrregularClass>(classes_[socket].irr);
}

uint32_t Conjugation::FindSocket(const SocketClass& c) const {
  auto it = socket_of_.find(Key(c));
  return it == socket_of_.end() ? 0 : it->second;
}

}  // namespace kma
