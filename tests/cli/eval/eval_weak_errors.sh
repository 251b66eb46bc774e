# A malformed example line names file and line; invalid UTF-8 the byte too.
printf '# header\n사람이 많다.\t사람\tNNG,NNP\tsentence\t1\n밥을 먹다.\t먹\tVV\tpoem\t1\n' > bad.tsv
kma eval --weak bad.tsv
printf '사람이 많다.\t사람\tNNG,NNP\tsentence\t1\n밥\xff\t밥\tNNG,NNP\tphrase\t1\n' > utf8.tsv
kma eval --weak utf8.tsv
kma eval --weak missing.tsv
kma eval --weak tests/data/weak_examples.tsv --kinds poem
kma eval --weak tests/data/weak_examples.tsv --limit 0
kma eval --weak tests/data/weak_examples.tsv tests/data/gold_mini.tsv
kma eval --weak tests/data/weak_examples.tsv --help
