// The built-in stop-word list (KMA_OPT_STOP_WORDS), in the list format of
// stop_words.h and parsed by the same parser (a test checks it parses).
// What a keyword or search index of Korean text usually leaves out: the
// grammatical classes whole, and the commonest morphemes of the open
// classes that carry no topic of their own. docs/OUTPUT.md lists it.
#include "core/search/stop_words.h"

namespace kma {
namespace {

constexpr char kDefaultStopWords[] = R"(# Particles: case, auxiliary and conjunctive.
*/JKS
*/JKC
*/JKG
*/JKO
*/JKB
*/JKV
*/JKQ
*/JX
*/JC
# Endings: prefinal, final, connective, nominal and adnominal.
*/EP
*/EF
*/EC
*/ETN
*/ETM
# Punctuation and other symbols (not numbers, Latin or Hanja).
*/SF
*/SP
*/SS
*/SSO
*/SSC
*/SE
*/SO
*/SW
# The copula and its negation.
*/VCP
*/VCN
# Bound nouns that only build a phrase.
것/NNB
수/NNB
등/NNB
때문/NNB
중/NNB
데/NNB
바/NNB
뿐/NNB
지/NNB
줄/NNB
# Pronouns, determiners and adverbs of reference.
이/NP
그/NP
저/NP
나/NP
너/NP
우리/NP
저희/NP
이것/NP
그것/NP
저것/NP
여기/NP
거기/NP
이/MM
그/MM
저/MM
이런/MM
그런/MM
저런/MM
# Conjunctive adverbs and the commonest adverbs of degree.
그리고/MAJ
그러나/MAJ
그런데/MAJ
하지만/MAJ
또는/MAJ
및/MAJ
즉/MAJ
또/MAG
더/MAG
좀/MAG
잘/MAG
너무/MAG
아주/MAG
정말/MAG
# Light verbs and auxiliaries that only carry grammar.
하/XSV
되/XSV
하/XSA
하/VV
되/VV
있/VX
없/VX
않/VX
하/VX
되/VX
보/VX
주/VX
지/VX
싶/VX
버리/VX
놓/VX
두/VX
# Plural and similar suffixes.
들/XSN
)";

}  // namespace

std::string_view DefaultStopWordsText() { return kDefaultStopWords; }

const StopWords& StopWords::Default() {
  static const StopWords list = [] {
    StopWords l;
    // The text is fixed and a test parses it; a failure leaves the list empty.
    (void)StopWords::Parse(DefaultStopWordsText(), &l);
    return l;
  }();
  return list;
}

}  // namespace kma
