# kma silver on weak_examples.tsv: 가공 is held out and never written; the
# dialogue turn does not spell its headword (피어나); the other 6 are analysed
# under their headword constraint.
kma silver --weak tests/data/weak_examples.tsv -o silver.tsv -t 2 --margin 1000 --lexicon tests/data/mini/lexicon
cat silver.tsv
# Only sentences; then without unknown words.
kma silver --weak tests/data/weak_examples.tsv -o s1.tsv --kinds sentence --margin 1000 --lexicon tests/data/mini/lexicon
cat s1.tsv
kma silver --weak tests/data/weak_examples.tsv -o s2.tsv --kinds sentence --margin 1000 --no-unknown \
  --lexicon tests/data/mini/lexicon
# --window 0: only the word holding the headword's reading (걸었다.), with its
# own text; --window 1 adds its neighbour (4km를).
for w in 0 1; do
  kma silver --weak tests/data/weak_examples.tsv -o "w$w.tsv" --margin 1000 --window "$w" --lexicon tests/data/mini/lexicon
  head -n 1 "w$w.tsv"
done
kma silver --weak tests/data/weak_examples.tsv -o x.tsv --window -1
kma silver --weak tests/data/weak_examples.tsv
kma silver --weak tests/data/weak_examples.tsv -o x.tsv --margin -1
# The held-out homograph examples never reach the silver: of the homograph
# set's six examples, 4km를 걸었다., 고기를 굽다., 사탕이 달다. and 병이 나았다.
# are held out, 옷을 벽에 걸었다. and 커튼을 달다. are not.
kma silver --weak tests/data/homographs/examples.tsv -o h.tsv --margin 1000 --lexicon tests/data/homographs/lexicon
cat h.tsv
kma silver --weak tests/data/homographs/examples.tsv -o x.tsv --lexicon nowhere
