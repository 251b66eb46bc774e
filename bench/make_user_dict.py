#!/usr/bin/env python3
"""Writes a synthetic user dictionary for the load-time and throughput
measurements of docs/USER_DICTIONARY.md: N entries (default 100,000) made
of syllables drawn by frequency from a text (so that many entries match
inside its words, the costly case), seeded and reproducible.

usage: bench/make_user_dict.py TEXT N OUT [SEED]

Mix: 85% nouns (NNP, NNG; 2-6 syllables, some with a score), 10% regular
stems (VV, VA; ending in 하/리/받/르 ...), 5% pre-analysed surfaces, plus 10
pattern rules and 10 blocked morphemes."""
import collections
import random
import sys


def main():
    text_path, n, out_path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 14)
    counts = collections.Counter(c for c in open(text_path, encoding="utf-8").read() if "가" <= c <= "힣")
    syllables, weights = zip(*counts.most_common(2000))

    def word(lo, hi):
        return "".join(rng.choices(syllables, weights, k=rng.randint(lo, hi)))

    seen = set()
    lines = []
    stem_ends = ["하", "리", "받", "르", "치", "오", "주", "내", "지", "하"]
    while len(lines) < n:
        r = rng.random()
        if r < 0.85:
            w = word(2, 6)
            entry = f"{w}\t{rng.choice(['NNP', 'NNG'])}" + (f"\t{rng.uniform(-3, 3):.2f}" if rng.random() < 0.2 else "")
        elif r < 0.95:
            w = word(1, 3) + rng.choice(stem_ends)
            entry = f"{w}\t{rng.choice(['VV', 'VA'])}"
        else:
            a, b = word(1, 3), word(1, 2)
            w = a + b
            entry = f"{w}\t{a}/NNG {b}/NNG"
        if w in seen:
            continue
        seen.add(w)
        lines.append(entry)
    for i in range(10):
        lines.append(f"!pattern\t[A-Z]{{2}}{i}-\\d{{3,}}\tNNP")
    for i in range(10):
        lines.append(f"!block\t{word(2, 3)}/NNG")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("# synthetic user dictionary (bench/make_user_dict.py)\n")
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
