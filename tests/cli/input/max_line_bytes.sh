# A line over --max-line-bytes is read past, not kept: analyze and join give
# its empty record and a message, and go on (exit 1); split stops there. A
# line exactly at the limit (CRLF and BOM not counted) is analysed.
long=$(for i in $(seq 40); do printf '가'; done)  # 120 bytes
printf '나는 밥을 먹었다.\n%s\n나는 밥을 먹었다.\n' "$long" > long.txt
for t in 1 2; do
  kma analyze -t "$t" --max-line-bytes 100 long.txt
done
kma analyze -f json --on-error replace --max-line-bytes 100 long.txt
kma analyze --on-error stop --max-line-bytes 100 long.txt
printf '\xef\xbb\xbf%s\r\n' "$long" | kma analyze --max-line-bytes 120
printf '%s\r\n' "$long" | kma analyze --max-line-bytes 119
kma split --max-line-bytes 100 long.txt
kma split --doc --max-line-bytes 100 long.txt
printf '먹/VV 자/EF\n%s/NNG\n먹/VV 자/EF\n' "$long" | kma join --max-line-bytes 100
for bad in 0 -1 x 4294967296; do
  kma analyze --max-line-bytes "$bad"
done
