# KMA_ISA caps the kernels; an unknown value is a usage error, not ignored.
KMA_ISA=scalar kma --version
printf '나는 밥을 먹었다.\n' | KMA_ISA=scalar kma analyze
KMA_ISA=avx3 kma --version
printf '나는 밥을 먹었다.\n' | KMA_ISA=avx3 kma analyze
