# A form with a NUL, an escaped tab or CR is refused where it is: the NUL
# reached C callers inside a form, the tab a sixth TSV column. A line of the
# constraints file is an error of its input line; the next goes on.
printf '0:1 a\x00b/SL\n0:1 a\x01b/SL\n\n' > c.txt
printf '밥을\n밥을\n밥을\n' | kma analyze -f tsv --constraints c.txt
printf 'abc\n' | kma analyze -f tsv --constrain '0:3 a\	b/SL'
printf 'abc\n' | kma analyze --constrain "0:3 a\\$(printf '\r')b/SL"
