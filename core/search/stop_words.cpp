#include "core/search/stop_words.h"

#include <algorithm>
#include <utility>

namespace kma {
namespace {

constexpr std::string_view kBlanks = " \t\r\f\v";

std::string_view Trim(std::string_view s) {
  const size_t b = s.find_first_not_of(kBlanks);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(kBlanks) - b + 1);
}

Status LineError(size_t line, std::string what) {
  return Status(StatusCode::kInvalidArgument, "line " + std::to_string(line) + ": " + what);
}

// At most this much of an entry is quoted in a message.
std::string Quote(std::string_view s) {
  constexpr size_t kMax = 60;
  std::string q = "'";
  if (s.size() <= kMax) {
    q.append(s);
  } else {
    size_t cut = kMax;  // not inside a UTF-8 sequence
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    q.append(s.substr(0, cut)).append("...");
  }
  return q + "'";
}

}  // namespace

Status StopWords::Parse(std::string_view text, StopWords* out) {
  StopWords list;
  size_t line_no = 0;
  size_t b = 0;
  while (b <= text.size()) {
    size_t e = text.find('\n', b);
    if (e == std::string_view::npos) e = text.size();
    const std::string_view raw = text.substr(b, e - b);
    b = e + 1;
    ++line_no;
    std::string_view line = Trim(raw);
    if (line.empty() || line.front() == '#') continue;
    // An entry has no blank; what follows one must be a comment.
    const size_t blank = line.find_first_of(kBlanks);
    if (blank != std::string_view::npos) {
      const std::string_view rest = Trim(line.substr(blank));
      if (rest.front() != '#') {
        return LineError(line_no, "unexpected " + Quote(rest) + " after the entry " +
                                      Quote(line.substr(0, blank)) + " (one form/TAG per line)");
      }
      line = line.substr(0, blank);
    }
    if (line.find('\0') != std::string_view::npos) return LineError(line_no, "a NUL byte in the entry");
    const size_t slash = line.rfind('/');
    if (slash == std::string_view::npos) {
      return LineError(line_no, Quote(line) + " is not form/TAG (or */TAG)");
    }
    const std::string_view form = line.substr(0, slash);
    const std::string_view tag_name = line.substr(slash + 1);
    if (form.empty()) return LineError(line_no, Quote(line) + " has no form (write */TAG for every form)");
    PosTag tag;
    if (tag_name.empty() || !ParseTag(tag_name, &tag) || tag == PosTag::kUN) {
      return LineError(line_no, "unknown tag " + Quote(tag_name) + " in " + Quote(line));
    }
    const uint64_t bit = uint64_t{1} << static_cast<unsigned>(tag);
    if (form == "*") {
      if ((list.tags_ & bit) == 0) ++list.entries_;
      list.tags_ |= bit;
    } else {
      uint64_t& tags = list.forms_[std::string(form)];
      if ((tags & bit) == 0) ++list.entries_;
      tags |= bit;
    }
  }
  *out = std::move(list);
  return Status::Ok();
}

bool StopWords::Matches(const Token& t) const {
  const uint64_t bit = uint64_t{1} << static_cast<unsigned>(t.tag);
  if (tags_ & bit) return true;
  if (forms_.empty()) return false;
  const auto it = forms_.find(t.form);
  return it != forms_.end() && (it->second & bit) != 0;
}

void DropStopWords(bool default_list, const StopWords* user, std::vector<Token>* tokens) {
  const StopWords* def = default_list ? &StopWords::Default() : nullptr;
  if (def == nullptr && user == nullptr) return;
  tokens->erase(std::remove_if(tokens->begin(), tokens->end(),
                               [&](const Token& t) {
                                 return (def != nullptr && def->Matches(t)) ||
                                        (user != nullptr && user->Matches(t));
                               }),
                tokens->end());
}

}  // namespace kma
