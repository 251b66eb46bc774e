# -f json: one object per line, with quotes and backslashes escaped.
printf '나는 밥을 먹었다.\n따옴표 "인용" 끝\\\n' | kma analyze --format json
