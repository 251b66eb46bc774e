/* Pins the layout of the public POD records and the values of the public
 * constants. Any change here is an ABI break: it needs a new record type
 * (kma_result_tokens_v2) or a new constant, never an edit. Checked at
 * compile time with C11 _Static_assert; running the binary is a no-op. */
#include <stddef.h>
#include <stdint.h>

#include <kma/kma.h>

#define PIN_OFFSET(type, field, value) \
  _Static_assert(offsetof(type, field) == (value), #type "." #field " moved")

/* kma_token: 44 bytes, 4-byte aligned, no padding. */
_Static_assert(sizeof(kma_token) == 44, "sizeof(kma_token) changed");
_Static_assert(_Alignof(kma_token) == 4, "alignof(kma_token) changed");
PIN_OFFSET(kma_token, begin, 0);
PIN_OFFSET(kma_token, length, 4);
PIN_OFFSET(kma_token, cp_begin, 8);
PIN_OFFSET(kma_token, cp_length, 12);
PIN_OFFSET(kma_token, morph_id, 16);
PIN_OFFSET(kma_token, tag, 20);
PIN_OFFSET(kma_token, flags, 22);
PIN_OFFSET(kma_token, score, 24);
PIN_OFFSET(kma_token, form_offset, 28);
PIN_OFFSET(kma_token, form_length, 32);
PIN_OFFSET(kma_token, sentence, 36);
PIN_OFFSET(kma_token, word, 40);
_Static_assert(sizeof(((kma_token*)0)->tag) == 2, "kma_token.tag width");
_Static_assert(sizeof(((kma_token*)0)->flags) == 2, "kma_token.flags width");
_Static_assert(sizeof(((kma_token*)0)->score) == 4, "kma_token.score width");

/* kma_span: 16 bytes. */
_Static_assert(sizeof(kma_span) == 16, "sizeof(kma_span) changed");
_Static_assert(_Alignof(kma_span) == 4, "alignof(kma_span) changed");
PIN_OFFSET(kma_span, begin, 0);
PIN_OFFSET(kma_span, length, 4);
PIN_OFFSET(kma_span, cp_begin, 8);
PIN_OFFSET(kma_span, cp_length, 12);

/* Fixed-width status type and frozen code values. */
_Static_assert(sizeof(kma_status) == 4, "kma_status must be 32-bit");
_Static_assert((kma_status)-1 < 0, "kma_status must be signed");
_Static_assert(KMA_OK == 0, "code");
_Static_assert(KMA_E_UNKNOWN == -1, "code");
_Static_assert(KMA_E_INVALID_ARGUMENT == -2, "code");
_Static_assert(KMA_E_OUT_OF_MEMORY == -3, "code");
_Static_assert(KMA_E_IO == -4, "code");
_Static_assert(KMA_E_RESOURCE == -5, "code");
_Static_assert(KMA_E_MODEL_FORMAT == -10, "code");
_Static_assert(KMA_E_MODEL_VERSION == -11, "code");
_Static_assert(KMA_E_INVALID_UTF8 == -20, "code");
_Static_assert(KMA_E_INVALID_UTF16 == -21, "code");
_Static_assert(KMA_E_INPUT_TOO_LONG == -22, "code");
_Static_assert(KMA_E_BUFFER_TOO_SMALL == -30, "code");
_Static_assert(KMA_E_UNSUPPORTED == -40, "code");
_Static_assert(KMA_E_INTERNAL == -99, "code");

/* Option slots, option types, token flags and log levels. */
_Static_assert(KMA_OPT_TOP_N == 1, "slot");
_Static_assert(KMA_OPT_BEAM == 2, "slot");
_Static_assert(KMA_OPT_MAX_UNKNOWN_LENGTH == 3, "slot");
_Static_assert(KMA_OPT_LM == 4, "slot");
_Static_assert(KMA_OPT_TYPE_NONE == 0 && KMA_OPT_TYPE_INT == 1 &&
               KMA_OPT_TYPE_FLOAT == 2 && KMA_OPT_TYPE_STRING == 3, "types");
_Static_assert(KMA_TOKEN_UNKNOWN == 1 && KMA_TOKEN_PATTERN == 2, "flags");
_Static_assert(KMA_LOG_DEBUG == 10 && KMA_LOG_INFO == 20 &&
               KMA_LOG_WARNING == 30 && KMA_LOG_ERROR == 40, "log levels");

int main(void) {
  /* Also at run time, against the library actually loaded. */
  return kma_abi_version() == KMA_ABI_VERSION ? 0 : 1;
}
