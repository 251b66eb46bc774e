# The ensembles are listed LMs: they analyse, and eval scores the gold
# morphemes with the mixture (a perplexity of its own, moved by --knlm-mix).
printf '나는 밥을 먹었다.\n' | kma analyze --lm cong+knlm
for args in "--lm cong" "--lm cong+knlm" "--lm cong+knlm --knlm-mix 0.9" "--lm cong-global+knlm"; do
  say eval $args --json tests/data/gold_mini.tsv
  # shellcheck disable=SC2086
  kma_status eval $args --json tests/data/gold_mini.tsv | grep -o '"perplexity":[0-9.]*' | head -n 1
done
# --knlm-mix needs an ensemble and a weight strictly between 0 and 1.
kma eval --lm cong --knlm-mix 0.5 tests/data/gold_mini.tsv
for w in 0 1 -0.5 x nan; do
  kma eval --lm cong+knlm --knlm-mix "$w" tests/data/gold_mini.tsv
done
# An ensemble whose CoNg part is not an int8 model is no LM of the file.
printf '나는 밥을 먹었다.\n' | kma analyze --lm cong-fp32+knlm
