// Tests for the model file container (core/model/format.h) and the file view
// it is parsed from (core/model/mapped_file.h). Corrupt inputs are always parsed
// from exact-size heap copies so that AddressSanitizer flags any overread.
#include "core/model/format.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/model/mapped_file.h"

#if defined(__unix__) || defined(__APPLE__)
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace kma {
namespace {

using Bytes = std::vector<uint8_t>;

Bytes ToBytes(const std::string& s) { return Bytes(s.begin(), s.end()); }

StatusOr<ModelFile> ParseBytes(const Bytes& b, bool verify = true) {
  return ModelFile::Parse(b.data(), b.size(), verify);
}

uint64_t Get64(const Bytes& b, size_t at) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<uint64_t>(b[at + i]) << (8 * i);
  return v;
}

void Put64(Bytes* b, size_t at, uint64_t v) {
  for (int i = 0; i < 8; ++i) (*b)[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

void Put32(Bytes* b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) (*b)[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

// Recomputes and stores the checksum so that a crafted file passes the
// checksum and reaches the structural checks.
void Reseal(Bytes* b) {
  Put64(b, kModelChecksumOffset, ComputeModelChecksum(b->data(), b->size()));
}

size_t EntryAt(size_t i) { return kModelHeaderSize + kSectionEntrySize * i; }
size_t OffsetField(size_t i) { return EntryAt(i) + kSectionNameField; }
size_t SizeField(size_t i) { return EntryAt(i) + kSectionNameField + 8; }

std::string Pattern(size_t n, uint8_t seed) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; ++i) s[i] = static_cast<char>(seed + i * 7);
  return s;
}

// A small file with metadata and sections of awkward sizes: sections
// "meta", "alpha" (1 byte), "empty" (0), "beta" (63), "gamma" (65).
ModelWriter SmallWriter() {
  ModelWriter w;
  w.AddSection("alpha", "A");
  w.AddSection("empty", "");
  w.AddSection("beta", Pattern(63, 3));
  w.AddSection("gamma", Pattern(65, 9));
  w.SetMetadata("name", "test");
  w.SetMetadata("license", "CC-BY-4.0");
  return w;
}

// With the process id: the sanitizer lanes run this test binary while the
// main tree's copy runs, and two processes sharing one FIFO path deadlock
// (each removes and recreates the other's FIFO).
std::string TempPath(const std::string& leaf) {
#if defined(__unix__) || defined(__APPLE__)
  const std::string pid = std::to_string(::getpid()) + "_";
#else
  const std::string pid;
#endif
  return ::testing::TempDir() + "kma_model_format_test_" + pid + leaf;
}

bool FileExists(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  std::fclose(f);
  return true;
}

// ---------------------------------------------------------------------------
// Round trips and layout

TEST(ModelFormat, RoundTripThroughSerializeAndParse) {
  ModelWriter w;
  const std::vector<std::pair<std::string, std::string>> sections = {
      {"one", Pattern(1, 1)},   {"zero", ""},
      {"s63", Pattern(63, 2)},  {"s64", Pattern(64, 3)},
      {"s65", Pattern(65, 4)},  {"big", Pattern(10000, 5)},
      {std::string(31, 'n'), "max-length name"}};
  for (const auto& s : sections) w.AddSection(s.first, s.second);
  ASSERT_TRUE(w.status().ok()) << w.status().message();
  const Bytes file = ToBytes(w.Serialize());

  auto parsed = ParseBytes(file);
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  EXPECT_EQ(parsed->format_version(), static_cast<uint32_t>(kModelFormatVersion));
  EXPECT_EQ(parsed->size(), file.size());

  std::vector<std::string> expected_names;
  for (const auto& s : sections) expected_names.push_back(s.first);
  EXPECT_EQ(parsed->section_names(), expected_names);  // no "meta": none set

  for (const auto& s : sections) {
    const uint8_t* p = nullptr;
    size_t n = 12345;
    ASSERT_TRUE(parsed->FindSection(s.first, &p, &n)) << s.first;
    ASSERT_EQ(n, s.second.size()) << s.first;
    // Zero-copy: the payload pointer lies inside the parsed buffer.
    EXPECT_GE(p, file.data());
    EXPECT_LE(p + n, file.data() + file.size());
    EXPECT_EQ(std::string(reinterpret_cast<const char*>(p), n), s.second);
  }
  const uint8_t* p = nullptr;
  size_t n = 7;
  EXPECT_FALSE(parsed->FindSection("missing", &p, &n));
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(n, 7u);
}

TEST(ModelFormat, HeaderLayoutIsAsDocumented) {
  const Bytes file = ToBytes(SmallWriter().Serialize());
  ASSERT_GE(file.size(), kModelHeaderSize);
  EXPECT_EQ(std::memcmp(file.data(), "KMAMODEL", 8), 0);
  EXPECT_EQ(file[8], kModelFormatVersion);  // little-endian u32
  EXPECT_EQ(file[9] | file[10] | file[11], 0);
  EXPECT_EQ(file[12], 5);  // meta + 4 added sections
  EXPECT_EQ(Get64(file, 16), file.size());
  EXPECT_EQ(Get64(file, 24), ComputeModelChecksum(file.data(), file.size()));
  EXPECT_NE(Get64(file, 24), 0u);
  for (size_t i = 32; i < 64; ++i) EXPECT_EQ(file[i], 0) << "reserved byte " << i;
  // First table entry is "meta", NUL-padded.
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(&file[64])), "meta");
  for (size_t i = 64 + 4; i < 64 + kSectionNameField; ++i) EXPECT_EQ(file[i], 0);
}

TEST(ModelFormat, SerializeIsDeterministic) {
  const std::string a = SmallWriter().Serialize();
  const std::string b = SmallWriter().Serialize();
  EXPECT_EQ(a, b);
  // Metadata order of SetMetadata calls does not matter (sorted by key)...
  ModelWriter w1, w2;
  w1.SetMetadata("b", "2");
  w1.SetMetadata("a", "1");
  w2.SetMetadata("a", "1");
  w2.SetMetadata("b", "2");
  EXPECT_EQ(w1.Serialize(), w2.Serialize());
  // ...but section order does.
  ModelWriter s1, s2;
  s1.AddSection("x", "1");
  s1.AddSection("y", "2");
  s2.AddSection("y", "2");
  s2.AddSection("x", "1");
  EXPECT_NE(s1.Serialize(), s2.Serialize());
}

TEST(ModelFormat, EverySectionIs64ByteAlignedAndPaddingIsZero) {
  const Bytes file = ToBytes(SmallWriter().Serialize());
  EXPECT_EQ(file.size() % kSectionAlignment, 0u);
  auto parsed = ParseBytes(file);
  ASSERT_TRUE(parsed.ok()) << parsed.status().message();
  std::vector<bool> covered(file.size(), false);
  const size_t count = parsed->section_names().size();
  for (size_t i = 0; i < kModelHeaderSize + kSectionEntrySize * count; ++i) covered[i] = true;
  for (const std::string& name : parsed->section_names()) {
    const uint8_t* p;
    size_t n;
    ASSERT_TRUE(parsed->FindSection(name, &p, &n));
    const size_t offset = static_cast<size_t>(p - file.data());
    EXPECT_EQ(offset % 64, 0u) << name;
    for (size_t k = offset; k < offset + n; ++k) covered[k] = true;
  }
  for (size_t k = 0; k < file.size(); ++k) {
    if (!covered[k]) {
      EXPECT_EQ(file[k], 0) << "padding byte " << k;
    }
  }
}

TEST(ModelFormat, MetadataRoundTrip) {
  ModelWriter w;
  w.SetMetadata("license", "CC-BY-SA 4.0");
  w.SetMetadata("equation", "a=b=c");       // '=' allowed in values
  w.SetMetadata("empty", "");
  w.SetMetadata("desc", "한국어 형태소 분석기");  // UTF-8
  w.SetMetadata("license", "MIT");           // replaces
  w.AddSection("data", "payload");
  ASSERT_TRUE(w.status().ok());
  const Bytes file = ToBytes(w.Serialize());
  auto m = ParseBytes(file);
  ASSERT_TRUE(m.ok()) << m.status().message();

  EXPECT_EQ(m->Metadata("license"), "MIT");
  EXPECT_EQ(m->Metadata("equation"), "a=b=c");
  EXPECT_EQ(m->Metadata("desc"), "한국어 형태소 분석기");
  EXPECT_EQ(m->Metadata("absent"), "");
  std::string_view v = "untouched";
  EXPECT_TRUE(m->FindMetadata("empty", &v));
  EXPECT_EQ(v, "");
  EXPECT_FALSE(m->FindMetadata("absent", &v));
  EXPECT_FALSE(m->FindMetadata("licens", &v));  // prefix of a key

  const std::vector<std::pair<std::string, std::string>> expected = {
      {"desc", "한국어 형태소 분석기"}, {"empty", ""},
      {"equation", "a=b=c"}, {"license", "MIT"}};
  EXPECT_EQ(m->AllMetadata(), expected);

  // The "meta" section comes first and holds sorted key=value lines.
  EXPECT_EQ(m->section_names(), (std::vector<std::string>{"meta", "data"}));
  const uint8_t* p;
  size_t n;
  ASSERT_TRUE(m->FindSection("meta", &p, &n));
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(p), n),
            "desc=한국어 형태소 분석기\nempty=\nequation=a=b=c\nlicense=MIT\n");
}

TEST(ModelFormat, WriterRejectsInvalidCallsAndKeepsFirstError) {
  ModelWriter w;
  w.AddSection("ok", "1");
  w.AddSection(std::string(32, 'x'), "too long name");
  EXPECT_EQ(w.status().code(), StatusCode::kInvalidArgument);
  const std::string first = w.status().message();
  w.AddSection("ok", "duplicate");
  EXPECT_EQ(w.status().message(), first);

  struct Case {
    const char* what;
    void (*call)(ModelWriter*);
  };
  const Case cases[] = {
      {"empty name", [](ModelWriter* x) { x->AddSection("", "1"); }},
      {"32-byte name", [](ModelWriter* x) { x->AddSection(std::string(32, 'a'), ""); }},
      {"NUL in name", [](ModelWriter* x) { x->AddSection(std::string("a\0b", 3), ""); }},
      {"duplicate", [](ModelWriter* x) { x->AddSection("d", ""); x->AddSection("d", ""); }},
      {"reserved meta", [](ModelWriter* x) { x->AddSection("meta", "k=v\n"); }},
      {"empty key", [](ModelWriter* x) { x->SetMetadata("", "v"); }},
      {"'=' in key", [](ModelWriter* x) { x->SetMetadata("a=b", "v"); }},
      {"newline in key", [](ModelWriter* x) { x->SetMetadata("a\nb", "v"); }},
      {"newline in value", [](ModelWriter* x) { x->SetMetadata("k", "v\nw"); }},
  };
  for (const Case& c : cases) {
    ModelWriter x;
    c.call(&x);
    EXPECT_EQ(x.status().code(), StatusCode::kInvalidArgument) << c.what;
    // Rejected calls leave no trace in the output.
    const Bytes file = ToBytes(x.Serialize());
    auto m = ParseBytes(file);
    ASSERT_TRUE(m.ok()) << c.what;
    EXPECT_LE(m->section_names().size(), 1u) << c.what;
    EXPECT_TRUE(m->AllMetadata().empty()) << c.what;
  }

  // WriteFile refuses to write a writer with a rejected call.
  const std::string path = TempPath("rejected.kma");
  std::remove(path.c_str());
  Status st = w.WriteFile(path);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_FALSE(FileExists(path));
}

TEST(ModelFormat, DefaultConstructedModelFileIsEmpty) {
  ModelFile m;
  EXPECT_EQ(m.format_version(), 0u);
  EXPECT_TRUE(m.section_names().empty());
  EXPECT_FALSE(m.FindSection("meta", nullptr, nullptr));
  EXPECT_EQ(m.Metadata("x"), "");
  // Assignable from a parsed file (how a loader keeps it as a member).
  const Bytes file = ToBytes(SmallWriter().Serialize());
  auto parsed = ParseBytes(file);
  ASSERT_TRUE(parsed.ok());
  m = std::move(parsed.value());
  EXPECT_EQ(m.Metadata("name"), "test");
  EXPECT_EQ(m.section_names().size(), 5u);
}

TEST(ModelFormat, EmptyWriterGivesValidFile) {
  const Bytes file = ToBytes(ModelWriter().Serialize());
  EXPECT_EQ(file.size(), kModelHeaderSize);
  auto m = ParseBytes(file);
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_TRUE(m->section_names().empty());
  EXPECT_TRUE(m->AllMetadata().empty());
}

// ---------------------------------------------------------------------------
// Corruption

TEST(ModelFormat, EveryTruncationIsRejected) {
  const std::string full = SmallWriter().Serialize();
  for (size_t len = 0; len < full.size(); ++len) {
    const Bytes prefix(full.begin(), full.begin() + len);  // exact-size buffer
    for (bool verify : {true, false}) {
      auto m = ParseBytes(prefix, verify);
      ASSERT_FALSE(m.ok()) << "length " << len;
      EXPECT_EQ(m.status().code(), StatusCode::kModelFormat) << "length " << len;
      EXPECT_NE(m.status().message().find("truncated"), std::string::npos)
          << "length " << len << ": " << m.status().message();
    }
  }
  auto null_empty = ModelFile::Parse(nullptr, 0);
  EXPECT_EQ(null_empty.status().code(), StatusCode::kModelFormat);
  auto null_sized = ModelFile::Parse(nullptr, 100);
  EXPECT_EQ(null_sized.status().code(), StatusCode::kInvalidArgument);
}

TEST(ModelFormat, TrailingBytesAreRejected) {
  Bytes file = ToBytes(SmallWriter().Serialize());
  file.push_back(0);
  auto m = ParseBytes(file);
  EXPECT_EQ(m.status().code(), StatusCode::kModelFormat);
  EXPECT_NE(m.status().message().find("trailing"), std::string::npos);
}

TEST(ModelFormat, FlippedByteAnywhereIsDetected) {
  const Bytes good = ToBytes(SmallWriter().Serialize());
  for (size_t i = 0; i < good.size(); ++i) {
    Bytes bad = good;
    bad[i] ^= 0x20;
    auto m = ParseBytes(bad);
    ASSERT_FALSE(m.ok()) << "byte " << i;
    const std::string& msg = m.status().message();
    if (i < 8) {
      EXPECT_EQ(msg, "not a kma model file (bad magic)") << "byte " << i;
    } else if (i < 12) {
      EXPECT_EQ(m.status().code(), StatusCode::kModelVersion) << "byte " << i;
    } else if (i >= 16 && i < 24) {
      EXPECT_EQ(m.status().code(), StatusCode::kModelFormat) << "byte " << i;
    } else {
      // Counts, checksum, reserved, table, padding and every section byte.
      EXPECT_EQ(m.status().code(), StatusCode::kModelFormat) << "byte " << i;
      EXPECT_EQ(msg, "checksum mismatch: file is corrupt") << "byte " << i;
    }
  }
}

TEST(ModelFormat, UnverifiedParseOfCorruptFilesNeverReadsOutOfBounds) {
  // With the checksum off, only the structural checks stand between a corrupt
  // table and an out-of-bounds pointer. Every accepted file must still have
  // every section inside the buffer (ASan checks the parser itself).
  const Bytes good = ToBytes(SmallWriter().Serialize());
  const size_t table_end = EntryAt(5);
  for (size_t i = 0; i < table_end; ++i) {
    for (uint8_t x : {0x01, 0x40, 0x80, 0xFF}) {
      Bytes bad = good;
      bad[i] ^= x;
      auto m = ParseBytes(bad, /*verify=*/false);
      if (!m.ok()) continue;
      for (const std::string& name : m->section_names()) {
        const uint8_t* p;
        size_t n;
        ASSERT_TRUE(m->FindSection(name, &p, &n));
        ASSERT_GE(p, bad.data()) << "byte " << i;
        ASSERT_LE(n, bad.size()) << "byte " << i;
        ASSERT_LE(p + n, bad.data() + bad.size()) << "byte " << i;
        ASSERT_EQ((p - bad.data()) % 64, 0) << "byte " << i;
      }
      for (const auto& kv : m->AllMetadata()) (void)kv;
    }
  }
}

TEST(ModelFormat, BadMagic) {
  Bytes file = ToBytes(SmallWriter().Serialize());
  file[7] = 'X';
  auto m = ParseBytes(file);
  EXPECT_EQ(m.status().code(), StatusCode::kModelFormat);
  EXPECT_EQ(m.status().message(), "not a kma model file (bad magic)");

  const Bytes text = ToBytes("hello, this is a text file and not a model at all\n");
  EXPECT_EQ(ParseBytes(text).status().message(), "not a kma model file (bad magic)");
  // Short garbage is "not a model" too, rather than "truncated".
  EXPECT_EQ(ParseBytes(ToBytes("PK")).status().message(),
            "not a kma model file (bad magic)");
}

TEST(ModelFormat, FutureVersionIsModelVersionError) {
  const uint32_t future = kModelFormatVersion + 40;
  const Bytes file = ToBytes(SmallWriter().Serialize(future));
  auto m = ParseBytes(file);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), StatusCode::kModelVersion);
  const std::string& msg = m.status().message();
  EXPECT_NE(msg.find(std::to_string(future)), std::string::npos) << msg;
  EXPECT_NE(msg.find(std::to_string(kMinCompatibleModelFormatVersion) + " to " +
                     std::to_string(kModelFormatVersion)),
            std::string::npos)
      << msg;

  // The version check comes before the size check: a future-version file of
  // any length (its layout may differ) is still a version error.
  const Bytes head(file.begin(), file.begin() + 12);
  EXPECT_EQ(ParseBytes(head).status().code(), StatusCode::kModelVersion);
}

TEST(ModelFormat, TooOldVersionIsModelVersionError) {
  const uint32_t old = kMinCompatibleModelFormatVersion - 1;
  const Bytes file = ToBytes(SmallWriter().Serialize(old));
  auto m = ParseBytes(file);
  EXPECT_EQ(m.status().code(), StatusCode::kModelVersion);
  EXPECT_NE(m.status().message().find("version " + std::to_string(old) + " "),
            std::string::npos)
      << m.status().message();
}

// Crafted tables: each case patches the table and re-seals the checksum, so
// a rejection can only come from the structural checks themselves.
struct Craft {
  const char* what;
  void (*patch)(Bytes*);
  const char* expect;  // substring of the message
};

TEST(ModelFormat, CraftedSectionTablesAreRejected) {
  // Table of SmallWriter: 0 meta, 1 alpha, 2 empty, 3 beta, 4 gamma.
  const Bytes good = ToBytes(SmallWriter().Serialize());
  ASSERT_TRUE(ParseBytes(good).ok());
  const Craft crafts[] = {
      {"offset past end",
       [](Bytes* b) { Put64(b, OffsetField(4), b->size() + 64); }, "out of bounds"},
      {"size past end",
       [](Bytes* b) { Put64(b, SizeField(4), Get64(*b, SizeField(4)) + 64); },
       "out of bounds"},
      {"offset + size wraps around",
       [](Bytes* b) { Put64(b, SizeField(3), std::numeric_limits<uint64_t>::max() - 63); },
       "out of bounds"},
      {"huge offset",
       [](Bytes* b) { Put64(b, OffsetField(1), std::numeric_limits<uint64_t>::max() - 63); },
       "out of bounds"},
      {"section inside header/table",
       [](Bytes* b) { Put64(b, OffsetField(1), 64); }, "out of bounds"},
      {"misaligned offset",
       [](Bytes* b) { Put64(b, OffsetField(3), Get64(*b, OffsetField(3)) + 8); },
       "not 64-byte aligned"},
      {"overlap with next",
       [](Bytes* b) { Put64(b, OffsetField(4), Get64(*b, OffsetField(3))); }, "overlaps"},
      {"overlap by one byte",
       [](Bytes* b) {
         Put64(b, SizeField(3), Get64(*b, OffsetField(4)) - Get64(*b, OffsetField(3)) + 1);
       },
       "overlaps"},
      {"section count too large",
       [](Bytes* b) { Put32(b, 12, 0xFFFFFFFFu); }, "section table"},
      // The longer table now runs into the first section.
      {"section count one more",
       [](Bytes* b) { Put32(b, 12, 6); }, "out of bounds"},
      {"unterminated name",
       [](Bytes* b) { std::memset(b->data() + EntryAt(1), 'x', kSectionNameField); },
       "name must be"},
      {"garbage after NUL in name",
       [](Bytes* b) { (*b)[EntryAt(1) + 20] = 'x'; }, "name must be"},
      {"empty name",
       [](Bytes* b) { std::memset(b->data() + EntryAt(1), 0, kSectionNameField); },
       "name must be"},
      {"duplicate name",
       [](Bytes* b) { std::memcpy(b->data() + EntryAt(4), "beta", 5); }, "duplicate"},
  };
  for (const Craft& c : crafts) {
    Bytes bad = good;
    c.patch(&bad);
    Reseal(&bad);
    for (bool verify : {true, false}) {
      auto m = ParseBytes(bad, verify);
      ASSERT_FALSE(m.ok()) << c.what;
      EXPECT_EQ(m.status().code(), StatusCode::kModelFormat) << c.what;
      EXPECT_NE(m.status().message().find(c.expect), std::string::npos)
          << c.what << ": " << m.status().message();
      EXPECT_GE(m.status().offset(), 0) << c.what;
    }
  }
  // An entry error points at the entry.
  Bytes bad = good;
  Put64(&bad, OffsetField(3), 1 << 20);
  Reseal(&bad);
  EXPECT_EQ(ParseBytes(bad).status().offset(), static_cast<int64_t>(EntryAt(3)));
}

TEST(ModelFormat, MalformedMetadataIsRejected) {
  // Build a file whose section "mexa" holds the text, then rename it "meta".
  const std::pair<const char*, const char*> cases[] = {
      {"a=1\nb=2", "no newline"},
      {"a=1\nnoequals\n", "key=value"},
      {"=1\n", "key=value"},
      {"b=1\na=2\n", "sorted"},
      {"a=1\na=2\n", "sorted"},
  };
  for (const auto& c : cases) {
    ModelWriter w;
    w.AddSection("mexa", c.first);
    Bytes file = ToBytes(w.Serialize());
    file[EntryAt(0) + 2] = 't';
    Reseal(&file);
    auto m = ParseBytes(file);
    ASSERT_FALSE(m.ok()) << c.first;
    EXPECT_EQ(m.status().code(), StatusCode::kModelFormat);
    EXPECT_NE(m.status().message().find(c.second), std::string::npos)
        << m.status().message();
  }
  // The same construction with good text parses, so the cases above fail
  // for the reason tested.
  ModelWriter w;
  w.AddSection("mexa", "a=1\nb=x=y\n");
  Bytes file = ToBytes(w.Serialize());
  file[EntryAt(0) + 2] = 't';
  Reseal(&file);
  auto m = ParseBytes(file);
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(m->Metadata("b"), "x=y");
}

// ---------------------------------------------------------------------------
// Files and MappedFile

TEST(MappedFile, RoundTripThroughWriteFileAndOpen) {
  const std::string path = TempPath("roundtrip.kma");
  const ModelWriter w = SmallWriter();
  ASSERT_TRUE(w.WriteFile(path).ok());
  EXPECT_FALSE(FileExists(path + ".tmp"));

  auto file = MappedFile::Open(path);
  ASSERT_TRUE(file.ok()) << file.status().message();
  const MappedFile& f = *file.value();
  EXPECT_TRUE(f.is_mapped());
  EXPECT_EQ(reinterpret_cast<uintptr_t>(f.data()) % 4096, 0u);
  const std::string expected = w.Serialize();
  ASSERT_EQ(f.size(), expected.size());
  EXPECT_EQ(std::memcmp(f.data(), expected.data(), f.size()), 0);

  auto m = ModelFile::Parse(f.data(), f.size());
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(m->Metadata("name"), "test");
  for (const std::string& name : m->section_names()) {
    const uint8_t* p;
    size_t n;
    ASSERT_TRUE(m->FindSection(name, &p, &n));
    // 64-byte aligned in memory, not only relative to the file start.
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u) << name;
  }
  const uint8_t* p;
  size_t n;
  ASSERT_TRUE(m->FindSection("gamma", &p, &n));
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(p), n), Pattern(65, 9));

  // WriteFile replaces an existing file.
  ModelWriter w2;
  w2.AddSection("other", "x");
  ASSERT_TRUE(w2.WriteFile(path).ok());
  auto file2 = MappedFile::Open(path);
  ASSERT_TRUE(file2.ok());
  auto m2 = ModelFile::Parse(file2.value()->data(), file2.value()->size());
  ASSERT_TRUE(m2.ok());
  EXPECT_EQ(m2->section_names(), std::vector<std::string>{"other"});
  // The first mapping is unaffected by the replacement (rename, not rewrite).
  EXPECT_EQ(std::memcmp(f.data(), expected.data(), f.size()), 0);
  std::remove(path.c_str());
}

TEST(MappedFile, NonexistentPathIsIoErrorNamingThePath) {
  const std::string path = TempPath("does/not/exist.kma");
  auto f = MappedFile::Open(path);
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().code(), StatusCode::kIo);
  EXPECT_EQ(f.status().message().rfind("cannot open model file '" + path + "': ", 0), 0u)
      << f.status().message();
}

TEST(MappedFile, DirectoryIsIoError) {
  auto f = MappedFile::Open(::testing::TempDir());
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().code(), StatusCode::kIo);
}

TEST(MappedFile, EmptyFileIsTruncatedModel) {
  // Too short for a header: refused when opened, before anything is parsed.
  const std::string path = TempPath("empty.kma");
  std::FILE* fp = std::fopen(path.c_str(), "wb");
  ASSERT_NE(fp, nullptr);
  std::fclose(fp);
  auto f = MappedFile::Open(path);
  std::remove(path.c_str());
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().code(), StatusCode::kModelFormat);
  EXPECT_NE(f.status().message().find("truncated"), std::string::npos) << f.status().message();
}

TEST(MappedFile, WriteFileIntoMissingDirectoryIsIoError) {
  const std::string path = TempPath("no_such_dir/model.kma");
  Status st = SmallWriter().WriteFile(path);
  EXPECT_EQ(st.code(), StatusCode::kIo);
  EXPECT_NE(st.message().find(path), std::string::npos) << st.message();
}

TEST(MappedFile, CopyOfMakesAlignedCopy) {
  const std::string model = SmallWriter().Serialize();
  std::string shifted = "x" + model;  // source deliberately misaligned
  auto f = MappedFile::CopyOf(shifted.data() + 1, model.size());
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(f->is_mapped());
  EXPECT_EQ(reinterpret_cast<uintptr_t>(f->data()) % 64, 0u);
  ASSERT_EQ(f->size(), model.size());
  shifted.assign(shifted.size(), '\0');  // the copy must not alias the source
  EXPECT_EQ(std::memcmp(f->data(), model.data(), model.size()), 0);
  EXPECT_TRUE(ModelFile::Parse(f->data(), f->size()).ok());

  auto empty = MappedFile::CopyOf(nullptr, 0);
  ASSERT_NE(empty, nullptr);
  EXPECT_EQ(empty->size(), 0u);
  EXPECT_NE(empty->data(), nullptr);
  EXPECT_EQ(MappedFile::CopyOf(nullptr, 5), nullptr);
}

#if defined(__unix__) || defined(__APPLE__)
// Feeds `bytes` through a FIFO, which cannot be mapped, so Open takes the
// bounded read path. The reader stops at the size the header declares (and
// one byte more), so the writer may meet a closed pipe: EPIPE, not SIGPIPE.
StatusOr<std::unique_ptr<MappedFile>> OpenThroughFifo(const std::string& bytes) {
  const std::string path = TempPath("fifo");
  std::remove(path.c_str());
  if (::mkfifo(path.c_str(), 0600) != 0) return Status(StatusCode::kIo, "mkfifo failed");
  struct sigaction ignore = {}, old = {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &old);
  std::thread writer([&] {
    std::FILE* fp = std::fopen(path.c_str(), "wb");
    if (fp == nullptr) return;
    std::fwrite(bytes.data(), 1, bytes.size(), fp);
    std::fclose(fp);
  });
  auto f = MappedFile::Open(path);
  writer.join();
  ::sigaction(SIGPIPE, &old, nullptr);
  std::remove(path.c_str());
  return f;
}

TEST(MappedFile, ReadFallbackForUnmappableFiles) {
  // Larger than a pipe's buffer, so the read grows its buffer in steps.
  ModelWriter w = SmallWriter();
  w.AddSection("large", Pattern(200000, 1));
  const std::string model = w.Serialize();
  auto f = OpenThroughFifo(model);
  ASSERT_TRUE(f.ok()) << f.status().message();
  EXPECT_FALSE(f.value()->is_mapped());
  EXPECT_EQ(reinterpret_cast<uintptr_t>(f.value()->data()) % 4096, 0u);
  ASSERT_EQ(f.value()->size(), model.size());
  EXPECT_EQ(std::memcmp(f.value()->data(), model.data(), model.size()), 0);
}

TEST(MappedFile, StreamLongerThanItsHeaderSaysIsRefused) {
  auto f = OpenThroughFifo(SmallWriter().Serialize() + Pattern(200000, 1));
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.status().code(), StatusCode::kModelFormat);
  EXPECT_NE(f.status().message().find("size mismatch"), std::string::npos) << f.status().message();
}
#endif

}  // namespace
}  // namespace kma
