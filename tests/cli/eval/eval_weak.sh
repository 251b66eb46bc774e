# weak_examples.tsv: 8 examples; the dialogue turn does not spell its
# headword (피어나), so 7 are scored; 가공 is the one held-out headword.
kma eval --weak tests/data/weak_examples.tsv --json -t 2
kma eval --weak tests/data/weak_examples.tsv --json --held-out
kma eval --weak tests/data/weak_examples.tsv --json --kinds sentence,dialogue --plain
kma eval --weak tests/data/weak_examples.tsv --json --unfiltered --limit 5
# The text report and the per-example dump: one line per example.
kma eval --weak tests/data/weak_examples.tsv --dump dump.tsv
cat dump.tsv
