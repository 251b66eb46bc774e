# Writes the model.properties resource that describes the model a jar
# carries (ModelResource.java reads it):
#   cmake -DMODEL=<kma-default.kmam> -DOUT=<model.properties> -P model_properties.cmake
cmake_minimum_required(VERSION 3.21)
file(SHA256 "${MODEL}" _sha)
file(SIZE "${MODEL}" _size)
file(WRITE "${OUT}" "# The default model in this jar (io/github/kma/model/kma-default.kmam)\nsha256=${_sha}\nsize=${_size}\n")
