# Usage errors: one "kma: ..." line on stderr, exit 2.
printf '나는 밥을 먹었다.\n' | kma analyze --bogus
kma --bogus
kma frobnicate
kma analyze --format xml
kma analyze --model
printf '나는 밥을 먹었다.\n' | kma analyze --lm no-such-lm
kma analyze --progress=1
kma analyze -n
kma analyze -5
