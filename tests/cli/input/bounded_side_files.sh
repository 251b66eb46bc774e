# Devices and endless streams given as side files fail or stream in bounded
# memory (each run is bounded by the test's timeout; unbounded, each filled
# memory).
printf '나는 밥을 먹었다.\n' | kma analyze --model /dev/zero
printf '나는 밥을 먹었다.\n' | kma analyze --user-dict /dev/zero
kma eval /dev/zero
kma join --gold /dev/zero
# An endless constraints file is read along with the input (`yes ''` gave
# 6.3 GB in 10 s when it was read whole first).
printf '밥\n밥\n' > in.txt
yes '' | kma analyze --constraints /dev/stdin in.txt
