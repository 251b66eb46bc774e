# No input may make the analyzer fail or crash: random mixes of Hangul,
# jamo, emoji, combining marks and format characters, with every LM, top-3,
# JSON (offsets and all), and sentence splitting. The outputs are long:
# their line counts and digests stand for them.
for lm in cong cong-global knlm; do
  say analyze --lm $lm --top-n 3 --format json tests/data/random_text.txt
  kma_status analyze --lm "$lm" --top-n 3 --format json tests/data/random_text.txt > out.jsonl
  wc -l < out.jsonl
  md5sum < out.jsonl
done
say split tests/data/random_text.txt
kma_status split tests/data/random_text.txt | md5sum
