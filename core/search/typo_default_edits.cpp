// kma's built-in typo edit set (format: typo_edits.h). Written for this
// project from the spelling mistakes and phonetic spellings common in Korean
// web text; the costs are nats on the scale of the analyzer's scores, chosen
// on a typo version of a held-out tenth of train.tsv (docs/ACCURACY.md,
// "Typo-tolerant analysis"). A lower cost makes a reading more readily taken.
#include "core/search/typo_edits.h"

namespace kma::search {
namespace {

constexpr char kDefaultEdits[] = R"(# kma default typo edits
# --- vowels that sound alike --------------------------------------------
vowel ㅐ ㅔ 4     # 베개/배개, 데/대 (했는대 -> 했는데)
vowel ㅔ ㅐ 4
vowel ㅒ ㅖ 4.5
vowel ㅖ ㅒ 4.5
vowel ㅚ ㅙ 4     # 왜/외, 괜/궨
vowel ㅙ ㅚ 4
vowel ㅞ ㅙ 3.5   # 웬/왠
vowel ㅙ ㅞ 3.5
vowel ㅚ ㅞ 4.5
vowel ㅞ ㅚ 4.5
# 되/돼 is the commonest of them: 됬다, 되요, 되서, 안되
text 되 돼 2
text 돼 되 2.5
text 되 돼 0.5 before=요   # 되요, 안되요: 되 + 요 is never right
text 되 돼 1 before=서     # 되서 -> 돼서
text 되 돼 1.5 final       # 해야 되, 안 되 (하되 keeps its ending at this cost)
# 요 written 여 at the end of a polite ending (안녕하세여, 그랬는데여)
text 여 요 2 final
# --- final consonants ---------------------------------------------------
text 않 안 2.5   # 않 해 -> 안 해
text 안 않 3     # 안았다 -> 않았다
coda ㅅ ㅆ 2.5   # 햇다, 잇어, 모르겟다 (shift not pressed)
coda ㅆ ㅅ 4
coda ㄷ ㅅ 4.5
coda ㅅ ㄷ 4.5
coda ㅂ ㅄ 3.5   # 업다 -> 없다
coda ㄴ ㄶ 3.5   # 괜찬다 -> 괜찮다
coda ㄹ ㅀ 4     # 실다 -> 싫다
coda ㄱ ㄲ 4     # 박 -> 밖
# A missing final is read only where the next syllable asks for one (하습니다,
# 가니다): an inserted final after every open syllable, with the neighbouring-
# key vowels, made typo mode 2.8x the plain time and cost 0.05 F1 points on
# held-out clean text for 0.005 on misspelled text (docs/ACCURACY.md).
coda - ㅆ 4 before=스
coda - ㅂ 4 before=니
coda ㅆ - 5      # an extra final
coda ㅁ - 1 after=요   # 좋아욤, 했어욤
coda ㅇ - 1.5 after=요 # 했어용
# the final consonant doubled into the next syllable: 있써, 없써
onset ㅆ ㅇ 2.5 after=ㅆ
onset ㅆ ㅇ 2.5 after=ㅄ
# --- tensed consonants after ㄹ ------------------------------------------
onset ㄲ ㄱ 1.5 after=ㄹ  # 할께, 할꺼야, 할껄
onset ㅉ ㅈ 2.5 after=ㄹ  # 할찌도
# --- phonetic spellings (연음): the final consonant written as the next onset
link ㄱ - ㄱ 4    # 머거 -> 먹어
link ㄴ - ㄴ 6    # rare as a misspelling; 느니 is an ending
link ㄷ - ㄷ 4.5
link ㄹ - ㄹ 5.5  # 아라 -> 알아 (기를 is mostly 기 + 를, not 길 + 을)
link ㅁ - ㅁ 4.5
link ㅂ - ㅂ 4.5
link ㅅ - ㅅ 4    # 우서 -> 웃어
link ㅆ - ㅆ 3    # 이써 -> 있어, 머거써 -> 먹었어
link ㅈ - ㅈ 4.5
link ㅊ - ㅊ 4.5
link ㅌ - ㅌ 4    # 가타 -> 같아
link ㅍ - ㅍ 4.5
link ㅄ ㅂ ㅆ 2.5 # 업써 -> 없어
link ㄵ ㄴ ㅈ 3   # 안자 -> 앉아
link ㄶ - ㄴ 3    # 마니 -> 많이, 괜차나 -> 괜찮아
link ㅀ - ㄹ 3    # 시러 -> 싫어
link ㄺ ㄹ ㄱ 3.5 # 일거 -> 읽어
link ㄻ ㄹ ㅁ 3.5 # 절머 -> 젊어
link ㄼ ㄹ ㅂ 3.5 # 널버 -> 넓어
link ㅎ - ㅇ 3    # 조아 -> 좋아 (the ㅎ is not heard)
# --- words people spell as they hear them -------------------------------
text 몇일 며칠 1
text 어떻 어떡 1 before=해   # 어떻해 -> 어떡해 (어떻게 is right)
text 어떻 어떡 1 before=하
text 왠만 웬만 1
text 웬지 왠지 1.5
text 금새 금세 2
text 오랫만 오랜만 1
text 희안 희한 1.5
text 설겆이 설거지 1
text 역활 역할 1
text 일부로 일부러 2
text 깨끗히 깨끗이 1.5
text 곰곰히 곰곰이 1.5
text 틈틈히 틈틈이 1.5
text 일일히 일일이 1.5
text 구지 굳이 2 initial
text 뵈 봬 1.5 before=요   # 뵈요 -> 봬요
text 어의없 어이없 1.5
text 됬 됐 1         # cheaper than 되 -> 돼 alone: 됬 is never right
text 예기 얘기 1.5
text 댓가 대가 1.5
text 어쨋 어쨌 1
text 치뤘 치렀 1.5
text 통채 통째 1.5
text 떡볶기 떡볶이 1
text 건들이 건드리 1.5
text 던지 든지 1.5   # 하던지 (either) -> 하든지
text 던가 든가 2
# --- 의 as it is pronounced ------------------------------------------------
text 에 의 4.5 final  # 나에 꿈 -> 나의 꿈 (에 is a particle too: the context decides)
text 히 희 2.5        # 히망 -> 희망 (조용히 reads as no word with 희)
# --- shift slips: a tensed consonant or ㅒ/ㅖ for the plain one ----------
onset ㄲ ㄱ 6
onset ㄸ ㄷ 6
onset ㅃ ㅂ 6
onset ㅆ ㅅ 6
onset ㅉ ㅈ 6
vowel ㅒ ㅐ 6
vowel ㅖ ㅔ 6
# --- web spellings ------------------------------------------------------
text 즈아 자 1.5 final   # 가즈아 -> 가자
stretch 2                # 좋아아아, 가자아
)";

}  // namespace

std::string_view DefaultTypoEditsText() { return std::string_view(kDefaultEdits, sizeof(kDefaultEdits) - 1); }

const TypoEditSet& DefaultTypoEdits() {
  // Parsed once; the text is part of the build and a test checks that it
  // parses, so the result is never empty for a reason other than a bug.
  static const TypoEditSet set = [] {
    TypoEditSet s;
    if (!ParseTypoEdits(DefaultTypoEditsText(), &s).ok()) s.edits.clear();
    return s;
  }();
  return set;
}

}  // namespace kma::search
