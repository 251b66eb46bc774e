// kma: command-line front end of the kma Korean morphological analyzer.
// Dispatches to one subcommand per file (analyze_cmd.cpp, split_cmd.cpp, ...).
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>

#include "core/kernels/cong_kernels.h"
#include "tools/kma/options/cli_args.h"
#include "tools/kma/commands/commands.h"
#include "tools/kma/io/output_format.h"

namespace {

constexpr const char kUsage[] =
    "usage: kma <command> [options] [args]\n"
    "\n"
    "commands:\n"
    "  analyze      morphological analysis of each input line\n"
    "  split        split input lines into sentences\n"
    "  join         join morphemes back into text (도와줬어요)\n"
    "  space        correct the spacing of each input line\n"
    "  glue         join lines that a line break cut inside a sentence\n"
    "  extract-words  candidate nouns of raw text, as a user dictionary\n"
    "  eval         score the analyzer against gold files\n"
    "  split-set    build a sentence-split gold set from a corpus\n"
    "  typo-set     build a misspelled copy of a gold corpus (typo evaluation)\n"
    "  bench        measure load time, throughput and memory\n"
    "  version      print library, ABI, model format and ISA versions\n"
    "\n"
    "model development:\n"
    "  build-model  build a model file from the training data\n"
    "  lm           look inside the language models (next, similar, context)\n"
    "  silver       silver training data from dictionary usage examples\n"
    "\n"
    "Run 'kma <command> --help' for the options of a command ('--help-all' also\n"
    "lists the tuning and ablation switches of eval, bench and build-model).\n"
    "Without --model the model is $KMA_MODEL, else the default model installed\n"
    "with kma (share/kma/kma-default.kmam).\n"
    "\n"
    "Exit status, for every command:\n"
    "  0  success\n"
    "  1  a data error: an input line that could not be analysed, a file whose\n"
    "     content is bad (a model, a user dictionary, a gold or constraints\n"
    "     file) or that could not be read to its end, a failed write of the\n"
    "     output (the run stops there), or too little memory\n"
    "  2  a usage error: an unknown option, a missing, empty or out-of-range\n"
    "     value, options that exclude each other, or a file or directory the\n"
    "     command line names that does not exist or cannot be opened\n"
    "Every error is one line \"kma: ...\" on stderr, naming the file and line.\n";

int Dispatch(int argc, char** argv) {
  using namespace kma::cli;
  if (argc < 2) {
    std::fputs(kUsage, stderr);
    return kExitUsage;
  }
  std::string cmd = argv[1];
  if (cmd == "-h" || cmd == "--help" || cmd == "help") {
    std::fputs(kUsage, stdout);
    return kExitOk;
  }
  // The kernels' choice must not silently ignore a mistyped KMA_ISA.
  if (const auto& isa = kma::kernels::EnvIsa(); isa.set && !isa.known) {
    return Fail(kExitUsage, std::string("the environment variable KMA_ISA='") + isa.value +
                                "' names no instruction set (scalar, sse41, avx2, avx512vnni, neon, neondot)");
  }
  if (cmd == "--version" || cmd == "-V" || cmd == "version") return RunVersion(argc, argv, 2);
  if (cmd == "analyze") return RunAnalyze(argc, argv, 2);
  if (cmd == "split") return RunSplit(argc, argv, 2);
  if (cmd == "eval") return RunEval(argc, argv, 2);
  if (cmd == "split-set") return RunSplitSet(argc, argv, 2);
  if (cmd == "typo-set") return RunTypoSet(argc, argv, 2);
  if (cmd == "bench") return RunBench(argc, argv, 2);
  if (cmd == "build-model") return RunBuildModel(argc, argv, 2);
  if (cmd == "lm") return RunLm(argc, argv, 2);
  if (cmd == "silver") return RunSilver(argc, argv, 2);
  if (cmd == "join") return RunJoin(argc, argv, 2);
  if (cmd == "space") return RunSpace(argc, argv, 2);
  if (cmd == "glue") return RunGlue(argc, argv, 2);
  if (cmd == "extract-words") return RunExtractWords(argc, argv, 2);
  if (!cmd.empty() && cmd[0] == '-') {
    return Fail(kExitUsage, "unknown option '" + cmd + "' (see 'kma --help')");
  }
  return Fail(kExitUsage, "unknown command '" + cmd + "' (see 'kma --help')");
}

}  // namespace

int main(int argc, char** argv) {
  using namespace kma::cli;
  // Nothing may end the process with an abort: an allocation that fails
  // (a huge input under a memory cap) is an error message and exit 1.
  int rc;
  try {
    rc = Dispatch(argc, argv);
  } catch (const std::bad_alloc&) {
    rc = Fail(kExitRuntime, "out of memory");
  } catch (const std::exception& e) {
    rc = Fail(kExitRuntime, std::string("internal error: ") + e.what());
  }
  // Output that never reached its file is an error, whatever printed it
  // (the streaming commands stop at the first failed write themselves).
  if (!FlushStdout() && rc == kExitOk) rc = Fail(kExitRuntime, StdoutError());
  return rc;
}
