# The gold is mapped to the model's convention as it is read: gold_mini's
# existence 있/VA becomes 있/VV (one rewrite); --raw-gold scores it as
# written; --convention-model maps it with another model's rules and
# dictionary (here a model of the mini corpus, which knows the same rule).
kma eval tests/data/gold_mini.tsv --json
kma eval tests/data/gold_mini.tsv --raw-gold --json
mkdir -p data/corpus
cp -r tests/data/mini/lexicon data/
cp tests/data/mini/train.tsv data/corpus/train.tsv
say build-model --data data --lm knlm --no-weak -o mini.kmam
kma_status build-model --data data --lm knlm --no-weak -o mini.kmam 2> /dev/null
kma eval tests/data/gold_mini.tsv --json --convention-model mini.kmam
kma eval tests/data/gold_mini.tsv --convention-model missing.kmam
