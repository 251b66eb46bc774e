/* The machine-dependent part of jni.h for Windows, used when the JNI
 * library is cross-compiled for Windows against the build machine's JDK
 * (whose own jni_md.h describes its own system). The JNI specification fixes
 * the sizes: jint is 32 bits and jlong 64 bits, so on LLP64 Windows jint is
 * a long and jlong a 64-bit integer; exported functions are dllexport. */
#ifndef KMA_JNI_WIN32_JNI_MD_H_
#define KMA_JNI_WIN32_JNI_MD_H_

#define JNIEXPORT __declspec(dllexport)
#define JNIIMPORT __declspec(dllimport)
#define JNICALL __stdcall

typedef long jint;
typedef long long jlong;
typedef signed char jbyte;

#endif /* KMA_JNI_WIN32_JNI_MD_H_ */
