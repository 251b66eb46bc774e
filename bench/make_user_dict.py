#!/usr/bin/env python3
"""Writes a synthetic user dictionary for the load-time and throughput
measurements of docs/USER_DICTIONARY.md: N entries (default 100,000),
seeded and reproducible, in one of two kinds.

usage: bench/make_user_dict.py TEXT N OUT [SEED]
       bench/make_user_dict.py --names LEXICON N OUT [SEED]

The first kind (the hard case) makes its words of syllables drawn by
frequency from TEXT, so that many entries match inside the words of that
text, far more often than real names would: 85% nouns (NNP, NNG; 2-6
syllables, some with a score), 10% regular stems (VV, VA; ending in
하/리/받/르 ...), 5% pre-analysed surfaces.

The second kind (--names) is closer to what users add: words of a lexicon
(../shared/data/lexicon/lexicon.tsv: form, tag, ...), so that entries match
where the word itself occurs: 60% real nouns and names (NNP, NNG; 2-6
syllables, some with a score; many the model knows already), 25% coinages
joining two real nouns (카카오뱅크-like names, NNP), 10% stems (a real
noun + 하, VV or VA), 5% pre-analysed compounds (noun/NNP noun/NNG).

Both add 10 pattern rules and 10 blocked morphemes."""
import collections
import random
import sys


def hard_entries(text_path, n, rng):
    counts = collections.Counter(c for c in open(text_path, encoding="utf-8").read() if "가" <= c <= "힣")
    syllables, weights = zip(*counts.most_common(2000))

    def word(lo, hi):
        return "".join(rng.choices(syllables, weights, k=rng.randint(lo, hi)))

    stem_ends = ["하", "리", "받", "르", "치", "오", "주", "내", "지", "하"]
    seen = set()
    lines = []
    while len(lines) < n:
        r = rng.random()
        if r < 0.85:
            w = word(2, 6)
            entry = f"{w}\t{rng.choice(['NNP', 'NNG'])}" + score(rng)
        elif r < 0.95:
            w = word(1, 3) + rng.choice(stem_ends)
            entry = f"{w}\t{rng.choice(['VV', 'VA'])}"
        else:
            a, b = word(1, 3), word(1, 2)
            w = a + b
            entry = f"{w}\t{a}/NNG {b}/NNG"
        if w not in seen:
            seen.add(w)
            lines.append(entry)
    return lines, [word(2, 3) for _ in range(10)]


def name_entries(lexicon_path, n, rng):
    nouns = {"NNP": [], "NNG": []}
    for line in open(lexicon_path, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(f) < 2 or f[1] not in nouns:
            continue
        if 2 <= len(f[0]) <= 6 and all("가" <= c <= "힣" for c in f[0]):
            nouns[f[1]].append(f[0])
    short = [w for w in nouns["NNP"] + nouns["NNG"] if len(w) <= 3]
    seen = set()
    lines = []
    while len(lines) < n:
        r = rng.random()
        if r < 0.60:
            tag = rng.choice(["NNP", "NNG"])
            w = rng.choice(nouns[tag])
            entry = f"{w}\t{tag}" + score(rng)
        elif r < 0.85:
            w = rng.choice(short) + rng.choice(short)
            entry = f"{w}\tNNP" + score(rng)
        elif r < 0.95:
            w = rng.choice(short) + "하"
            entry = f"{w}\t{rng.choice(['VV', 'VA'])}"
        else:
            a, b = rng.choice(short), rng.choice(short)
            w = a + b
            entry = f"{w}\t{a}/NNP {b}/NNG"
        if w not in seen:
            seen.add(w)
            lines.append(entry)
    return lines, [rng.choice(short) for _ in range(10)]


def score(rng):
    return f"\t{rng.uniform(-3, 3):.2f}" if rng.random() < 0.2 else ""


def main():
    args = sys.argv[1:]
    names = bool(args) and args[0] == "--names"
    if names:
        args = args[1:]
    if len(args) not in (3, 4):
        sys.exit(__doc__)
    source, n, out_path = args[0], int(args[1]), args[2]
    rng = random.Random(int(args[3]) if len(args) > 3 else 14)
    lines, blocked = name_entries(source, n, rng) if names else hard_entries(source, n, rng)
    for i in range(10):
        lines.append(f"!pattern\t[A-Z]{{2}}{i}-\\d{{3,}}\tNNP")
    for w in blocked:
        lines.append(f"!block\t{w}/NNG")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("# synthetic user dictionary (bench/make_user_dict.py)\n")
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
