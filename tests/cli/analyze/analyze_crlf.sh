# CRLF line ends are read as line ends and not written back.
printf '나는 밥을 먹었다.\r\n밥\r\n' | kma analyze
printf '나는 밥을 먹었다.\r\n밥\r\n' | kma_status analyze | od -c | grep -c '\\r' || true
