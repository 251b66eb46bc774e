"""Adds user words and a stem, analyses with them, and joins morphemes back
into text. Usage: python user_dict.py [MODEL]"""
import sys

import kma

model = kma.Model(sys.argv[1] if len(sys.argv) > 1 else None)
d = kma.UserDict(model)
d.add_word("뉴진스", "NNP")
d.add_word("카카오뱅크", "NNP")
d.add_stem("힙하", "VA")
analyzer = kma.Analyzer(model.with_user_dict(d))
for text in ["뉴진스가 카카오뱅크 광고에 나왔다.", "옷이 힙해서 샀다."]:
    print(" ".join(t.tagged_form for t in analyzer.tokenize(text)))
print(kma.Joiner(model).join("돕/VV 아/EC 주/VX 었/EP 어요/EF"))
