# typo-set is deterministic for a seed and changes the corpus; eval --typos
# scores the result; bad values are usage errors.
kma typo-set --seed 7 --rate 2 -o a.tsv tests/data/gold_mini.tsv
kma typo-set --seed 7 --rate 2 -o b.tsv tests/data/gold_mini.tsv
same a.tsv b.tsv "two typo sets of one seed"
same a.tsv tests/data/gold_mini.tsv "the typo set and its corpus"
kma_status eval --typos --json a.tsv | grep -o '"f1":[0-9.]*' | head -n 1
kma typo-set --seed x tests/data/gold_mini.tsv
kma typo-set --rate 9 tests/data/gold_mini.tsv
kma typo-set --kinds no-such-kind tests/data/gold_mini.tsv
kma eval --typos --typo-scale 0 tests/data/gold_mini.tsv
