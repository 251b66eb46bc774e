/* The Windows natives of the Java and C# bindings, loaded under wine the way
 * the JVM and .NET load them (LoadLibrary of the DLL alone, only system DLLs
 * beside it), and called through their own entry points:
 *
 *   win_natives_test KMA_CSHARP_DLL KMA_JNI_DLL MODEL
 *
 * kma_csharp.dll: SWIG's wrappers open the model, analyse a sentence and
 * give the same token count as libkma's C ABI (which this program links).
 * kma_jni.dll: its JNI entry points are exported, and one that needs no
 * JNIEnv gives libkma's version. Exits 0 when all hold. */
#include <stdio.h>
#include <string.h>
#include <windows.h>

#include <kma/kma.h>

typedef int(__stdcall* open_file_fn)(void**, const char*, void*);
typedef int(__stdcall* analyzer_new_fn)(void**, void*, void*);
typedef int(__stdcall* analyze_fn)(void*, const char*, unsigned long long, void**);
typedef unsigned long long(__stdcall* count_fn)(void*, unsigned long long);
typedef void(__stdcall* free_fn)(void*);
typedef const char*(__stdcall* string_fn)(void);
typedef long(__stdcall* jni_int_fn)(void*, void*);

static int failures = 0;

static void check(int ok, const char* what) {
  printf("%s: %s\n", ok ? "ok" : "FAILED", what);
  if (!ok) ++failures;
}

static FARPROC need(HMODULE dll, const char* name) {
  FARPROC f = GetProcAddress(dll, name);
  if (f == NULL) {
    printf("FAILED: %s is not exported\n", name);
    ++failures;
  }
  return f;
}

/* The token count of `text` through libkma's own C ABI. */
static size_t reference_count(const char* model_path, const char* text) {
  kma_model* model = NULL;
  kma_analyzer* analyzer = NULL;
  kma_result* result = NULL;
  size_t n = 0;
  if (kma_model_open_file(&model, model_path, NULL) == KMA_OK &&
      kma_analyzer_new(&analyzer, model, NULL) == KMA_OK &&
      kma_analyzer_analyze_utf8(analyzer, text, strlen(text), &result) == KMA_OK) {
    n = kma_result_token_count(result, 0);
  }
  kma_result_free(result);
  kma_analyzer_free(analyzer);
  kma_model_free(model);
  return n;
}

static void check_csharp(const char* dll_path, const char* model_path, const char* text) {
  HMODULE dll = LoadLibraryA(dll_path);
  void *model = NULL, *analyzer = NULL, *result = NULL;
  check(dll != NULL, "kma_csharp.dll loads");
  if (dll == NULL) return;
  string_fn version = (string_fn)need(dll, "CSharp_KmafNative_kma_version_string___");
  open_file_fn open_file = (open_file_fn)need(dll, "CSharp_KmafNative_kma_model_open_file___");
  analyzer_new_fn analyzer_new = (analyzer_new_fn)need(dll, "CSharp_KmafNative_kma_analyzer_new___");
  analyze_fn analyze = (analyze_fn)need(dll, "CSharp_KmafNative_kma_analyzer_analyze_utf8___");
  count_fn count = (count_fn)need(dll, "CSharp_KmafNative_kma_result_token_count___");
  free_fn free_result = (free_fn)need(dll, "CSharp_KmafNative_kma_result_free___");
  free_fn free_analyzer = (free_fn)need(dll, "CSharp_KmafNative_kma_analyzer_free___");
  free_fn free_model = (free_fn)need(dll, "CSharp_KmafNative_kma_model_free___");
  if (failures) return;
  check(strcmp(version(), kma_version_string()) == 0, "kma_csharp.dll has libkma's version");
  check(open_file(&model, model_path, NULL) == KMA_OK, "kma_csharp.dll opens the model");
  check(model != NULL && analyzer_new(&analyzer, model, NULL) == KMA_OK, "kma_csharp.dll makes an analyzer");
  check(analyzer != NULL && analyze(analyzer, text, strlen(text), &result) == KMA_OK,
        "kma_csharp.dll analyses");
  if (result != NULL) {
    const unsigned long long got = count(result, 0);
    const size_t want = reference_count(model_path, text);
    printf("tokens: %llu through kma_csharp.dll, %lu through libkma\n", got, (unsigned long)want);
    check(want > 0 && got == want, "the same analysis as libkma's");
  }
  free_result(result);
  free_analyzer(analyzer);
  free_model(model);
}

static void check_jni(const char* dll_path) {
  HMODULE dll = LoadLibraryA(dll_path);
  check(dll != NULL, "kma_jni.dll loads");
  if (dll == NULL) return;
  jni_int_fn version = (jni_int_fn)need(dll, "Java_io_github_kma_Kma_versionNumber0");
  need(dll, "Java_io_github_kma_Kma_versionString0");
  need(dll, "JNI_OnLoad");
  if (version != NULL)
    check(version(NULL, NULL) == (long)kma_version_number(), "kma_jni.dll has libkma's version");
}

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s KMA_CSHARP_DLL KMA_JNI_DLL MODEL\n", argv[0]);
    return 2;
  }
  check_csharp(argv[1], argv[3], "아버지가 방에 들어가신다.");
  check_jni(argv[2]);
  return failures == 0 ? 0 : 1;
}
