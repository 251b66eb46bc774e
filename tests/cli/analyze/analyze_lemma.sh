# --lemma: stems that conjugate print their dictionary form (먹다/VV, 가깝다/VA,
# 이다/VCP) in morphs, json gets a "lemma" key after "tag" and tsv a sixth
# column; without it the records are the plain ones.
printf '밥을 먹었다.\n가까운 집이다\n' > in.txt
kma analyze --lemma in.txt
kma analyze --lemma --top-n 2 in.txt
kma analyze --lemma --format tsv in.txt
kma analyze --lemma --format json in.txt
kma_status analyze --format json in.txt | grep -c lemma || true
