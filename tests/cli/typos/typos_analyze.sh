# --typos: corrected morphemes say so and keep the span of the text as
# written; without --typos nothing is corrected. Correct text that an edit
# could misread keeps its analysis: a lone onset half of a phonetic spelling
# (를 as 을) needs its final consonant half before it, and one echo of the
# last vowel is a word (가운데에). A phonetic spelling split between two
# morphemes: 이써요 is 있 + 어요. Laughter is a token of its own, glued to the
# word or not.
printf '안녕하세여\n' | kma analyze --typos
printf '안녕하세여\n' | kma analyze --typos --format json
printf '안녕하세여\n' | kma analyze --format json
printf '진통제를 투입했다\n가운데에 있다\n' | kma analyze --typos
printf '이써요\n' | kma analyze --typos
printf '했어욬\nㅋㅋ 재밌다\n' | kma analyze --typos
