// Tests for the strict decimal parser (core/base/decimal.h).
#include "core/base/decimal.h"

#include <gtest/gtest.h>

#include <clocale>
#include <string>

namespace kma {
namespace {

TEST(Decimal, AcceptsPlainDecimalNumbers) {
  const std::pair<const char*, double> cases[] = {
      {"0", 0.0}, {"-3", -3.0}, {"+2.5", 2.5}, {".25", 0.25}, {"7.", 7.0}, {"1e3", 1000.0}, {"1E-2", 0.01},
      {"-4.5e+1", -45.0}, {"00012", 12.0}};
  for (const auto& [text, want] : cases) {
    double v = -1;
    EXPECT_TRUE(ParseDecimal(text, &v)) << text;
    EXPECT_EQ(v, want) << text;
  }
}

TEST(Decimal, RefusesEverythingElse) {
  for (const char* bad : {"", " ", " 1", "1 ", "\t1", "1\n", "0x10", "0X1", "0x1p3", "inf", "-inf", "nan",
                          "infinity", "1e", "1e+", "e5", ".", "+", "-", "+-1", "--1", "1.2.3", "1,5", "1e400",
                          "1_000", "١"}) {
    double v = 42;
    float f = 42;
    EXPECT_FALSE(ParseDecimal(bad, &v)) << bad;
    EXPECT_FALSE(ParseDecimal(bad, &f)) << bad;
    EXPECT_EQ(v, 42.0) << bad;
    EXPECT_EQ(f, 42.0f) << bad;
  }
}

TEST(Decimal, FloatsAreRoundedOnce) {
  float f = 0;
  ASSERT_TRUE(ParseDecimal("0.7", &f));
  EXPECT_EQ(f, 0.7f);
  ASSERT_TRUE(ParseDecimal("3.4028235e38", &f));
  EXPECT_EQ(f, 3.4028235e38f);
  EXPECT_FALSE(ParseDecimal("3.5e38", &f));  // beyond float
}

TEST(Decimal, IgnoresTheLocale) {
  const char* old = std::setlocale(LC_NUMERIC, nullptr);
  const std::string saved = old != nullptr ? old : "C";
  // A locale whose decimal point is a comma, where one is installed.
  if (std::setlocale(LC_NUMERIC, "de_DE.UTF-8") == nullptr) GTEST_SKIP() << "no de_DE.UTF-8 locale";
  double v = 0;
  EXPECT_TRUE(ParseDecimal("1.5", &v));
  EXPECT_EQ(v, 1.5);
  EXPECT_FALSE(ParseDecimal("1,5", &v));
  std::setlocale(LC_NUMERIC, saved.c_str());
}

}  // namespace
}  // namespace kma
