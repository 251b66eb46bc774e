#!/usr/bin/env bash
# shared_model_sample: the model builder is deterministic, checked in CI on a
# fixed sample of the training data instead of the whole of it (a full build
# costs about 10 CPU-minutes, most of CI's budget; shared_model_rebuild does
# it when KMA_FULL_REBUILD=1).
#
# The sample: every 10th sentence of corpus/train.tsv with its line of
# train.sources (all three sources), every 20th dictionary example (the
# header kept), the whole lexicon. `kma build-model` runs all three stages on
# it (teacher, silver analyses of the examples, student with every LM) and
# the SHA-256 of the file must equal tests/shared/sample_model.sha256, written
# by another run (another machine, another instruction set), so equality
# shows the build does not depend on either. A builder change that changes
# its output is expected to change the hash: regenerate it with
#   KMA_GOLDEN_UPDATE=1 ctest --test-dir build -R shared_model_sample
# and say in the commit message why the model changed.
#
#   model_sample.sh KMA DATA_DIR WORK_DIR EXPECTED_FILE
set -euo pipefail
kma="$1" data="$2" work="$3" expected="$4"
if [[ ! -d "${data}" ]]; then
  echo "SKIP: ../shared/data not found (KMA_SHARED_DATA_DIR=${data})"
  exit 77
fi
rm -rf "${work}"
mkdir -p "${work}/data/corpus" "${work}/data/weak"
ln -s "$(cd "${data}/lexicon" && pwd)" "${work}/data/lexicon"
awk 'NR % 10 == 1' "${data}/corpus/train.tsv" >"${work}/data/corpus/train.tsv"
awk 'NR % 10 == 1' "${data}/corpus/train.sources" >"${work}/data/corpus/train.sources"
awk 'NR == 1 || NR % 20 == 0' "${data}/weak/dict_examples.tsv" >"${work}/data/weak/dict_examples.tsv"
echo "sample: $(wc -l <"${work}/data/corpus/train.tsv") corpus sentences" \
  "($(sort "${work}/data/corpus/train.sources" | uniq -c | awk '{printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1}'))," \
  "$(($(wc -l <"${work}/data/weak/dict_examples.tsv") - 1)) dictionary examples"
start=${SECONDS}
if ! "${kma}" build-model --data "${work}/data" -o "${work}/sample.kmam" 2>"${work}/build.log"; then
  tail -n 40 "${work}/build.log"
  echo "kma build-model failed on the sample (log: ${work}/build.log)"
  exit 1
fi
hash="$(sha256sum "${work}/sample.kmam" | cut -d' ' -f1)"
echo "built ${work}/sample.kmam: $(stat -c %s "${work}/sample.kmam") bytes in about $((SECONDS - start)) s, sha256 ${hash}"
if [[ "${KMA_GOLDEN_UPDATE:-0}" == 1 ]]; then
  echo "${hash}" >"${expected}"
  echo "wrote ${expected}"
elif [[ "${hash}" != "$(cat "${expected}")" ]]; then
  echo "the sample model's sha256 is not the committed one ($(cat "${expected}"), ${expected})."
  echo "Either the build is no longer deterministic (build twice here and cmp the files), or the"
  echo "builder's output changed on purpose: then regenerate the hash with"
  echo "  KMA_GOLDEN_UPDATE=1 ctest --test-dir build -R shared_model_sample"
  echo "and rebuild the bundled model when the change is meaningful (README, Rebuilding the model)."
  echo "Kept: ${work}"
  exit 1
fi
rm -rf "${work}"
