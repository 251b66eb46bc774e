# Options are checked before anything is read: a valid value gets as far as
# the (missing) data directory, a bad one is a usage error naming the option
# and its range.
kma build-model --cong-dim 48 --order 4 --cong-teacher 0.5 --data no-such-dir -o m.kmam
kma build-model --cong-dim 40 -o m.kmam
kma build-model --order 7 -o m.kmam
kma build-model --cong-teacher 1.5 -o m.kmam
# A silver weight is an integer count or a fraction below 1.
printf '가\t가/NNG\n' > silver.tsv
kma build-model --silver silver.tsv:1.5 -o m.kmam
kma build-model --silver silver.tsv:0 -o m.kmam
kma build-model --silver silver.tsv:0.25 --data no-such-dir -o m.kmam
# The storage variants left the builder (CHANGELOG.md).
kma build-model --cong-storage int6 -o m.kmam
# --help-all states the stage specs' defaults.
kma build-model --help-all
ls m.kmam 2>/dev/null || echo "no m.kmam"
