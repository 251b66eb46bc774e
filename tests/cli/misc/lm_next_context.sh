# kma lm: the next tokens of a context, the context itself, and its errors.
kma lm next -k 3 --lm knlm "나/NP 는/JX"
kma lm context --lm knlm "나/NP 는/JX"
kma lm similar --lm knlm "학교/NNG"
kma lm next "학교/QQ"
kma lm frobnicate
