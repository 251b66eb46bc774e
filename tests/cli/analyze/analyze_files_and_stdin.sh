# Files and "-" are read in order into one output stream.
printf '밥\n' > a.txt
printf '나는 밥을 먹었다.\n' | kma analyze a.txt - a.txt
