#!/usr/bin/env python3
"""Measures `kma extract-words` (docs/ACCURACY.md, "New-word discovery") on
nouns the model never saw.

1. Held-out nouns: the lexicon's NNG entries of 2 to 6 Hangul syllables
   attested by at least two of its resources, absent from corpus/train.tsv
   (as a morpheme of any tag), that the lexicon does not list as often with
   another tag (쇼킹 XR), that are not a syllable and a particle (반의), and
   that start at least --min words of
   raw/reviews_all.txt followed by nothing or a common particle; one in
   --every of them, by the CRC-32 of the form.
2. A model without them: build-model --no-weak on a copy of the data whose
   lexicon lacks every entry of those forms tagged NNG or NNP (reused while
   the held-out list stays the same).
3. extract-words with that model on raw/reviews_all.txt: recall at K of the
   held-out nouns, and the precision of the top 100 against the full lexicon
   (a candidate counts when the lexicon has it as NNG or NNP).

usage: tools/extract_eval.py [--kma BIN] [--data DIR] [--work DIR] [--min N]
                             [--every N] [-- EXTRACT_OPTIONS...]
"""
import argparse
import os
import re
import subprocess
import sys
import time
import zlib

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HANGUL = re.compile(r"^[가-힣]+$")
LEAD = re.compile(r"^[가-힣]+")
PARTICLES = {"", "이", "가", "을", "를", "은", "는", "도", "의", "에", "으로", "로", "와", "과", "이다", "만"}


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--kma", default=os.path.join(HERE, "build/tools/kma"))
    p.add_argument("--data", default=os.path.join(HERE, "../shared/data"))
    p.add_argument("--work", default="/tmp/kma-extract")
    p.add_argument("--min", type=int, default=20)
    p.add_argument("--every", type=int, default=4)
    a = p.parse_args(argv)
    reviews = os.path.join(a.data, "raw/reviews_all.txt")
    lexicon = os.path.join(a.data, "lexicon/lexicon.tsv")
    train = os.path.join(a.data, "corpus/train.tsv")
    for f in (reviews, lexicon, train):
        if not os.path.isfile(f):
            sys.exit(f"extract_eval: {f} not found")
    os.makedirs(a.work, exist_ok=True)

    nouns, lex_nouns, noun_count, other_count = set(), set(), {}, {}
    with open(lexicon, encoding="utf-8") as f:
        next(f)
        for line in f:
            c = line.rstrip("\n").split("\t")
            if len(c) < 4:
                continue
            n = int(c[2]) if c[2].isdigit() else 0
            if c[1] in ("NNG", "NNP"):
                lex_nouns.add(c[0])
                noun_count[c[0]] = noun_count.get(c[0], 0) + n
            else:
                other_count[c[0]] = max(other_count.get(c[0], 0), n)
            if c[1] == "NNG" and len(c[3].split(",")) >= 2 and HANGUL.match(c[0]) and 2 <= len(c[0]) <= 6:
                nouns.add(c[0])
    nouns = {w for w in nouns if other_count.get(w, -1) < noun_count.get(w, 0)
             and not (len(w) == 2 and w[1] in "의이가은는을를도에로")}
    corpus_forms = set()
    with open(train, encoding="utf-8") as f:
        for line in f:
            for m in line.rstrip("\n").split("\t")[1:]:
                for t in m.split(" "):
                    corpus_forms.add(t.rsplit("/", 1)[0])
    unseen = nouns - corpus_forms
    seen = {}
    with open(reviews, encoding="utf-8") as f:
        for line in f:
            for w in line.split():
                m = LEAD.match(w)
                if not m:
                    continue
                w = m.group(0)
                for k in range(2, min(6, len(w)) + 1):
                    if w[:k] in unseen and w[k:] in PARTICLES:
                        seen[w[:k]] = seen.get(w[:k], 0) + 1
    frequent = sorted(n for n, c in seen.items() if c >= a.min)
    held = sorted(n for n in frequent if zlib.crc32(n.encode()) % a.every == 0)
    held_path = os.path.join(a.work, "held_out.txt")
    model = os.path.join(a.work, "model.kmam")
    old = open(held_path, encoding="utf-8").read().split("\n")[:-1] if os.path.exists(held_path) else None
    if old != held:
        with open(held_path, "w", encoding="utf-8") as f:
            f.write("".join(n + "\n" for n in held))
        if os.path.exists(model):
            os.remove(model)
    print(f"held-out nouns: {len(held)} (of {len(frequent)} unseen lexicon nouns starting {a.min}+ review words)")

    if not os.path.exists(model):
        d = os.path.join(a.work, "data")
        subprocess.run(["rm", "-rf", d], check=True)
        os.makedirs(os.path.join(d, "lexicon"))
        os.symlink(os.path.join(os.path.abspath(a.data), "corpus"), os.path.join(d, "corpus"))
        for name in os.listdir(os.path.join(a.data, "lexicon")):
            if name != "lexicon.tsv":
                os.symlink(os.path.join(os.path.abspath(a.data), "lexicon", name), os.path.join(d, "lexicon", name))
        hs = set(held)
        with open(lexicon, encoding="utf-8") as f, open(os.path.join(d, "lexicon/lexicon.tsv"), "w", encoding="utf-8") as o:
            for i, line in enumerate(f):
                c = line.split("\t")
                if i > 0 and len(c) > 1 and c[0] in hs and c[1] in ("NNG", "NNP"):
                    continue
                o.write(line)
        with open(os.path.join(a.work, "build.log"), "w") as log:
            subprocess.run(["nice", "-n", "5", a.kma, "build-model", "--data", d, "--rules",
                            os.path.join(HERE, "models/morph_rules.txt"), "--no-weak", "-o", model],
                           stderr=log, check=True)

    start = time.time()
    out = subprocess.run([a.kma, "extract-words", "--model", model, "--top", "0", "--scores", *extra, reviews],
                         capture_output=True, text=True, check=True).stdout
    secs = time.time() - start
    with open(os.path.join(a.work, "candidates.tsv"), "w", encoding="utf-8") as f:
        f.write(out)
    ranked = [l.split("\t")[0] for l in out.split("\n") if l and not l.startswith("#")]
    hs = set(held)
    print(f"candidates: {len(ranked)} ({secs:.0f} s)")
    rec = {k: sum(1 for w in ranked[:k] if w in hs) / max(1, len(held)) for k in (100, 200, 500, len(ranked))}
    print("recall of the held-out nouns at 100: %.3f, at 200: %.3f, at 500: %.3f, at all: %.3f"
          % (rec[100], rec[200], rec[500], rec[len(ranked)]))
    top = ranked[:100]
    print("precision of the top 100 against the full lexicon: %.2f" % (sum(w in lex_nouns for w in top) / max(1, len(top))))


if __name__ == "__main__":
    main()
