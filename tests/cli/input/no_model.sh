# --model naming no file is a usage error; $KMA_MODEL is no option, so a
# model that is not there is a data error.
printf '나는 밥을 먹었다.\n' | kma analyze --model missing.kmam
printf '나는 밥을 먹었다.\n' | KMA_MODEL=env-missing.kmam kma analyze
