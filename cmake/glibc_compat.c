/* Linked into every native file kma ships for Linux (libkma.so, the kma CLI,
 * the JNI, C# and Python libraries), so that each loads on glibc 2.28 (and
 * later) although it is built on a newer one. The C++ runtime is linked in
 * statically (-static-libstdc++ -static-libgcc); its objects and ours then
 * refer to a few glibc symbols whose default version is newer than 2.28.
 * The linker redirects those references here (--wrap=SYMBOL, see
 * portable_native.cmake), and each is served by an interface glibc 2.28
 * already had:
 *
 *   pthread_* (2.34: moved into libc)      the same functions at their
 *                                          original version (libpthread
 *                                          before 2.34, a compat alias in
 *                                          libc since)
 *   stat, fstat, fstat64 (2.33)            the system calls themselves
 *   _dl_find_object (2.35, libgcc's        dl_iterate_phdr, which the
 *   unwinder: where is this PC's FDE)      unwinder used before
 *   arc4random (2.36, std::random_device)  getrandom (2.25)
 *   __libc_single_threaded (2.32, data)    a private copy that says "maybe
 *                                          threaded", so atomics are always
 *                                          used (what older glibc meant)
 *
 * tests/package/glibc_floor.cmake reads every shipped file's required
 * symbol versions and fails if one is newer than 2.28. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <limits.h> /* defines __GLIBC__ (through features.h) where it applies */
#if defined(__linux__) && defined(__GLIBC__) && (defined(__x86_64__) || defined(__aarch64__))
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* The first symbol version of the architecture: what pthread_* had before
 * glibc 2.34 moved them. */
#if defined(__x86_64__)
#define KMA_GLIBC_BASE "GLIBC_2.2.5"
#else
#define KMA_GLIBC_BASE "GLIBC_2.17"
#endif

#define KMA_HIDDEN __attribute__((visibility("hidden")))
/* kma_old_NAME refers to NAME at the base version. */
#define KMA_OLD(name) __asm__(".symver kma_old_" #name "," #name "@" KMA_GLIBC_BASE)

int kma_old_pthread_create(pthread_t*, const pthread_attr_t*, void* (*)(void*), void*);
int kma_old_pthread_join(pthread_t, void**);
int kma_old_pthread_detach(pthread_t);
int kma_old_pthread_once(pthread_once_t*, void (*)(void));
int kma_old_pthread_key_create(pthread_key_t*, void (*)(void*));
int kma_old___pthread_key_create(pthread_key_t*, void (*)(void*));
int kma_old_pthread_key_delete(pthread_key_t);
void* kma_old_pthread_getspecific(pthread_key_t);
int kma_old_pthread_setspecific(pthread_key_t, const void*);
/* std::shared_mutex: */
int kma_old_pthread_rwlock_rdlock(pthread_rwlock_t*);
int kma_old_pthread_rwlock_wrlock(pthread_rwlock_t*);
int kma_old_pthread_rwlock_unlock(pthread_rwlock_t*);
int kma_old_pthread_rwlock_tryrdlock(pthread_rwlock_t*);
int kma_old_pthread_rwlock_trywrlock(pthread_rwlock_t*);
KMA_OLD(pthread_create);
KMA_OLD(pthread_join);
KMA_OLD(pthread_detach);
KMA_OLD(pthread_once);
KMA_OLD(pthread_key_create);
KMA_OLD(__pthread_key_create);
KMA_OLD(pthread_key_delete);
KMA_OLD(pthread_getspecific);
KMA_OLD(pthread_setspecific);
KMA_OLD(pthread_rwlock_rdlock);
KMA_OLD(pthread_rwlock_wrlock);
KMA_OLD(pthread_rwlock_unlock);
KMA_OLD(pthread_rwlock_tryrdlock);
KMA_OLD(pthread_rwlock_trywrlock);

KMA_HIDDEN int __wrap_pthread_create(pthread_t* t, const pthread_attr_t* a, void* (*f)(void*), void* arg) {
  return kma_old_pthread_create(t, a, f, arg);
}
KMA_HIDDEN int __wrap_pthread_join(pthread_t t, void** ret) { return kma_old_pthread_join(t, ret); }
KMA_HIDDEN int __wrap_pthread_detach(pthread_t t) { return kma_old_pthread_detach(t); }
KMA_HIDDEN int __wrap_pthread_once(pthread_once_t* o, void (*f)(void)) { return kma_old_pthread_once(o, f); }
KMA_HIDDEN int __wrap_pthread_key_create(pthread_key_t* k, void (*d)(void*)) {
  return kma_old_pthread_key_create(k, d);
}
/* libstdc++ tests this one's presence to tell whether threads are there. */
KMA_HIDDEN int __wrap___pthread_key_create(pthread_key_t* k, void (*d)(void*)) {
  return kma_old___pthread_key_create(k, d);
}
KMA_HIDDEN int __wrap_pthread_key_delete(pthread_key_t k) { return kma_old_pthread_key_delete(k); }
KMA_HIDDEN void* __wrap_pthread_getspecific(pthread_key_t k) { return kma_old_pthread_getspecific(k); }
KMA_HIDDEN int __wrap_pthread_setspecific(pthread_key_t k, const void* v) {
  return kma_old_pthread_setspecific(k, v);
}

KMA_HIDDEN int __wrap_pthread_rwlock_rdlock(pthread_rwlock_t* l) { return kma_old_pthread_rwlock_rdlock(l); }
KMA_HIDDEN int __wrap_pthread_rwlock_wrlock(pthread_rwlock_t* l) { return kma_old_pthread_rwlock_wrlock(l); }
KMA_HIDDEN int __wrap_pthread_rwlock_unlock(pthread_rwlock_t* l) { return kma_old_pthread_rwlock_unlock(l); }
KMA_HIDDEN int __wrap_pthread_rwlock_tryrdlock(pthread_rwlock_t* l) { return kma_old_pthread_rwlock_tryrdlock(l); }
KMA_HIDDEN int __wrap_pthread_rwlock_trywrlock(pthread_rwlock_t* l) { return kma_old_pthread_rwlock_trywrlock(l); }

/* struct stat is the kernel's layout on both architectures. */
KMA_HIDDEN int __wrap_stat(const char* path, struct stat* st) {
  return (int)syscall(SYS_newfstatat, AT_FDCWD, path, st, 0);
}
KMA_HIDDEN int __wrap_fstat(int fd, struct stat* st) { return (int)syscall(SYS_fstat, fd, st); }
KMA_HIDDEN int __wrap_fstat64(int fd, struct stat* st) { return (int)syscall(SYS_fstat, fd, st); }

/* What _dl_find_object reports, found the way libgcc did before it. */
struct kma_find_query {
  uintptr_t pc;
  struct dl_find_object* out;
  int found;
};

static int kma_find_object_cb(struct dl_phdr_info* info, size_t size, void* data) {
  struct kma_find_query* q = (struct kma_find_query*)data;
  uintptr_t lo = UINTPTR_MAX, hi = 0;
  const void* eh_frame = NULL;
  int hit = 0;
  (void)size;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)* ph = &info->dlpi_phdr[i];
    uintptr_t begin = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_GNU_EH_FRAME) eh_frame = (const void*)begin;
    if (ph->p_type != PT_LOAD) continue;
    if (begin < lo) lo = begin;
    if (begin + ph->p_memsz > hi) hi = begin + ph->p_memsz;
    if (q->pc >= begin && q->pc < begin + ph->p_memsz) hit = 1;
  }
  if (!hit) return 0;
  q->out->dlfo_flags = 0;
  q->out->dlfo_map_start = (void*)lo;
  q->out->dlfo_map_end = (void*)hi;
  q->out->dlfo_link_map = NULL;
  q->out->dlfo_eh_frame = (void*)eh_frame;
  q->found = 1;
  return 1;
}

KMA_HIDDEN int __wrap__dl_find_object(void* pc, struct dl_find_object* out) {
  struct kma_find_query q = {(uintptr_t)pc, out, 0};
  dl_iterate_phdr(kma_find_object_cb, &q);
  return q.found ? 0 : -1;
}

/* std::random_device's default source. kma never asks it for a number (the
 * C++ runtime merely contains it); were it asked, the kernel answers. */
KMA_HIDDEN uint32_t __wrap_arc4random(void) {
  uint32_t v = 0;
  for (;;) {
    ssize_t n = getrandom(&v, sizeof v, 0);
    if (n == (ssize_t)sizeof v) return v;
    if (n < 0 && errno != EINTR) break;
  }
  /* No getrandom (a kernel before 3.17): the clock, which is what such a
   * kernel's callers would have to settle for here. */
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint32_t)ts.tv_nsec ^ (uint32_t)ts.tv_sec * 2654435761u;
}

/* Zero: "other threads may exist", so shared_ptr and the C++ runtime always
 * count atomically. */
KMA_HIDDEN char __libc_single_threaded = 0;
#endif
