# eval --json: one object; gold_mini.sources says 3 kaist, 2 gsd, 1 ksl. The
# time per sentence varies, hence the glob.
kma eval tests/data/gold_mini.tsv --json
