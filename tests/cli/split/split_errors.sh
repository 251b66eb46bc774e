# A bad format is a usage error; an invalid byte is reported with its line
# and its byte in that line, in document mode too; the documents before it
# are written.
printf '나는 밥을 먹었다.\n' | kma split --format xml
printf '첫 문서\n\n둘째\n문서\xff\n' | kma split --doc
