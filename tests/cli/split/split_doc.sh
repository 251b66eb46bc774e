# Document mode: blank lines (spaces only count as blank) separate documents
# and are kept; a sentence goes on over a line break after a connective
# ending and is printed on one line. Offsets: bytes from the start of the
# document, its lines joined by \n. Line mode: every line on its own, one
# JSON object per input line.
doc='맛있었어요 다음에 또 갈게요\n\n  \n둘째 문서의 첫 줄이고\n둘째 줄이다\n'
printf "$doc" | kma split --doc
printf "$doc" | kma split --doc -f tsv
printf "$doc" | kma split --doc --format json
printf "$doc" | kma split -f json
