# The corpus usage of the examples' headwords, as JSON and as a table.
kma eval --weak tests/data/weak_examples.tsv --conventions tests/data/gold_mini.tsv --json
kma eval --weak tests/data/weak_examples.tsv --conventions tests/data/gold_mini.tsv
