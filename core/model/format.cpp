#include "core/model/format.h"

#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <new>
#include <system_error>

#include "core/base/os.h"

#include "core/base/byte_io.h"

namespace kma {
namespace {

size_t AlignUp(size_t v, size_t a) { return (v + a - 1) / a * a; }

Status FormatError(std::string message, int64_t offset = -1) {
  return Status(StatusCode::kModelFormat, std::move(message), offset);
}

// XXH3-64 of the image with the checksum field read as zero. Streaming lets us
// skip the field without copying a (possibly huge, read-only) mapping.
bool HashImage(const uint8_t* data, size_t size, uint64_t* out) {
  XXH3_state_t* state = XXH3_createState();
  if (state == nullptr) return false;
  static const uint8_t kZeros[8] = {0};
  XXH3_64bits_reset(state);
  XXH3_64bits_update(state, data, kModelChecksumOffset);
  XXH3_64bits_update(state, kZeros, sizeof(kZeros));
  const size_t rest = kModelChecksumOffset + sizeof(kZeros);
  XXH3_64bits_update(state, data + rest, size - rest);
  *out = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  return true;
}

std::string ErrnoText(int err) {
  return std::error_code(err, std::generic_category()).message();
}

}  // namespace

uint64_t ComputeModelChecksum(const uint8_t* data, size_t size) {
  uint64_t h = 0;
  if (data == nullptr || size < kModelHeaderSize) return 0;
  return HashImage(data, size, &h) ? h : 0;
}

// ---------------------------------------------------------------------------
// ModelWriter

void ModelWriter::Reject(std::string message) {
  // Keep the first error: later ones are usually consequences of it.
  if (status_.ok()) status_ = Status(StatusCode::kInvalidArgument, std::move(message));
}

void ModelWriter::AddSection(std::string name, std::string bytes) {
  if (name.empty() || name.size() > kMaxSectionNameLength) {
    Reject("section name '" + name + "' must be 1 to 31 bytes long");
    return;
  }
  if (name.find('\0') != std::string::npos) {
    Reject("section name must not contain NUL bytes");
    return;
  }
  if (name == kMetadataSectionName) {
    Reject("section name 'meta' is reserved for metadata (use SetMetadata)");
    return;
  }
  for (const auto& s : sections_) {
    if (s.first == name) {
      Reject("duplicate section name '" + name + "'");
      return;
    }
  }
  sections_.emplace_back(std::move(name), std::move(bytes));
}

void ModelWriter::SetMetadata(std::string key, std::string value) {
  if (key.empty() || key.find_first_of("=\n") != std::string::npos) {
    Reject("metadata key '" + key + "' must be non-empty without '=' or newline");
    return;
  }
  if (value.find('\n') != std::string::npos) {
    Reject("metadata value for key '" + key + "' must not contain a newline");
    return;
  }
  metadata_[std::move(key)] = std::move(value);
}

std::string ModelWriter::Serialize(uint32_t format_version) const {
  // Assemble the effective section list: "meta" first, then in added order.
  std::string meta;
  for (const auto& kv : metadata_) {
    meta += kv.first;
    meta += '=';
    meta += kv.second;
    meta += '\n';
  }
  std::vector<std::pair<std::string_view, std::string_view>> sections;
  if (!metadata_.empty()) sections.emplace_back(kMetadataSectionName, meta);
  for (const auto& s : sections_) sections.emplace_back(s.first, s.second);

  const size_t table_end = kModelHeaderSize + kSectionEntrySize * sections.size();
  std::vector<size_t> offsets;
  size_t pos = AlignUp(table_end, kSectionAlignment);
  for (const auto& s : sections) {
    offsets.push_back(pos);
    pos = AlignUp(pos + s.second.size(), kSectionAlignment);
  }
  // The file is padded to a multiple of 64 so that even an empty last
  // section has an offset inside [0, file_size].
  const size_t file_size = pos;

  std::string out(file_size, '\0');
  uint8_t* p = reinterpret_cast<uint8_t*>(&out[0]);
  std::memcpy(p, kModelMagic, sizeof(kModelMagic));
  StoreLE(p + 8, format_version, 4);
  StoreLE(p + 12, sections.size(), 4);
  StoreLE(p + 16, file_size, 8);
  for (size_t i = 0; i < sections.size(); ++i) {
    uint8_t* e = p + kModelHeaderSize + kSectionEntrySize * i;
    std::memcpy(e, sections[i].first.data(), sections[i].first.size());
    StoreLE(e + kSectionNameField, offsets[i], 8);
    StoreLE(e + kSectionNameField + 8, sections[i].second.size(), 8);
    // flags (e + 48) stay zero.
    if (!sections[i].second.empty()) {
      std::memcpy(p + offsets[i], sections[i].second.data(),
                  sections[i].second.size());
    }
  }
  uint64_t checksum = 0;
  if (HashImage(p, file_size, &checksum)) {
    StoreLE(p + kModelChecksumOffset, checksum, 8);
  }
  return out;
}

Status ModelWriter::WriteFile(const std::string& path) const {
  if (!status_.ok()) return status_;
  std::string bytes;
  try {
    bytes = Serialize();
  } catch (const std::bad_alloc&) {
    return Status(StatusCode::kOutOfMemory, "out of memory serializing model");
  }
  const std::string tmp = path + ".tmp";
  auto fail = [&](const std::string& why) {
    os::RemoveFile(tmp);
    return Status(StatusCode::kIo, "cannot write model file '" + path + "': " + why);
  };
  std::string why;
  std::FILE* fp = os::OpenStdio(tmp, "wb", &why);
  if (fp == nullptr) return fail(why);
  if (std::fwrite(bytes.data(), 1, bytes.size(), fp) != bytes.size() ||
      std::fflush(fp) != 0) {
    why = ErrnoText(errno);
    std::fclose(fp);
    return fail(why);
  }
  // Make the data durable before the rename publishes it.
  if (why = os::SyncFile(fp); !why.empty()) {
    std::fclose(fp);
    return fail(why);
  }
  if (std::fclose(fp) != 0) return fail(ErrnoText(errno));
  if (why = os::RenameReplacing(tmp, path); !why.empty()) return fail(why);
  return Status::Ok();
}

// ---------------------------------------------------------------------------
// ModelFile

// What the first bytes alone can show: magic, format version, a complete
// header. On success *declared holds the file size the header declares.
Status ModelFile::CheckPrefix(const uint8_t* data, size_t size, uint64_t* declared) {
  if (data == nullptr && size != 0) {
    return Status(StatusCode::kInvalidArgument, "model data is null");
  }
  // Magic first (as many bytes as exist) so that any random file is reported
  // as "not a model" rather than "truncated".
  if (size != 0 &&
      std::memcmp(data, kModelMagic, std::min(size, sizeof(kModelMagic))) != 0) {
    return FormatError("not a kma model file (bad magic)", 0);
  }
  if (size < 12) {
    return FormatError("truncated model file: " + std::to_string(size) +
                           " bytes, smaller than the " +
                           std::to_string(kModelHeaderSize) + "-byte header",
                       static_cast<int64_t>(size));
  }
  const uint32_t version = static_cast<uint32_t>(LoadLE(data + 8, 4));
  if (version < kMinCompatibleModelFormatVersion ||
      version > kModelFormatVersion) {
    const bool newer = version > kModelFormatVersion;
    return Status(
        StatusCode::kModelVersion,
        "model file format version " + std::to_string(version) +
            " is not supported: this library reads versions " +
            std::to_string(kMinCompatibleModelFormatVersion) + " to " +
            std::to_string(kModelFormatVersion) +
            (newer ? " (the file needs a newer kma)"
                   : " (the file is too old; rebuild it)"),
        8);
  }
  if (size < kModelHeaderSize) {
    return FormatError("truncated model file: " + std::to_string(size) +
                           " bytes, smaller than the " +
                           std::to_string(kModelHeaderSize) + "-byte header",
                       static_cast<int64_t>(size));
  }
  *declared = LoadLE(data + 16, 8);
  return Status::Ok();
}

// The fixed header: magic, format version, declared size. On success
// *version and *count hold the version and the section count.
Status ModelFile::CheckHeader(const uint8_t* data, size_t size, uint32_t* version_out,
                              uint32_t* count_out) {
  uint64_t declared = 0;
  KMA_RETURN_IF_ERROR(CheckPrefix(data, size, &declared));
  if (declared != size) {
    if (declared > size) {
      return FormatError("truncated model file: header declares " +
                             std::to_string(declared) + " bytes but only " +
                             std::to_string(size) + " are present",
                         static_cast<int64_t>(size));
    }
    return FormatError("model file size mismatch: header declares " +
                           std::to_string(declared) + " bytes but " +
                           std::to_string(size) +
                           " are present (trailing bytes)",
                       static_cast<int64_t>(declared));
  }
  *version_out = static_cast<uint32_t>(LoadLE(data + 8, 4));
  *count_out = static_cast<uint32_t>(LoadLE(data + 12, 4));
  return Status::Ok();
}

// The section table: names, alignment, bounds, no duplicates.
Status ModelFile::ParseSectionTable(uint32_t count) {
  const uint8_t* data = data_;
  const size_t size = size_;
  // Section table. Divide instead of multiplying so a huge count can't wrap.
  if (count > (size - kModelHeaderSize) / kSectionEntrySize) {
    return FormatError("section table (" + std::to_string(count) +
                           " entries) extends past the end of the file",
                       12);
  }
  const size_t table_end = kModelHeaderSize + kSectionEntrySize * count;
  sections_.reserve(count);
  for (uint32_t i = 0; i < count; ++i) {
    const size_t at = kModelHeaderSize + kSectionEntrySize * i;
    const uint8_t* e = data + at;
    const void* nul = std::memchr(e, 0, kSectionNameField);
    const size_t len = nul == nullptr
                           ? kSectionNameField
                           : static_cast<size_t>(static_cast<const uint8_t*>(nul) - e);
    bool padded = len > 0 && len < kSectionNameField;
    for (size_t k = len; padded && k < kSectionNameField; ++k) padded = e[k] == 0;
    if (!padded) {
      return FormatError("section " + std::to_string(i) +
                             ": name must be 1 to 31 bytes, NUL-padded",
                         static_cast<int64_t>(at));
    }
    Section s;
    s.name = std::string_view(reinterpret_cast<const char*>(e), len);
    s.offset = LoadLE(e + kSectionNameField, 8);
    s.size = LoadLE(e + kSectionNameField + 8, 8);
    const std::string label = "section '" + std::string(s.name) + "'";
    for (const Section& prev : sections_) {
      if (prev.name == s.name) {
        return FormatError("duplicate " + label, static_cast<int64_t>(at));
      }
    }
    if (s.offset % kSectionAlignment != 0) {
      return FormatError(label + " is not 64-byte aligned (offset " +
                             std::to_string(s.offset) + ")",
                         static_cast<int64_t>(at));
    }
    if (s.offset < table_end || s.offset > size || s.size > size - s.offset) {
      return FormatError(label + " is out of bounds (offset " +
                             std::to_string(s.offset) + ", size " +
                             std::to_string(s.size) + ", file " +
                             std::to_string(size) + " bytes)",
                         static_cast<int64_t>(at));
    }
    sections_.push_back(s);
  }
  return Status::Ok();
}

Status ModelFile::CheckNoOverlap() const {
  // Overlap check on sections sorted by offset; empty sections occupy no
  // bytes and so cannot overlap anything.
  std::vector<const Section*> by_offset;
  for (const Section& s : sections_) {
    if (s.size > 0) by_offset.push_back(&s);
  }
  std::sort(by_offset.begin(), by_offset.end(),
            [](const Section* a, const Section* b) { return a->offset < b->offset; });
  for (size_t i = 1; i < by_offset.size(); ++i) {
    const Section& a = *by_offset[i - 1];
    const Section& b = *by_offset[i];
    if (a.offset + a.size > b.offset) {
      return FormatError("section '" + std::string(a.name) + "' overlaps section '" +
                             std::string(b.name) + "'",
                         static_cast<int64_t>(b.offset));
    }
  }
  return Status::Ok();
}

StatusOr<ModelFile> ModelFile::Parse(const uint8_t* data, size_t size,
                                     bool verify_checksum) {
  uint32_t version = 0;
  uint32_t count = 0;
  KMA_RETURN_IF_ERROR(CheckHeader(data, size, &version, &count));
  ModelFile f;
  f.data_ = data;
  f.size_ = size;
  f.format_version_ = version;
  f.checksum_ = LoadLE(data + kModelChecksumOffset, 8);
  // The checksum is checked before the table so that random corruption gets
  // the accurate diagnosis; the structural checks below still run either way.
  if (verify_checksum) {
    uint64_t actual = 0;
    if (!HashImage(data, size, &actual)) {
      return Status(StatusCode::kOutOfMemory, "out of memory hashing model");
    }
    if (actual != f.checksum_) {
      return FormatError("checksum mismatch: file is corrupt");
    }
  }

  KMA_RETURN_IF_ERROR(f.ParseSectionTable(count));
  KMA_RETURN_IF_ERROR(f.CheckNoOverlap());
  const uint8_t* meta = nullptr;
  size_t meta_size = 0;
  if (f.FindSection(kMetadataSectionName, &meta, &meta_size)) {
    KMA_RETURN_IF_ERROR(f.ParseMetadata(meta, meta_size,
                                        static_cast<uint64_t>(meta - data)));
  }
  return f;
}

Status ModelFile::ParseMetadata(const uint8_t* meta, size_t meta_size,
                                uint64_t meta_offset) {
  const std::string_view text(reinterpret_cast<const char*>(meta), meta_size);
  size_t pos = 0;
  while (pos < text.size()) {
    const int64_t at = static_cast<int64_t>(meta_offset + pos);
    const size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) {
      return FormatError("metadata: last line has no newline", at);
    }
    const std::string_view line = text.substr(pos, eol - pos);
    const size_t eq = line.find('=');
    if (eq == std::string_view::npos || eq == 0) {
      return FormatError("metadata: line is not 'key=value'", at);
    }
    const std::string_view key = line.substr(0, eq);
    if (!metadata_.empty() && !(metadata_.back().first < key)) {
      return FormatError("metadata: keys are not strictly sorted", at);
    }
    metadata_.emplace_back(key, line.substr(eq + 1));
    pos = eol + 1;
  }
  return Status::Ok();
}

bool ModelFile::FindSection(std::string_view name, const uint8_t** data,
                            size_t* size) const {
  for (const Section& s : sections_) {
    if (s.name == name) {
      if (data != nullptr) *data = data_ + s.offset;
      if (size != nullptr) *size = static_cast<size_t>(s.size);
      return true;
    }
  }
  return false;
}

std::vector<std::string> ModelFile::section_names() const {
  std::vector<std::string> names;
  names.reserve(sections_.size());
  for (const Section& s : sections_) names.emplace_back(s.name);
  return names;
}

bool ModelFile::FindMetadata(std::string_view key, std::string_view* value) const {
  // Keys are validated as strictly sorted, so binary search is exact.
  auto it = std::lower_bound(
      metadata_.begin(), metadata_.end(), key,
      [](const std::pair<std::string_view, std::string_view>& kv,
         std::string_view k) { return kv.first < k; });
  if (it == metadata_.end() || it->first != key) return false;
  if (value != nullptr) *value = it->second;
  return true;
}

std::string ModelFile::Metadata(std::string_view key) const {
  std::string_view v;
  return FindMetadata(key, &v) ? std::string(v) : std::string();
}

std::vector<std::pair<std::string, std::string>> ModelFile::AllMetadata() const {
  std::vector<std::pair<std::string, std::string>> all;
  all.reserve(metadata_.size());
  for (const auto& kv : metadata_) all.emplace_back(kv.first, kv.second);
  return all;
}

}  // namespace kma
