# The split set is deterministic for a corpus and a seed; eval --split scores
# it; bad gold lines name their line; no GOLD is a usage error.
kma_status split-set --seed 3 tests/data/gold_mini.tsv > stdout.txt
head -n 1 stdout.txt
kma split-set --seed 3 -o set.txt tests/data/gold_mini.tsv
same stdout.txt set.txt "split-set to stdout and to -o"
kma eval --split set.txt
printf '맛있었어요\tnopunct\n다음에 또 갈게요\tnopunct\n\n나는 밥을 먹었다.\tpunct\n그리고 학교에 갔다.\tpunct\tnone\n' > gold.txt
kma eval --split --json gold.txt
printf '좋다\n 앞에 공백\tx\n' > bad.txt
kma eval --split bad.txt
kma eval --split
kma split-set
