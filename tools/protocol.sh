#!/usr/bin/env bash
# The selection protocol (docs/ACCURACY.md, "Selection protocol"): the three
# figures every setting of the builder is chosen on, for one kma binary and
# one set of build-model options.
#
#   (a) homograph agreement on the held-out homograph examples of the
#       dictionary (kma eval --weak --homographs), for the model of all of
#       corpus/train.tsv;
#   (b) leave-one-source-out F1: a model of two of train.tsv's sources
#       (corpus/train.sources: kaist, gsd, ksl) scored on the third source's
#       sentences, in each direction, and the mean of the three;
#   (c) the guard: F1 on the held-out blocks of train.tsv (lines with
#       int((NR-1)/100)%10==9) for the model of the other lines.
#
# Each model is built by `BIN build-model --data SPLIT OPTIONS`, all stages
# (teacher, silver, student) with only the corpus restricted; dev.tsv plays
# no part. Unless OPTIONS hold --no-weak, every split is also built with
# --no-weak (the model of the corpus alone): its figures are reported beside
# the configuration's, and it is the configuration's teacher (build-model
# --teacher), which gives the same model as the teacher the build would make
# itself. Models are kept in WORK/models with a stamp (BIN's bytes, the
# options, the data files); a rerun with the same stamp reuses them, which
# is exact because builds are deterministic.
#
# usage: tools/protocol.sh [--kma BIN] [--eval-kma BIN] [--data DIR] [--work DIR]
#                          [--threads N] [--full-model FILE] [--fresh] [-- OPTIONS...]
#   --kma BIN        the kma whose builder is measured (default: this tree's build/tools/kma)
#   --eval-kma BIN   the kma that scores (a) when BIN has no `eval --weak --homographs`
#                    (default: this tree's build/tools/kma)
#   --data DIR       the shared data (default: ../shared/data beside this tree)
#   --work DIR       splits, models and reports (default: /tmp/kma-protocol)
#   --threads N      build and analysis threads (default 2)
#   --full-model F   score (a) on F instead of building the model of all of
#                    train.tsv (the bundled model, when it is what BIN builds
#                    with OPTIONS: shared_model_rebuild checks that)
#   --fresh          rebuild every model, whatever the stamps say
# Prints the figures and writes WORK/protocol.json.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kma=$here/build/tools/kma
eval_kma=$here/build/tools/kma
data=$here/../shared/data
work=/tmp/kma-protocol
threads=2
full_model=
fresh=0
options=()
while [ $# -gt 0 ]; do
  case $1 in
    --kma) kma=$2; shift 2 ;;
    --eval-kma) eval_kma=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --full-model) full_model=$2; shift 2 ;;
    --fresh) fresh=1; shift ;;
    --) shift; options=("$@"); break ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "protocol: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
die() { echo "protocol: $*" >&2; exit 1; }
command -v jq > /dev/null || die "jq is needed for the reports (apt-get install jq)"
[ -x "$kma" ] || die "$kma: not an executable (use --kma BIN)"
for f in corpus/train.tsv corpus/train.sources weak/dict_examples.tsv lexicon/lexicon.tsv lexicon/irregular.tsv; do
  [ -f "$data/$f" ] || die "$data/$f not found (use --data DIR)"
done
data=$(cd "$data" && pwd)
mkdir -p "$work/splits" "$work/models" "$work/eval"
work=$(cd "$work" && pwd)

# --no-weak in the options: the configuration is the corpus alone.
config_is_gold=0
for o in "${options[@]}"; do [ "$o" = --no-weak ] && config_is_gold=1; done
# The --no-weak build of the same options: without the examples' options.
gold_options=()
skip=0
for o in "${options[@]}"; do
  if [ $skip = 1 ]; then skip=0; continue; fi
  case $o in
    --weak|--weak-kinds|--teacher|--homograph-weight|--homograph-margin) skip=1 ;;
    --weak=*|--weak-kinds=*|--teacher=*|--homograph-weight=*|--homograph-margin=*|--no-weak) ;;
    *) gold_options+=("$o") ;;
  esac
done
gold_options+=(--no-weak)
# The rule file of the options, if any, is the homograph set's too.
rules_opt=()
for ((i = 0; i < ${#options[@]}; i++)); do
  case ${options[$i]} in
    --rules) rules_opt=(--rules "${options[$((i + 1))]}") ;;
    --rules=*) rules_opt=("${options[$i]}") ;;
  esac
done
can_reuse_teacher=0
"$kma" build-model --help 2>/dev/null | grep -q -- '--teacher FILE' && can_reuse_teacher=1

# The splits: train.tsv without one source (loso-SOURCE, scored on that
# source's lines) and without the held-out blocks (blocks).
split_dir() {
  local name=$1 keep=$2 d=$work/splits/$1
  mkdir -p "$d/corpus"
  paste "$data/corpus/train.sources" "$data/corpus/train.tsv" | awk -F'\t' "$keep" > "$d/both.tmp"
  cut -f1 "$d/both.tmp" > "$d/corpus/train.sources"
  cut -f2- "$d/both.tmp" > "$d/corpus/train.tsv"
  paste "$data/corpus/train.sources" "$data/corpus/train.tsv" | awk -F'\t' "!($keep)" > "$d/both.tmp"
  cut -f1 "$d/both.tmp" > "$d/test.sources"
  cut -f2- "$d/both.tmp" > "$d/test.tsv"
  rm "$d/both.tmp"
  ln -sfn "$data/lexicon" "$d/lexicon"
  ln -sfn "$data/weak" "$d/weak"
}
for s in kaist gsd ksl; do split_dir "loso-$s" "\$1 != \"$s\""; done
split_dir blocks 'int((NR-1)/100)%10 != 9'

md5() { md5sum "$@" | cut -d' ' -f1 | tr '\n' ' '; }
TIMEFORMAT='%R %U %S'
costs=()

# build SPLIT_NAME DATA_DIR TAG OPTIONS...: WORK/models/SPLIT.TAG.kmam, reused
# when its stamp matches.
build() {
  local name=$1 dir=$2 tag=$3
  shift 3
  local out=$work/models/$name.$tag.kmam
  local stamp
  stamp="$(md5 "$kma") | $* | $(md5 "$dir/corpus/train.tsv" "$dir/corpus/train.sources" \
    "$dir/weak/dict_examples.tsv" "$dir/lexicon/lexicon.tsv" "$dir/lexicon/irregular.tsv")"
  if [ $fresh = 0 ] && [ -f "$out" ] && [ "$(cat "$out.stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "protocol: $name.$tag: reusing $out" >&2
    return
  fi
  echo "protocol: building $name.$tag ($*)" >&2
  rm -f "$out" "$out.stamp"
  local t
  t=$( { time nice -n 5 "$kma" build-model --data "$dir" --threads "$threads" "$@" -o "$out.tmp" \
           > "$out.log" 2>&1 ; } 2>&1 ) || die "build of $name.$tag failed, see $out.log"
  mv "$out.tmp" "$out"
  echo "$stamp" > "$out.stamp"
  echo "$t" > "$out.time"
}

# models SPLIT_NAME DATA_DIR: the configuration's model (and the --no-weak one).
models() {
  local name=$1 dir=$2
  if [ $config_is_gold = 1 ]; then
    build "$name" "$dir" config "${options[@]}"
    return
  fi
  build "$name" "$dir" no-weak "${gold_options[@]}"
  if [ $can_reuse_teacher = 1 ]; then
    build "$name" "$dir" config "${options[@]}" --teacher "$work/models/$name.no-weak.kmam"
  else
    build "$name" "$dir" config "${options[@]}"
  fi
}

configs=(config)
[ $config_is_gold = 0 ] && configs+=(no-weak)
if [ -z "$full_model" ]; then
  models full "$data"
elif [ $config_is_gold = 0 ]; then
  build full "$data" no-weak "${gold_options[@]}"
fi
for name in loso-kaist loso-gsd loso-ksl blocks; do models "$name" "$work/splits/$name"; done

# (a) with BIN when it can, else with the protocol's kma.
homograph_kma=$kma
"$kma" eval --weak x --help 2>/dev/null | grep -q -- '--homographs' || homograph_kma=$eval_kma
[ -x "$homograph_kma" ] || die "$homograph_kma: not an executable (use --eval-kma BIN)"
for c in "${configs[@]}"; do
  m=$work/models/full.$c.kmam
  [ -n "$full_model" ] && [ $c = config ] && m=$full_model
  [ -f "$m" ] || { [ $c = no-weak ] && continue; die "$m not found"; }
  "$homograph_kma" eval --weak "$data/weak/dict_examples.tsv" --homographs --lexicon "$data/lexicon" \
    "${rules_opt[@]}" --model "$m" -t "$threads" --json > "$work/eval/$c.a.json"
  for name in loso-kaist loso-gsd loso-ksl blocks; do
    "$kma" eval --model "$work/models/$name.$c.kmam" --json "$work/splits/$name/test.tsv" \
      > "$work/eval/$c.$name.json"
  done
done

# The named pairs of the acceptance criteria, in the order reported.
pairs='["걷 VV / 걸 VV","묻 VV / 물 VV","굽 VA / 굽 VV","달 VA / 달 VV","낫 VA / 낫 VV"]'
summary() {
  local c=$1 e=$work/eval/$1
  jq -n --argjson pairs "$pairs" \
    --slurpfile a "$e.a.json" --slurpfile k "$e.loso-kaist.json" --slurpfile g "$e.loso-gsd.json" \
    --slurpfile l "$e.loso-ksl.json" --slurpfile b "$e.blocks.json" '{
      homographs: {examples: $a[0].examples, agreement: $a[0].agreement,
                   pairs: [$pairs[] as $p | ($a[0].pairs[] | select(.pair == $p)) // {pair: $p, examples: 0, agreed: 0, agreement: null}],
                   most_disagreeing: ([$a[0].pairs[] | . + {wrong: (.examples - .agreed)}]
                                      | map(select(.wrong > 0)) | sort_by(-.wrong, .pair) | .[0:10])},
      leave_one_source_out: {kaist: $k[0].f1, gsd: $g[0].f1, ksl: $l[0].f1,
                             mean: (($k[0].f1 + $g[0].f1 + $l[0].f1) / 3)},
      held_out_blocks: {f1: $b[0].f1, per_source: ($b[0].per_source | map_values(.f1))}}'
}
{
  echo "{\"kma\":$(jq -n --arg v "$kma" '$v'),\"options\":$(jq -n '$ARGS.positional' --args -- "${options[@]}"),"
  echo "\"homograph_kma\":$(jq -n --arg v "$homograph_kma" '$v'),\"configs\":{"
  first=1
  for c in "${configs[@]}"; do
    [ -f "$work/eval/$c.a.json" ] || continue
    [ $first = 1 ] || echo ","
    first=0
    echo "\"$c\":$(summary "$c")"
  done
  echo "},\"builds\":["
  first=1
  for t in "$work"/models/*.time; do
    [ -f "$t" ] || continue
    [ $first = 1 ] || echo ","
    first=0
    read -r wall user sys < "$t"
    echo "{\"model\":\"$(basename "$t" .time)\",\"wall_seconds\":$wall,\"cpu_seconds\":$(awk "BEGIN{print $user + $sys}")}"
  done
  echo "]}"
} | jq . > "$work/protocol.json"

# The figures: one column per model, the label last (Hangul does not pad).
jq -r --argjson pairs "$pairs" '
  def f: if . == null then "-" else ((. * 10000 | round) as $n
         | "\($n / 10000 | floor).\(($n % 10000) + 10000 | tostring | .[1:])") end;
  def cell: tostring | . + (" " * ([16 - length, 1] | max));
  . as $r | ($r.configs | keys_unsorted) as $cs | $r.configs as $c |
  def row($name; v): "    \([$cs[] | $c[.] | v | cell] | join(""))\($name)";
  "kma protocol: \($r.kma) \($r.options | join(" "))",
  "    \([$cs[] | cell] | join(""))",
  "(a) homograph agreement on the held-out homograph examples",
  row("all"; "\(.homographs.agreement | f) (\(.homographs.examples))"),
  ($pairs[] as $p | row($p; (.homographs.pairs[] | select(.pair == $p)) | "\(.agreement | f) (\(.agreed)/\(.examples))")),
  "(b) leave-one-source-out F1 (tested on the source named, trained on the other two)",
  (["kaist", "gsd", "ksl", "mean"][] as $s | row($s; .leave_one_source_out[$s] | f)),
  "(c) held-out blocks F1 (the guard)",
  row("all"; .held_out_blocks.f1 | f),
  (["kaist", "gsd", "ksl"][] as $s | row($s; .held_out_blocks.per_source[$s] | f)),
  "homograph pairs with the most disagreeing examples (\($cs[0])): \([$c[$cs[0]].homographs.most_disagreeing[0:5][]
     | "\(.pair) \(.agreed)/\(.examples)"] | join(", "))",
  "models: \(.builds | length), built in \([.builds[].cpu_seconds] | add // 0 | round) s of CPU, \([.builds[].wall_seconds] | add // 0 | round) s wall (reused ones at their first build); '"$work"'/protocol.json"
' "$work/protocol.json"
