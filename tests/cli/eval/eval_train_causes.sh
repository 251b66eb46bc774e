# With sources beside the training file and the gold file, the wrong
# ambiguous words are told apart by where their predicted reading stands in
# the training file. 나는 reads 나/NP 는/JX in source a only; 그는 never reads
# 그/NP 는/JX; each gold line below is wrong on its first word.
printf '나는\t나/NP 는/JX\n나는\t날/VV 는/ETM\n그는\t그/MM 는/JX\n그는\t글/VV 는/ETM\n' > t.tsv
printf 'a\nb\na\nb\n' > t.sources
{
  printf '나는 밥을 먹었다.\t날/VV 는/ETM\t밥/NNG 을/JKO\t먹/VV 었/EP 다/EF ./SF\n'
  printf '나는 간다.\t날/VV 는/ETM\t가/VV ㄴ다/EF ./SF\n'
  printf '그는 예쁜 꽃을 샀다.\t그/MM 는/JX\t예쁘/VA ㄴ/ETM\t꽃/NNG 을/JKO\t사/VV 았/EP 다/EF ./SF\n'
} > g.tsv
printf 'b\na\na\n' > g.sources
kma_status eval --train t.tsv g.tsv --json | grep -o '"ambiguous_words":[^]]*'
say eval --train t.tsv g.tsv
kma_status eval --train t.tsv g.tsv | sed -n '/amb.wrong/,$p'
# Without the training file's sources there is no breakdown.
rm t.sources
kma_status eval --train t.tsv g.tsv --json | grep -c ambiguous_errors || true
# A sources file shorter than the training file is an error naming it.
printf 'a\n' > t.sources
kma eval --train t.tsv g.tsv
