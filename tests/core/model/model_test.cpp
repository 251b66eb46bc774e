// Tests for kma::Model loading (core/model/model.h): a model built at test time
// from tests/data/mini opens from a file and from memory, and damaged copies
// (truncated, flipped byte, foreign version, re-sealed bad records) are
// rejected with the documented status codes instead of being used.
#include "core/model/model.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/dict/dictionary.h"
#include "core/model/format.h"
#include "core/dict/trie.h"
#include "tools/builder/model_builder.h"

namespace kma {
namespace {

std::string ModelTempPath(const std::string& name) {
  return ::testing::TempDir() + "kma_model_test_" + std::to_string(::getpid()) + "_" + name;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void WriteAll(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

void Put32(std::string* b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) (*b)[at + i] = static_cast<char>(v >> (8 * i));
}

void Reseal(std::string* b) {
  uint64_t c = ComputeModelChecksum(reinterpret_cast<const uint8_t*>(b->data()), b->size());
  for (int i = 0; i < 8; ++i) (*b)[kModelChecksumOffset + i] = static_cast<char>(c >> (8 * i));
}

// Builds the mini model once per test process and keeps its bytes.
class ModelTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    path_ = new std::string(ModelTempPath("mini.kmam"));
    build::BuildConfig c;
    c.train_path = KMA_TEST_DATA_DIR "/mini/train.tsv";
    c.lexicon_dir = KMA_TEST_DATA_DIR "/mini/lexicon";
    c.rules_path = KMA_SOURCE_DIR "/models/morph_rules.txt";
    c.output_path = *path_;
    build_status_ = new Status(build::BuildModel(c));
    bytes_ = new std::string(ReadAll(*path_));
  }
  static void TearDownTestSuite() {
    std::remove(path_->c_str());
    for (const std::string& p : *scratch_) std::remove(p.c_str());
    delete path_;
    delete build_status_;
    delete bytes_;
    scratch_->clear();
  }
  void SetUp() override { ASSERT_TRUE(build_status_->ok()) << build_status_->message(); }

  // Writes `bytes` to a scratch file and opens it.
  static StatusOr<std::shared_ptr<const Model>> OpenBytesAsFile(const std::string& name, const std::string& bytes) {
    std::string p = ModelTempPath(name);
    scratch_->push_back(p);
    WriteAll(p, bytes);
    return Model::OpenFile(p);
  }
  // Byte offset and size of a section of the intact model.
  static bool Section(const std::string& name, size_t* offset, size_t* size) {
    auto mf = ModelFile::Parse(reinterpret_cast<const uint8_t*>(bytes_->data()), bytes_->size());
    if (!mf.ok()) return false;
    const uint8_t* d;
    if (!mf->FindSection(name, &d, size)) return false;
    *offset = static_cast<size_t>(d - reinterpret_cast<const uint8_t*>(bytes_->data()));
    return true;
  }

  static std::string* path_;
  static Status* build_status_;
  static std::string* bytes_;
  static std::vector<std::string>* scratch_;
};
std::string* ModelTest::path_ = nullptr;
Status* ModelTest::build_status_ = nullptr;
std::string* ModelTest::bytes_ = nullptr;
std::vector<std::string>* ModelTest::scratch_ = new std::vector<std::string>();

TEST_F(ModelTest, OpensFromFileWithMetadata) {
  auto m = Model::OpenFile(*path_);
  ASSERT_TRUE(m.ok()) << m.status().message();
  const Model& model = *m.value();
  EXPECT_EQ(model.format_version(), static_cast<uint32_t>(kModelFormatVersion));
  EXPECT_EQ(model.file_size(), bytes_->size());
  EXPECT_GT(model.morpheme_count(), 0u);
  EXPECT_EQ(model.metadata("license"), "CC-BY-SA-4.0");
  EXPECT_FALSE(model.metadata("attribution").empty());
  EXPECT_EQ(model.default_lm(), "cong+knlm");
  // The default build carries the n-gram baseline and both CoNg models,
  // and lists their ensembles with the n-gram model.
  EXPECT_EQ(model.lm_names(),
            (std::vector<std::string>{"knlm", "cong", "cong-global", "cong+knlm", "cong-global+knlm"}));
}

TEST_F(ModelTest, OpensFromMemoryAndTheCopyOutlivesTheBuffer) {
  std::vector<char> buffer(bytes_->begin(), bytes_->end());
  auto m = Model::OpenMemory(buffer.data(), buffer.size());
  ASSERT_TRUE(m.ok()) << m.status().message();
  // "The bytes are copied": scribbling over the caller's buffer afterwards
  // must not affect the model.
  std::memset(buffer.data(), 0xAB, buffer.size());
  buffer.clear();
  buffer.shrink_to_fit();
  EXPECT_EQ(m.value()->metadata("license"), "CC-BY-SA-4.0");
  EXPECT_EQ(m.value()->file_size(), bytes_->size());
  EXPECT_GT(m.value()->morpheme_count(), 0u);
}

TEST_F(ModelTest, MemoryArgumentsAreChecked) {
  auto null_data = Model::OpenMemory(nullptr, 100);
  ASSERT_FALSE(null_data.ok());
  EXPECT_EQ(null_data.status().code(), StatusCode::kInvalidArgument);
  auto empty = Model::OpenMemory(nullptr, 0);
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().code(), StatusCode::kModelFormat);
  const char junk[] = "definitely not a model file, just some text to look at";
  auto bad = Model::OpenMemory(junk, sizeof(junk));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), StatusCode::kModelFormat);
}

TEST_F(ModelTest, NonexistentPathIsAnIoError) {
  const std::string p = ModelTempPath("does_not_exist.kmam");
  auto m = Model::OpenFile(p);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), StatusCode::kIo);
  EXPECT_NE(m.status().message().find("does_not_exist.kmam"), std::string::npos) << m.status().message();
  // A directory is not a model file either.
  auto dir = Model::OpenFile(KMA_TEST_DATA_DIR);
  EXPECT_FALSE(dir.ok());
}

TEST_F(ModelTest, TruncatedCopyIsAFormatError) {
  for (size_t len : {size_t{0}, size_t{7}, size_t{12}, size_t{63}, size_t{64}, bytes_->size() / 2,
                     bytes_->size() - 1}) {
    auto m = OpenBytesAsFile("truncated.kmam", bytes_->substr(0, len));
    ASSERT_FALSE(m.ok()) << "length " << len;
    EXPECT_EQ(m.status().code(), StatusCode::kModelFormat) << "length " << len << ": " << m.status().message();
  }
  // The same through OpenMemory.
  std::string half = bytes_->substr(0, bytes_->size() / 2);
  auto mem = Model::OpenMemory(half.data(), half.size());
  ASSERT_FALSE(mem.ok());
  EXPECT_EQ(mem.status().code(), StatusCode::kModelFormat);
}

TEST_F(ModelTest, FlippedByteIsAChecksumError) {
  // One flipped byte in the middle, and one in each of a few sections.
  std::vector<size_t> where = {bytes_->size() / 2, bytes_->size() - 1, 40 /* header reserved */};
  for (const char* sec : {"morphs", "trie", "lm.knlm"}) {
    size_t off, size;
    ASSERT_TRUE(Section(sec, &off, &size)) << sec;
    where.push_back(off + size / 2);
  }
  for (size_t at : where) {
    std::string b = *bytes_;
    b[at] = static_cast<char>(b[at] ^ 0x10);
    auto m = OpenBytesAsFile("flipped.kmam", b);
    ASSERT_FALSE(m.ok()) << "byte " << at;
    EXPECT_EQ(m.status().code(), StatusCode::kModelFormat) << "byte " << at;
    EXPECT_NE(m.status().message().find("checksum"), std::string::npos) << m.status().message();
  }
}

TEST_F(ModelTest, ForeignFormatVersionIsAVersionError) {
  std::string b = *bytes_;
  Put32(&b, 8, 999);
  auto m = OpenBytesAsFile("v999.kmam", b);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), StatusCode::kModelVersion);
  EXPECT_NE(m.status().message().find("999"), std::string::npos) << m.status().message();
  // Re-sealing does not help: the version is checked on its own.
  Reseal(&b);
  auto sealed = Model::OpenMemory(b.data(), b.size());
  ASSERT_FALSE(sealed.ok());
  EXPECT_EQ(sealed.status().code(), StatusCode::kModelVersion);
  // Version 0 (below the minimum) too.
  Put32(&b, 8, 0);
  auto zero = Model::OpenMemory(b.data(), b.size());
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.status().code(), StatusCode::kModelVersion);
}

TEST_F(ModelTest, BadMagicIsAFormatError) {
  std::string b = *bytes_;
  b[0] = 'X';
  auto m = Model::OpenMemory(b.data(), b.size());
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), StatusCode::kModelFormat);
}

// Damage that keeps a valid checksum (as a buggy builder would write it) must
// be caught by the structural validation in ModelImpl::Load.
class ResealedModelTest : public ModelTest {
 protected:
  // Applies `patch` to a copy of the model bytes, re-seals it and expects a
  // format error.
  template <typename Patch>
  void ExpectRejected(const std::string& what, Patch patch) {
    std::string b = *bytes_;
    patch(&b);
    Reseal(&b);
    auto m = Model::OpenMemory(b.data(), b.size());
    ASSERT_FALSE(m.ok()) << what;
    EXPECT_EQ(m.status().code(), StatusCode::kModelFormat) << what << ": " << m.status().message();
  }
  // Byte offset of element `i` of a POD array section (after its u32 count
  // and 4 bytes of padding).
  static size_t Element(const std::string& section, size_t size_of, size_t i) {
    size_t off = 0, size = 0;
    EXPECT_TRUE(Section(section, &off, &size)) << section;
    return off + 8 + size_of * i;
  }
  static uint32_t CountOf(const std::string& section) {
    size_t off = 0, size = 0;
    EXPECT_TRUE(Section(section, &off, &size)) << section;
    uint32_t c;
    std::memcpy(&c, bytes_->data() + off, 4);
    return c;
  }
};

TEST_F(ResealedModelTest, TheIntactModelOpens) {
  std::string b = *bytes_;
  Reseal(&b);
  auto m = Model::OpenMemory(b.data(), b.size());
  ASSERT_TRUE(m.ok()) << m.status().message();
}

TEST_F(ResealedModelTest, BadMorphemeRecordsAreRejected) {
  const size_t rec = Element("morphs", sizeof(MorphRecord), 1);  // morph #1
  ExpectRejected("impossible tag",
                 [&](std::string* b) { (*b)[rec + offsetof(MorphRecord, lm_tag) + 3] = 100; });
  // A form that ends past the string pool (offset near the 24-bit limit).
  ExpectRejected("form past the pool",
                 [&](std::string* b) { Put32(b, rec + offsetof(MorphRecord, form), 0x05FFFFF0u); });
  size_t off, size;
  ASSERT_TRUE(Section("strings", &off, &size));
  ExpectRejected("form one byte too long", [&](std::string* b) {
    Put32(b, rec + offsetof(MorphRecord, form), static_cast<uint32_t>(size - 3) | (4u << 24));
  });
  ExpectRejected("score index past the table", [&](std::string* b) {
    const uint32_t n = CountOf("morph_scores");
    (*b)[rec + offsetof(MorphRecord, scores)] = static_cast<char>(n & 0xFF);
    (*b)[rec + offsetof(MorphRecord, scores) + 1] = static_cast<char>(n >> 8);
  });
  ExpectRejected("LM id past the vocabulary", [&](std::string* b) {
    Put32(b, rec + offsetof(MorphRecord, lm_tag),
          0x00FFFFFFu | (uint32_t{static_cast<uint8_t>((*b)[rec + 7])} << 24));
  });
  // A morpheme count that disagrees with the section size.
  ExpectRejected("count + 1", [&](std::string* b) {
    ASSERT_TRUE(Section("morphs", &off, &size));
    Put32(b, off, CountOf("morphs") + 1);
  });
}

TEST_F(ResealedModelTest, BadEntryRecordsAreRejected) {
  const size_t rec = Element("entries", sizeof(EntryRecord), 0);
  const size_t info = rec + offsetof(EntryRecord, info);
  ExpectRejected("morphs past the entry-morph array",
                 [&](std::string* b) { Put32(b, rec + offsetof(EntryRecord, morph_begin), 0xFFFFFF00u); });
  ExpectRejected("morphs end one past the array", [&](std::string* b) {
    Put32(b, rec + offsetof(EntryRecord, morph_begin), CountOf("entry_morphs"));
  });
  ExpectRejected("no morphemes", [&](std::string* b) { (*b)[info] = static_cast<char>((*b)[info] & 0xF0); });
  ExpectRejected("kind 3", [&](std::string* b) { (*b)[info] = static_cast<char>((*b)[info] | 0x30); });
  ExpectRejected("reserved bit", [&](std::string* b) { (*b)[info] = static_cast<char>((*b)[info] | 0x80); });
  ExpectRejected("penalty index past the table", [&](std::string* b) {
    (*b)[rec + offsetof(EntryRecord, penalty)] = static_cast<char>(CountOf("entry_penalties"));
  });
  // Entry morphemes must name morphemes.
  ExpectRejected("entry morpheme past the morphemes",
                 [&](std::string* b) { Put32(b, Element("entry_morphs", 4, 0), CountOf("morphs")); });
  // Penalties are finite and not negative (they are subtracted from scores).
  const size_t pen = Element("entry_penalties", 4, 0);
  ExpectRejected("negative penalty", [&](std::string* b) { Put32(b, pen, 0xBF800000u); });  // -1.0f
  ExpectRejected("NaN penalty", [&](std::string* b) { Put32(b, pen, 0x7FC00000u); });
  ExpectRejected("infinite penalty", [&](std::string* b) { Put32(b, pen, 0x7F800000u); });
}

TEST_F(ResealedModelTest, BadTriesAreRejected) {
  size_t off, size;
  ASSERT_TRUE(Section("trie", &off, &size));
  uint32_t nodes, alphabet;
  std::memcpy(&nodes, bytes_->data() + off, 4);
  std::memcpy(&alphabet, bytes_->data() + off + 4, 4);
  ASSERT_GT(nodes, 2u);
  const size_t node_at = off + 8 + size_t{alphabet} * 4;
  const size_t label_at = node_at + (size_t{nodes} + 1) * sizeof(TrieNode);
  // The root's children start past the last node.
  ExpectRejected("first child out of range", [&](std::string* b) { Put32(b, node_at, nodes + 1); });
  // The sentinel's value range does not end at the entry count: the nodes
  // would name entries that do not exist.
  ExpectRejected("values past the entries", [&](std::string* b) {
    Put32(b, node_at + size_t{nodes} * sizeof(TrieNode) + 4, CountOf("entries") + 1);
  });
  // An edge label outside the alphabet.
  ExpectRejected("label out of range", [&](std::string* b) {
    (*b)[label_at + 2] = static_cast<char>(0xFE);
    (*b)[label_at + 3] = static_cast<char>(0xFF);
  });
}

TEST_F(ModelTest, ModelWithoutRequiredSectionsIsRejected) {
  // A well-formed container that is not an analyzer model.
  ModelWriter w;
  w.AddSection("something", "else");
  w.SetMetadata("license", "CC-BY-SA-4.0");
  std::string b = w.Serialize();
  auto m = Model::OpenMemory(b.data(), b.size());
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), StatusCode::kModelFormat);
  EXPECT_NE(m.status().message().find("morphs"), std::string::npos) << m.status().message();
}

}  // namespace
}  // namespace kma
