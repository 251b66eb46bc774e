// Entry points of the kma subcommands. Each takes the full argv and the
// index of its first own argument, and returns the process exit code
// (0 ok, 1 runtime error, 2 usage error).
#ifndef KMA_TOOLS_KMA_COMMANDS_H_
#define KMA_TOOLS_KMA_COMMANDS_H_

namespace kma::cli {

int RunAnalyze(int argc, char** argv, int first);
int RunSplit(int argc, char** argv, int first);
int RunEval(int argc, char** argv, int first);
int RunEvalSplit(int argc, char** argv, int first);  // `kma eval --split`
int RunSplitSet(int argc, char** argv, int first);
int RunTypoSet(int argc, char** argv, int first);
int RunBench(int argc, char** argv, int first);
int RunBuildModel(int argc, char** argv, int first);
int RunLm(int argc, char** argv, int first);
int RunSilver(int argc, char** argv, int first);  // silver_cmd.cpp
int RunJoin(int argc, char** argv, int first);  // kma join (join_cmd.cpp)
int RunSpace(int argc, char** argv, int first);  // kma space (space_cmd.cpp)
int RunEvalSpacing(int argc, char** argv, int first);  // `kma eval --spacing` (eval_spacing_cmd.cpp)
int RunGlue(int argc, char** argv, int first);  // kma glue (glue_cmd.cpp)
int RunEvalGlue(int argc, char** argv, int first);  // `kma eval --glue` (glue_cmd.cpp)
int RunExtractWords(int argc, char** argv, int first);  // kma extract-words (extract_words_cmd.cpp)
int RunVersion(int argc, char** argv, int first);

}  // namespace kma::cli

#endif  // KMA_TOOLS_KMA_COMMANDS_H_
