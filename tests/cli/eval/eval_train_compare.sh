# --train adds ambiguous-word accuracy; --compare-lm the identical-top-1
# share (an LM compared with itself: all identical); perplexity always.
kma eval tests/data/gold_mini.tsv --lm knlm --train tests/data/mini/train.tsv --compare-lm knlm --json
kma eval tests/data/gold_mini.tsv --lm knlm --compare-lm cong
kma eval tests/data/gold_mini.tsv --train tests/data/mini/train.tsv
kma eval tests/data/gold_mini.tsv --compare-lm nope
kma eval tests/data/gold_mini.tsv --train missing.tsv
