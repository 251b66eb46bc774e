# A file the command line names that cannot be opened is a usage error.
kma analyze does-not-exist.txt
