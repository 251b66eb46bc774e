# kma silver on weak_examples.tsv: 가공 is held out and never written; the
# dialogue turn does not spell its headword (피어나); the other 6 are analysed
# under their headword constraint.
kma silver --weak tests/data/weak_examples.tsv -o silver.tsv -t 2 --margin 1000
cat silver.tsv
# Only sentences; then without unknown words.
kma silver --weak tests/data/weak_examples.tsv -o s1.tsv --kinds sentence --margin 1000
cat s1.tsv
kma silver --weak tests/data/weak_examples.tsv -o s2.tsv --kinds sentence --margin 1000 --no-unknown
# --window 0: only the word holding the headword's reading (걸었다.), with its
# own text; --window 1 adds its neighbour (4km를).
for w in 0 1; do
  kma silver --weak tests/data/weak_examples.tsv -o "w$w.tsv" --margin 1000 --window "$w"
  head -n 1 "w$w.tsv"
done
kma silver --weak tests/data/weak_examples.tsv -o x.tsv --window -1
kma silver --weak tests/data/weak_examples.tsv
kma silver --weak tests/data/weak_examples.tsv -o x.tsv --margin -1
