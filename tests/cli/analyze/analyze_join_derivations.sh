# --join-derivations: a derivational affix and its base become one token
# (공부/NNG 하/XSV -> 공부하/VV, 학생/NNG 들/XSN -> 학생들/NNG) spanning both
# parts; with --lemma the joined stem's lemma; without it the plain analysis.
printf '사랑스러운 공부했다\n비정상적인 학생들이 조용히 행복하게 살았다\n' > in.txt
kma analyze in.txt
kma analyze --join-derivations in.txt
kma analyze --join-derivations --lemma in.txt
kma analyze --join-derivations --format tsv in.txt
