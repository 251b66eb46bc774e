// The replaced allocation and I/O functions of fault_hooks.h. The real work
// is glibc's (__libc_malloc and friends, or the sanitizer's malloc) and the
// kernel's (syscall), so the hooks only count and decide when to fail.
#include "tests/fault/fault_hooks.h"

#include <errno.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <new>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define KMA_FAULT_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define KMA_FAULT_SANITIZED 1
#endif
#endif
#ifndef KMA_FAULT_SANITIZED
#define KMA_FAULT_SANITIZED 0
#endif

#if !KMA_FAULT_SANITIZED
extern "C" {
void* __libc_malloc(size_t);
void* __libc_calloc(size_t, size_t);
void* __libc_realloc(void*, size_t);
void* __libc_memalign(size_t, size_t);
void __libc_free(void*);
}
#endif

namespace kma::fault {
namespace {

uint64_t g_countdown = 0;  // 0: disarmed; else allocations until the failing one
uint64_t g_allocations = 0;
bool g_failed = false;
int64_t g_live = 0;

ReadFault g_read_fault = ReadFault::kNone;
uint64_t g_read_n = 0;
uint64_t g_reads = 0;
bool g_read_failed = false;
bool g_mmap_fails = false;

// Counts one allocation; true when it is the one to fail.
bool ShouldFail() {
  ++g_allocations;
  if (g_countdown == 0 || --g_countdown != 0) return false;
  g_failed = true;
  return true;
}

void* Counted(void* p) {
  if (p != nullptr) ++g_live;
  return p;
}

#if KMA_FAULT_SANITIZED
void* RawMalloc(size_t n) { return std::malloc(n); }
void* RawAligned(size_t align, size_t n) {
  void* p = nullptr;
  return posix_memalign(&p, align < sizeof(void*) ? sizeof(void*) : align, n) == 0 ? p : nullptr;
}
void RawFree(void* p) { std::free(p); }
#else
void* RawMalloc(size_t n) { return __libc_malloc(n); }
void* RawAligned(size_t align, size_t n) { return __libc_memalign(align, n); }
void RawFree(void* p) { __libc_free(p); }
#endif

void* NewOrNull(size_t n) { return ShouldFail() ? nullptr : Counted(RawMalloc(n == 0 ? 1 : n)); }
void* AlignedNewOrNull(size_t n, std::align_val_t a) {
  return ShouldFail() ? nullptr : Counted(RawAligned(static_cast<size_t>(a), n == 0 ? 1 : n));
}
void Delete(void* p) {
  if (p == nullptr) return;
  --g_live;
  RawFree(p);
}

}  // namespace

void FailAllocation(uint64_t n) {
  g_countdown = n;
  g_allocations = 0;
  g_failed = false;
}
void CountAllocations() { FailAllocation(0); }
uint64_t Allocations() { return g_allocations; }
bool AllocationFailed() { return g_failed; }
int64_t LiveBlocks() { return g_live; }
bool MallocHooked() { return !KMA_FAULT_SANITIZED; }

void SetReadFault(ReadFault fault, uint64_t n) {
  g_read_fault = fault;
  g_read_n = n;
  g_reads = 0;
  g_read_failed = false;
}
uint64_t Reads() { return g_reads; }
bool ReadFailed() { return g_read_failed; }
void SetMmapFails(bool fails) { g_mmap_fails = fails; }

}  // namespace kma::fault

namespace f = kma::fault;

// ---- operator new and delete, every form -------------------------------------

void* operator new(size_t n) {
  void* p = f::NewOrNull(n);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}
void* operator new[](size_t n) { return operator new(n); }
void* operator new(size_t n, const std::nothrow_t&) noexcept { return f::NewOrNull(n); }
void* operator new[](size_t n, const std::nothrow_t&) noexcept { return f::NewOrNull(n); }
void* operator new(size_t n, std::align_val_t a) {
  void* p = f::AlignedNewOrNull(n, a);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}
void* operator new[](size_t n, std::align_val_t a) { return operator new(n, a); }
void* operator new(size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return f::AlignedNewOrNull(n, a);
}
void* operator new[](size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return f::AlignedNewOrNull(n, a);
}
void operator delete(void* p) noexcept { f::Delete(p); }
void operator delete[](void* p) noexcept { f::Delete(p); }
void operator delete(void* p, size_t) noexcept { f::Delete(p); }
void operator delete[](void* p, size_t) noexcept { f::Delete(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { f::Delete(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { f::Delete(p); }
void operator delete(void* p, std::align_val_t) noexcept { f::Delete(p); }
void operator delete[](void* p, std::align_val_t) noexcept { f::Delete(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { f::Delete(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { f::Delete(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { f::Delete(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { f::Delete(p); }

// ---- malloc and friends (glibc lets a program replace them all) --------------

#if !KMA_FAULT_SANITIZED
extern "C" {
void* malloc(size_t n) { return f::ShouldFail() ? nullptr : f::Counted(__libc_malloc(n)); }
void* calloc(size_t n, size_t size) { return f::ShouldFail() ? nullptr : f::Counted(__libc_calloc(n, size)); }
void* realloc(void* p, size_t n) {
  if (p == nullptr) return malloc(n);
  if (n == 0) {
    free(p);
    return nullptr;
  }
  // A failed realloc leaves the block as it was.
  return f::ShouldFail() ? nullptr : __libc_realloc(p, n);
}
void free(void* p) { f::Delete(p); }
void* memalign(size_t align, size_t n) {
  return f::ShouldFail() ? nullptr : f::Counted(__libc_memalign(align, n));
}
void* aligned_alloc(size_t align, size_t n) { return memalign(align, n); }
int posix_memalign(void** out, size_t align, size_t n) {
  void* p = memalign(align, n);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}
void* valloc(size_t n) { return memalign(static_cast<size_t>(sysconf(_SC_PAGESIZE)), n); }
}
#endif

// ---- read and mmap -------------------------------------------------------------

extern "C" ssize_t read(int fd, void* buf, size_t n) {
  ++f::g_reads;
  switch (f::g_read_fault) {
    case f::ReadFault::kNone:
      break;
    case f::ReadFault::kError:
    case f::ReadFault::kEintr:
      if (f::g_reads == f::g_read_n) {
        f::g_read_failed = true;
        errno = f::g_read_fault == f::ReadFault::kError ? EIO : EINTR;
        return -1;
      }
      break;
    case f::ReadFault::kShort:
      if (n > f::g_read_n) n = static_cast<size_t>(f::g_read_n);
      break;
  }
  return syscall(SYS_read, fd, buf, n);
}

extern "C" void* mmap(void* addr, size_t len, int prot, int flags, int fd, off_t off) {
  if (f::g_mmap_fails && fd >= 0) {
    errno = ENODEV;
    return MAP_FAILED;
  }
  return reinterpret_cast<void*>(syscall(SYS_mmap, addr, len, prot, flags, fd, off));
}
