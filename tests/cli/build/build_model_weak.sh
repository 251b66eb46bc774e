# The default build adds the dictionary examples: a teacher of the corpus
# alone analyses them, and the model is trained again with its silver. Two
# builds from the same data are identical; the examples change the model.
# The builder's log has timings: its stage lines stand for it.
mkdir -p data/corpus data/weak
cp -r tests/data/mini/lexicon data/
cp tests/data/mini/train.tsv data/corpus/train.tsv
kma build-model --data data --lm knlm -o gold.kmam
say build-model --data data --lm knlm --no-weak -o gold.kmam
kma_status build-model --data data --lm knlm --no-weak -o gold.kmam 2> /dev/null
cp tests/data/weak_examples.tsv data/weak/dict_examples.tsv
for m in a b; do
  say build-model --data data --lm knlm -o $m.kmam
  kma_status build-model --data data --lm knlm -o "$m.kmam" 2> log.txt
done
grep -o 'stage teacher\|teacher: wrote\|stage silver\|stage student\|silver [^:]*b\.kmam\.sentence\.tmp: [0-9]* sentences x [0-9.]*' log.txt
ls ./*.tmp 2>/dev/null || echo "no .tmp files left"
same a.kmam b.kmam "two builds from the same data"
same a.kmam gold.kmam "a build with the examples and one without"
# The corpus-alone model as the teacher gives the same file, without the
# teacher stage; a teacher with another default LM is refused.
say build-model --data data --lm knlm --teacher gold.kmam -o t.kmam
kma_status build-model --data data --lm knlm --teacher gold.kmam -o t.kmam 2> log.txt
grep -o 'stage teacher: .*(given)\|teacher: wrote' log.txt
same t.kmam a.kmam "a build with its corpus-alone model as the teacher and one with its own"
kma build-model --data data --teacher gold.kmam -o x.kmam
kma build-model --data data --no-weak --teacher gold.kmam -o x.kmam
say build-model --data data --lm knlm --weak-kinds phrase:0.5 -o c.kmam
kma_status build-model --data data --lm knlm --weak-kinds phrase:0.5 -o c.kmam 2> log.txt
grep -o '[a-z]*\.tmp: [0-9]* sentences x [0-9.]*' log.txt
# The examples of homograph pairs' words (tests/data/homographs: 걷/걸 VV,
# 달 VA/VV, ...; those not held out) as silver of their own weight.
mkdir -p hdata/corpus
cp -r tests/data/homographs/lexicon hdata/
cp tests/data/mini/train.tsv hdata/corpus/train.tsv
h="--data hdata --lm knlm --weak tests/data/homographs/examples.tsv"
say build-model $h --homograph-weight 1 --homograph-margin 8 -o h.kmam
kma_status build-model $h --homograph-weight 1 --homograph-margin 8 -o h.kmam 2> log.txt
grep -o "silver: [0-9]* examples of homograph pairs' words\|[a-z]*\.tmp: [0-9]* sentences x [0-9.]*" log.txt
# Bad values are usage errors before anything is read.
kma build-model --homograph-weight -1 -o x.kmam
kma build-model --homograph-weight 0 --homograph-margin 8 -o x.kmam
kma build-model --no-weak --homograph-weight 1 -o x.kmam
kma build-model --weak-kinds sentence:2.5 -o x.kmam
kma build-model --weak-kinds verse:0.2 -o x.kmam
kma build-model --no-weak --weak data/weak/dict_examples.tsv -o x.kmam
# A malformed example names its line before the teacher is built.
printf '# header\n걸었다.\t걷\tVV\tsentence\n' > bad.tsv
kma build-model --data data --lm knlm --weak bad.tsv -o x.kmam
ls x.kmam x.kmam.teacher.tmp 2>/dev/null || echo "no x.kmam, no x.kmam.teacher.tmp"
