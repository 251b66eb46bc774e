// Fault injection for the tests of tests/fault: the process's allocation
// functions (operator new and delete in every form; malloc, calloc, realloc
// and free where no sanitizer owns them) and the POSIX calls the library
// reads files with (read, mmap) are replaced here, so that a test can make
// the N-th allocation or the N-th read fail, make reads short, or make mmap
// refuse, and count the blocks still allocated.
//
// Single-threaded use only: the counters are plain globals, and the tests
// that use them start no threads while a fault is armed.
#ifndef KMA_TESTS_FAULT_FAULT_HOOKS_H_
#define KMA_TESTS_FAULT_FAULT_HOOKS_H_

#include <cstddef>
#include <cstdint>

namespace kma::fault {

// Allocation faults.
// Arms the hooks: the `n`-th allocation from now (1-based) fails, once
// (operator new throws std::bad_alloc, nothrow forms and malloc return
// null). n = 0 disarms.
void FailAllocation(uint64_t n);
// Allocations since the last FailAllocation / CountAllocations call.
uint64_t Allocations();
// Starts counting allocations without failing any.
void CountAllocations();
// True once the armed allocation has failed.
bool AllocationFailed();
// Blocks allocated through the hooks and not freed yet.
int64_t LiveBlocks();
// False when malloc and friends are not hooked (under a sanitizer): only
// operator new and delete are, and LiveBlocks counts only theirs.
bool MallocHooked();

// I/O faults, on read(2).
enum class ReadFault {
  kNone,
  kError,  // the n-th read fails with EIO
  kShort,  // every read returns at most `n` bytes
  kEintr,  // the n-th read fails with EINTR (callers must retry)
};
void SetReadFault(ReadFault fault, uint64_t n);
// read(2) calls since the last SetReadFault.
uint64_t Reads();
// True once the armed read fault has happened (kError, kEintr).
bool ReadFailed();
// While true, mmap(2) fails with ENODEV (a file system that cannot map),
// so a model is read instead of mapped.
void SetMmapFails(bool fails);

}  // namespace kma::fault

#endif  // KMA_TESTS_FAULT_FAULT_HOOKS_H_
