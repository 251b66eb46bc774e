# The lexical spacing table: --spacing-from adds it to a copy of a built
# model without training (the source model is left as it was), and a full
# build writes it unless --no-spacing-table. kma space reads it; a model
# without it spaces by the tag rule alone.
mkdir -p data/corpus
cp -r tests/data/mini/lexicon data/
cp tests/data/mini/train.tsv data/corpus/train.tsv
kma_status build-model --data data --lm knlm --no-weak --no-spacing-table -o base.kmam 2> /dev/null
cp base.kmam before.kmam
say build-model --data data --spacing-from base.kmam -o lex.kmam
kma_status build-model --data data --spacing-from base.kmam -o lex.kmam 2> log.txt
grep -o 'wrote lex\.kmam' log.txt
same base.kmam before.kmam "the source model before and after"
same base.kmam lex.kmam "the model with the table and its source"
kma_status build-model --data data --lm knlm --no-weak -o full.kmam 2> /dev/null
for m in base lex full; do
  say "space --model $m.kmam"
  printf '나는학교에간다\n철수가밥을먹었다\n' | kma_status space --model "$m.kmam"
done
# A missing source model is an error, and nothing is written.
kma build-model --data data --spacing-from no-such.kmam -o x.kmam
ls x.kmam 2>/dev/null || echo "no x.kmam"
