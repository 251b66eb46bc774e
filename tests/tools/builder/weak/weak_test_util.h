// Helpers shared by the tests of tools/builder/weak.
#ifndef KMA_TESTS_TOOLS_BUILDER_WEAK_WEAK_TEST_UTIL_H_
#define KMA_TESTS_TOOLS_BUILDER_WEAK_WEAK_TEST_UTIL_H_

#include <gtest/gtest.h>

#include "tools/builder/weak/headword_convention.h"

namespace kma::weak::test_util {

// The tag set of a comma-separated list ("NNG,NNP"); a test failure if it
// does not parse.
inline TagMask T(const char* list) {
  TagMask m = 0;
  EXPECT_TRUE(ParseTagList(list, &m)) << list;
  return m;
}

}  // namespace kma::weak::test_util

#endif  // KMA_TESTS_TOOLS_BUILDER_WEAK_WEAK_TEST_UTIL_H_
