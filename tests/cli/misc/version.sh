# The version, the ABI, the model format and the kernels' instruction set
# (which depends on the CPU, hence the glob); `version` is the same command.
kma --version
kma version
