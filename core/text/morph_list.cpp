#include "core/text/morph_list.h"

#include <string>

#include "core/text/utf.h"

namespace kma {

Status ParseMorphList(std::string_view text, std::vector<MorphSpec>* out) {
  out->clear();
  std::u32string scratch;
  size_t i = 0;
  bool tab = false;
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t') {
      tab = tab || c == '\t';
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
    const std::string_view piece = text.substr(i, end - i);
    const size_t slash = piece.rfind('/');
    if (slash == std::string_view::npos || slash == 0 || slash + 1 == piece.size())
      return Status(StatusCode::kInvalidArgument,
                    "expected form/TAG at byte " + std::to_string(i) + ": '" + std::string(piece) + "'",
                    static_cast<int64_t>(i));
    MorphSpec m{piece.substr(0, slash), PosTag::kUN, i, tab && !out->empty()};
    if (!Utf8ToU32(m.form, &scratch))
      return Status(StatusCode::kInvalidArgument, "invalid UTF-8 in the morpheme at byte " + std::to_string(i),
                    static_cast<int64_t>(i));
    const std::string_view tag = piece.substr(slash + 1);
    if (!ParseTag(tag, &m.tag) || m.tag == PosTag::kUN)
      return Status(StatusCode::kInvalidArgument,
                    "unknown tag '" + std::string(tag) + "' at byte " + std::to_string(i + slash + 1),
                    static_cast<int64_t>(i + slash + 1));
    out->push_back(m);
    tab = false;
    i = end;
  }
  return Status::Ok();
}

}  // namespace kma
