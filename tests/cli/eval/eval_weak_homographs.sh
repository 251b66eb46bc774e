# tests/data/homographs: six homograph examples, four of them held out
# (4km를 걸었다., 고기를 굽다., 사탕이 달다., 병이 나았다.), each with one rival.
h=tests/data/homographs
kma eval --weak $h/examples.tsv --homographs --lexicon $h/lexicon --json -t 2
# The text report and the dump (one line per held-out example).
kma eval --weak $h/examples.tsv --homographs --lexicon $h/lexicon --kinds phrase --dump dump.tsv
cat dump.tsv
kma eval --weak $h/examples.tsv --homographs --lexicon $h/lexicon --held-out
kma eval --weak $h/examples.tsv --homographs --lexicon $h/lexicon --rules none.txt
