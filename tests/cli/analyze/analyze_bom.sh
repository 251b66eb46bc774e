# A byte order mark at the start of each input is dropped: offsets start at
# the text and the output equals that of the same text without it. Offsets
# in messages count the BOM's bytes in the file.
printf '나는 밥을 먹었다.\n' | kma analyze -f json
printf '\xef\xbb\xbf나는 밥을 먹었다.\n' > bom.txt
kma analyze -f json - bom.txt < bom.txt
printf '\xef\xbb\xbfab\xff\n' > bombad.txt
kma analyze bombad.txt
