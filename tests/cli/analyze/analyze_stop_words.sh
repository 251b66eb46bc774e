# --stop-words leaves out the built-in stop words, --stop-word-list F those
# of a user's list (form/TAG or */TAG, # comments), both together; a bad line
# of the list is an error naming the file and the line (exit 1).
printf '나는 학교에 가서 공부를 했다.\n' > in.txt
printf '# mine\n학교/NNG\n*/NP   # pronouns\n' > stop.txt
printf '학교/NNG\n\n사과/NNQ\n' > bad.txt
kma analyze in.txt
kma analyze --stop-words in.txt
kma analyze --stop-word-list stop.txt in.txt
kma analyze --stop-words --stop-word-list stop.txt in.txt
kma analyze --stop-word-list bad.txt in.txt
kma analyze --stop-word-list missing.txt in.txt
