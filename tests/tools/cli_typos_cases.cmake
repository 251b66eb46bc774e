# The typo-tolerant cases of cli_test.cmake (included from it, with its
# helpers and variables): kma analyze --typos, kma typo-set, kma eval --typos.

if(CASE STREQUAL "typos_analyze")
  kma(INPUT "안녕하세여\n" ARGS analyze --typos)
  expect_exit(0)
  expect_out("^안녕/NNG 하/XSA 시/EP 어요/EF\n$")
  # Corrected morphemes say so and keep the span of the text as written.
  kma(INPUT "안녕하세여\n" ARGS analyze --typos --format json)
  expect_exit(0)
  expect_out("\"form\":\"시\",\"tag\":\"EP\",\"begin\":9,\"length\":6,[^}]*\"corrected\":true")
  expect_no_out("\"form\":\"안녕\"[^}]*\"corrected\"")
  # Without --typos nothing is corrected.
  kma(INPUT "안녕하세여\n" ARGS analyze --format json)
  expect_exit(0)
  expect_no_out("corrected")
  # Correct text that an edit could misread keeps its analysis: a lone
  # onset half of a phonetic spelling (를 as 을) needs its final consonant
  # half before it, and one echo of the last vowel is a word (가운데에).
  kma(INPUT "진통제를 투입했다\n가운데에 있다\n" ARGS analyze --typos)
  expect_exit(0)
  expect_out("^진통제/NNG 를/JKO ")
  expect_out("\n가운데/NNG 에/JKB ")
  # A phonetic spelling split between two morphemes: 이써요 is 있 + 어요
  # (VA or VV: the sources write existence 있 differently, and the
  # convention prior picks one by the sentence's style).
  kma(INPUT "이써요\n" ARGS analyze --typos)
  expect_exit(0)
  expect_out("^있/V[AV] 어요/EF\n$")
  # Laughter is a token of its own, glued to the word or not.
  kma(INPUT "했어욬\nㅋㅋ 재밌다\n" ARGS analyze --typos)
  expect_exit(0)
  expect_out("^[^\n]*어요/EF ㅋ/IC\n")
  expect_out("\nㅋㅋ/IC ")

elseif(CASE STREQUAL "typos_set_eval")
  kma(ARGS typo-set --seed 7 --rate 2 -o "${_dir}/a.tsv" "${DATA_DIR}/gold_mini.tsv")
  expect_exit(0)
  if(NOT ERR MATCHES "^kma typo-set: [0-9]+ typos in [0-9]+ sentences")
    fail("no summary on stderr")
  endif()
  kma(ARGS typo-set --seed 7 --rate 2 -o "${_dir}/b.tsv" "${DATA_DIR}/gold_mini.tsv")
  file(READ "${_dir}/a.tsv" _a)
  file(READ "${_dir}/b.tsv" _b)
  file(READ "${DATA_DIR}/gold_mini.tsv" _gold)
  if(NOT _a STREQUAL _b)
    fail("typo-set is not deterministic for a seed")
  endif()
  if(_a STREQUAL _gold)
    fail("typo-set changed nothing at rate 2")
  endif()
  kma(ARGS eval --typos --json "${_dir}/a.tsv")
  expect_exit(0)
  expect_out("\"f1\":")
  kma(ARGS typo-set --seed x "${DATA_DIR}/gold_mini.tsv")
  expect_exit(2)
  expect_one_line_error("--seed")
  kma(ARGS typo-set --rate 9 "${DATA_DIR}/gold_mini.tsv")
  expect_exit(2)
  expect_one_line_error("--rate")
  kma(ARGS typo-set --kinds no-such-kind "${DATA_DIR}/gold_mini.tsv")
  expect_exit(2)
  expect_one_line_error("unknown typo kind 'no-such-kind'")
  kma(ARGS eval --typos --typo-scale 0 "${DATA_DIR}/gold_mini.tsv")
  expect_exit(2)
  expect_one_line_error("--typo-scale")

else()
  message(FATAL_ERROR "cli_typos_cases.cmake: unknown case ${CASE}")
endif()
