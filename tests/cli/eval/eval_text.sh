# The text report; two files give a per-file block each and an overall
# block; a malformed gold line is a data error naming file and line.
kma eval tests/data/gold_mini.tsv
printf '밥\t밥/NNG\n' > flat.tsv
kma_status eval tests/data/gold_mini.tsv flat.tsv --json | grep -o '^{"sentences":[0-9]*,'
printf '밥\t밥/NNG\n밥 no tab\n' > bad.tsv
kma eval bad.tsv
kma eval
