# Invalid UTF-8 on line 2 of 3: three output records, the second empty (an
# error record in json and tsv), one message with file:line and byte offsets,
# exit 1 at the end; for every format, with one thread and with two.
printf '\xff\n' | kma analyze
printf '나는 밥을 먹었다.\nab\xff\n나는 밥을 먹었다.\n' > bad.txt
for t in 1 2; do
  kma analyze -t "$t" bad.txt
  kma analyze -t "$t" -f json bad.txt
  kma analyze -t "$t" -f tsv bad.txt
  kma analyze -t "$t" -n 2 bad.txt
done
printf '좋다\n\xff\n끝\n' | kma analyze -f json
# Each of those lines is a JSON object by itself (json.loads), the error's too.
say analyze -f json '| python3 json.loads per line'
printf '좋다\n\xff\n끝\n' | kma_status analyze -f json |
  python3 -c 'import json, sys; [print(n, sorted(json.loads(l))) for n, l in enumerate(sys.stdin, 1)]'
printf '좋다\n가나다라마바사아자차카타파하\n끝\n' | kma analyze -f json --max-line-bytes 20
# stop: nothing after the bad line; replace: U+FFFD, analysed, exit 0.
kma analyze --on-error stop bad.txt
kma analyze --on-error replace -t 2 bad.txt
# A corrupt file does not flood stderr: 100 messages, then a count.
for i in $(seq 105); do printf 'ab\xff\n'; done > corrupt.txt
say analyze -t 2 corrupt.txt
kma_status analyze -t 2 corrupt.txt > out.txt 2> err.txt
wc -l < out.txt
wc -l < err.txt
tail -n 2 err.txt
kma analyze --on-error ignore bad.txt
