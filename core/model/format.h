// The kma model file container: a sectioned, checksummed, little-endian binary
// format designed for zero-copy use from a memory mapping.
//
// Layout (all integers little-endian):
//
//   offset  size  field
//   0       8     magic "KMAMODEL"
//   8       4     u32 format_version   (kModelFormatVersion when written)
//   12      4     u32 section_count
//   16      8     u64 file_size        (total bytes, header included)
//   24      8     u64 checksum         (see below)
//   32      32    reserved, written as zero, ignored when read
//   64      56*n  section table; entry i:
//                   32 bytes  name, UTF-8, 1..31 bytes, NUL-padded
//                   u64       offset from the start of the file
//                   u64       size in bytes
//                   u64       flags, reserved: written as zero, ignored
//   ...           sections, in table order, each at a 64-byte aligned offset,
//                 zero padding between them and after the table.
//
// Checksum: XXH3-64 (seed 0) of the whole file with the 8 checksum bytes
// (offsets 24..31) taken as zero. Covering the header and table as well as the
// payload means any single corrupted byte except inside the checksum field
// itself is detected, and a mismatching checksum field is detected too.
//
// Metadata: a section named "meta" holds UTF-8 "key=value\n" lines, keys
// strictly ascending (byte order), keys non-empty without '=' or '\n', values
// without '\n'. The writer emits it first, and only if any metadata was set.
//
// Versioning (tree-sitter style): readers accept
// [kMinCompatibleModelFormatVersion, kModelFormatVersion]. Only the
// magic and version are read before the version check, so a future version
// may change everything after byte 12.
#ifndef KMA_CORE_MODEL_FORMAT_H_
#define KMA_CORE_MODEL_FORMAT_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/status.h"
#include "core/base/version.h"

namespace kma {

/// The 8 magic bytes at offset 0 (no NUL terminator in the file).
inline constexpr char kModelMagic[8] = {'K', 'M', 'A', 'M', 'O', 'D', 'E', 'L'};
/// Size of the fixed file header in bytes.
inline constexpr size_t kModelHeaderSize = 64;
/// Byte offset of the u64 checksum field inside the header.
inline constexpr size_t kModelChecksumOffset = 24;
/// Size of one section table entry in bytes.
inline constexpr size_t kSectionEntrySize = 56;
/// Size of the NUL-padded name field of a section table entry.
inline constexpr size_t kSectionNameField = 32;
/// Longest section name in bytes (one byte is kept for the NUL).
inline constexpr size_t kMaxSectionNameLength = kSectionNameField - 1;
/// Every section starts at a multiple of this offset.
inline constexpr size_t kSectionAlignment = 64;
/// Name of the metadata section.
inline constexpr std::string_view kMetadataSectionName = "meta";

/// Computes the checksum a complete model file must carry: XXH3-64 of the
/// @p size bytes at @p data, with bytes [24, 32) treated as zero. Requires
/// size >= kModelHeaderSize (returns 0 otherwise). Exposed so that tools and
/// tests can patch a file and re-seal it. Thread-safety: any thread.
uint64_t ComputeModelChecksum(const uint8_t* data, size_t size);

/// Builds a model file in memory. Invalid calls (bad or duplicate names, bad
/// metadata keys/values) are ignored and remembered: status() reports the
/// first one and WriteFile() refuses to write. Serialize() is deterministic:
/// the same calls in the same order give the same bytes.
/// Thread-safety: one thread per writer at a time.
class ModelWriter {
 public:
  /// Appends a section. File order is the order of addition (after "meta").
  /// @param[in] name   1..31 bytes, no NUL, unique, not "meta".
  /// @param[in] bytes  the payload; moved into the writer.
  void AddSection(std::string name, std::string bytes);

  /// Sets (or replaces) one metadata entry.
  /// @param[in] key    non-empty, without '=' or '\n'.
  /// @param[in] value  without '\n' (may be empty or contain '=').
  void SetMetadata(std::string key, std::string value);

  /// OK, or kInvalidArgument describing the first rejected call.
  const Status& status() const { return status_; }

  /// Returns the complete file image.
  /// @param[in] format_version  version stamped in the header; other values
  ///            than the default exist for compatibility tests.
  std::string Serialize(
      uint32_t format_version = kModelFormatVersion) const;

  /// Writes Serialize() to "<path>.tmp" and renames it over @p path, so that
  /// readers never observe a half-written model.
  /// @return kIo "cannot write model file '<path>': <reason>" on failure (the
  ///         temporary file is removed), or status() if a call was rejected.
  Status WriteFile(const std::string& path) const;

 private:
  void Reject(std::string message);

  std::vector<std::pair<std::string, std::string>> sections_;
  std::map<std::string, std::string> metadata_;  // sorted = file order
  Status status_;
};

/// A validated, zero-copy view of a model file image.
/// Copyable and cheap; it keeps pointers into the parsed bytes, which must
/// outlive it (and all its copies). Thread-safety: immutable, any thread.
class ModelFile {
 public:
  /// An empty view (no sections, no metadata, format_version() == 0), so a
  /// ModelFile can be a member assigned from Parse() later.
  ModelFile() = default;

  /// Validates and indexes a file image. Checks, in order:
  ///  - magic (as far as the bytes go), else kModelFormat "not a kma model
  ///    file (bad magic)"; at least 12 bytes, else kModelFormat "truncated";
  ///  - format version in [kMinCompatibleModelFormatVersion,
  ///    kModelFormatVersion], else kModelVersion naming the file's
  ///    version and the supported range;
  ///  - a complete 64-byte header, else kModelFormat "truncated";
  ///  - declared file_size == @p size, else kModelFormat ("truncated ..." when
  ///    shorter, "... trailing bytes" when longer);
  ///  - checksum (if @p verify_checksum), else kModelFormat "checksum
  ///    mismatch: file is corrupt";
  ///  - section table in bounds; every name 1..31 bytes, NUL-padded, unique;
  ///    every section 64-byte aligned, after the table, inside the file and
  ///    not overlapping another one; well-formed "meta" section. Else
  ///    kModelFormat with the offending byte offset in Status::offset().
  /// @param[in] data  the file image; must outlive the returned ModelFile.
  /// @param[in] size  its length in bytes.
  /// @param[in] verify_checksum  false skips hashing the whole file (useful
  ///            for huge files already verified once); structure is always
  ///            validated, so a bad file still cannot cause out-of-bounds reads.
  static StatusOr<ModelFile> Parse(const uint8_t* data, size_t size,
                                   bool verify_checksum = true);

  /// Checks the first bytes of a file alone (magic, version, a complete
  /// header), with Parse()'s errors, so that a reader of a stream can stop
  /// before reading more and knows how much to read.
  /// @param[in]  data      the first @p size bytes of the file.
  /// @param[out] declared  on success, the file size the header declares.
  static Status CheckPrefix(const uint8_t* data, size_t size, uint64_t* declared);

  /// Format version from the header.
  uint32_t format_version() const { return format_version_; }
  /// The checksum stored in the header.
  uint64_t checksum() const { return checksum_; }
  /// The whole image (as passed to Parse).
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }

  /// Looks up a section by name.
  /// @param[out] data  receives a pointer to the payload (64-byte aligned
  ///                   relative to the file start); may be null.
  /// @param[out] size  receives the payload size; may be null.
  /// @return false (outputs untouched) if there is no such section.
  bool FindSection(std::string_view name, const uint8_t** data,
                   size_t* size) const;
  /// Section names in file order (including "meta" when present).
  std::vector<std::string> section_names() const;

  /// Value of a metadata key, or "" if absent.
  std::string Metadata(std::string_view key) const;
  /// Like Metadata(), but distinguishes "absent" from "empty"; the view
  /// points into the file image.
  bool FindMetadata(std::string_view key, std::string_view* value) const;
  /// All metadata entries, sorted by key.
  std::vector<std::pair<std::string, std::string>> AllMetadata() const;

 private:
  struct Section {
    std::string_view name;  // points into the image
    uint64_t offset;
    uint64_t size;
  };

  static Status CheckHeader(const uint8_t* data, size_t size, uint32_t* version_out,
                            uint32_t* count_out);
  Status ParseSectionTable(uint32_t count);  // fills sections_ (data_, size_ set)
  Status CheckNoOverlap() const;
  Status ParseMetadata(const uint8_t* meta, size_t meta_size,
                       uint64_t meta_offset);

  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  uint32_t format_version_ = 0;
  uint64_t checksum_ = 0;
  std::vector<Section> sections_;  // file (table) order
  std::vector<std::pair<std::string_view, std::string_view>> metadata_;
};

}  // namespace kma

#endif  // KMA_CORE_MODEL_FORMAT_H_
