# --constrain applies to every line; --constraints FILE line N to line N; an
# unsatisfiable line is empty with a message (exit 1); bad syntax is a usage
# error with the byte offset.
printf '나는 쿠쿠루뱅크에서 돈을 찾았다.\n' | kma analyze --constrain "3:8 쿠쿠루뱅크/NNP"
printf '나는 쿠쿠루뱅크에서\n' | kma analyze -f json --constrain "3:8 쿠쿠루뱅크/NNP"
printf '3:6 걷/VV+었/EP+다/EF\n\nlemma 없는말/VV\n' > c.txt
printf '길을 걸었다\n길을 걸었다\n밥을 먹었다\n' | kma analyze -t 2 --constraints c.txt
printf '밥\n' | kma analyze --constrain "0:1 밥/NNQ"
printf '\n' > one.txt
printf '밥\n밥\n' | kma analyze --constraints one.txt
