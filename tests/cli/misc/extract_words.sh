# extract-words finds 킬링타임용 in reviews that write it before particles and
# alone, and writes it as a user dictionary that kma analyze loads: the word
# is then one morpheme. Bad lines are errors with their line, the rest still
# counts; bad options are usage errors.
for p in 으로 이다 '' 을 으로 이다 '' 을; do printf '킬링타임용%s 좋다\n' "$p"; done > reviews.txt
kma extract-words reviews.txt
kma extract-words --scores reviews.txt
kma_status extract-words -o dict.tsv reviews.txt
cat dict.tsv
echo "킬링타임용으로 봤다" | kma analyze
echo "킬링타임용으로 봤다" | kma analyze --user-dict dict.tsv
printf '킬링타임용\xff\n' >> reviews.txt
kma extract-words reviews.txt
kma extract-words --tag VV reviews.txt
kma extract-words --top x reviews.txt
kma extract-words
kma extract-words missing.txt
