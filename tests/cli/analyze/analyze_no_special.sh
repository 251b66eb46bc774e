# --no-special LIST: the listed special-token classes are not recognised and
# their text is analysed as ordinary text; an unknown class is a usage error.
printf 'https://example.com #맛집 @홍길동 a@b.com 010-1234-5678 😀\n' > in.txt
kma analyze in.txt
kma analyze --no-special hashtag,mention in.txt
kma analyze --no-special url,email,serial,emoji in.txt
kma analyze --no-special all in.txt
kma analyze --no-special phone in.txt
