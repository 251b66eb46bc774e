// kma::os for Windows (the wide, UTF-16 API: every file name works); see
// os.h.
#ifdef _WIN32

#include "core/base/os.h"

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <io.h>
#include <stdlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <system_error>
#include <vector>

namespace kma::os {
namespace {

std::string ErrnoText(int err) { return std::error_code(err, std::generic_category()).message(); }

// The errors a user meets, in the words POSIX systems use for them (so a
// message reads the same everywhere); others by the system's own text.
std::string ErrorText(DWORD code) {
  switch (code) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_NAME:
    case ERROR_BAD_NETPATH:
      return ErrnoText(ENOENT);
    case ERROR_ACCESS_DENIED:
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
      return ErrnoText(EACCES);
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY:
      return ErrnoText(ENOMEM);
    case ERROR_DIRECTORY:
      return ErrnoText(EISDIR);
    default:
      break;
  }
  wchar_t* text = nullptr;
  const DWORD n = FormatMessageW(
      FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr, code,
      0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
  std::string out;
  if (n > 0) {
    const int bytes = WideCharToMultiByte(CP_UTF8, 0, text, static_cast<int>(n), nullptr, 0, nullptr, nullptr);
    out.resize(bytes > 0 ? static_cast<size_t>(bytes) : 0);
    if (bytes > 0) WideCharToMultiByte(CP_UTF8, 0, text, static_cast<int>(n), &out[0], bytes, nullptr, nullptr);
    LocalFree(text);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == '.' || out.back() == ' '))
    out.pop_back();
  return out.empty() ? "Windows error " + std::to_string(code) : out;
}

// UTF-8 to UTF-16; false for bytes that are not UTF-8.
bool Widen(const std::string& utf8, std::wstring* out) {
  out->clear();
  if (utf8.empty()) return true;
  const int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), static_cast<int>(utf8.size()),
                                    nullptr, 0);
  if (n <= 0) return false;
  out->resize(static_cast<size_t>(n));
  MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), static_cast<int>(utf8.size()), &(*out)[0], n);
  return true;
}

std::string Narrow(const wchar_t* wide, size_t length) {
  if (length == 0) return "";
  const int n = WideCharToMultiByte(CP_UTF8, 0, wide, static_cast<int>(length), nullptr, 0, nullptr, nullptr);
  std::string out(n > 0 ? static_cast<size_t>(n) : 0, '\0');
  if (n > 0) WideCharToMultiByte(CP_UTF8, 0, wide, static_cast<int>(length), &out[0], n, nullptr, nullptr);
  return out;
}

constexpr char kNotUtf8[] = "the path is not valid UTF-8";

HANDLE AsHandle(intptr_t h) { return reinterpret_cast<HANDLE>(h); }

}  // namespace

std::string InputFile::Open(const std::string& path) {
  Close();
  std::wstring wide;
  if (!Widen(path, &wide)) return kNotUtf8;
  const DWORD attributes = GetFileAttributesW(wide.c_str());
  if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY) != 0)
    return ErrnoText(EISDIR);
  // Others may read, write, rename or delete the file meanwhile, as on POSIX.
  HANDLE h = CreateFileW(wide.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                         nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE) return ErrorText(GetLastError());
  handle_ = reinterpret_cast<intptr_t>(h);
  LARGE_INTEGER size;
  regular_ = GetFileType(h) == FILE_TYPE_DISK && GetFileSizeEx(h, &size) != 0;
  size_ = regular_ ? static_cast<uint64_t>(size.QuadPart) : 0;
  return "";
}

int64_t InputFile::Read(void* buf, size_t n, std::string* error) {
  DWORD got = 0;
  const DWORD want = static_cast<DWORD>(std::min<size_t>(n, DWORD{1} << 30));
  if (ReadFile(AsHandle(handle_), buf, want, &got, nullptr) != 0) return got;
  const DWORD code = GetLastError();
  if (code == ERROR_BROKEN_PIPE || code == ERROR_HANDLE_EOF) return 0;  // the writer is gone: the end
  *error = ErrorText(code);
  return -1;
}

const void* InputFile::Map() {
  if (!regular_ || size_ == 0 || size_ > SIZE_MAX) return nullptr;
  HANDLE mapping = CreateFileMappingW(AsHandle(handle_), nullptr, PAGE_READONLY, 0, 0, nullptr);
  if (mapping == nullptr) return nullptr;
  const void* view = MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, static_cast<SIZE_T>(size_));
  CloseHandle(mapping);  // the view keeps the mapping alive
  return view;
}

void InputFile::Close() {
  if (handle_ != -1) CloseHandle(AsHandle(handle_));
  handle_ = -1;
  regular_ = false;
  size_ = 0;
}

void Unmap(const void* base, size_t) { UnmapViewOfFile(base); }

std::FILE* OpenStdio(const std::string& path, const char* mode, std::string* error) {
  std::wstring wide, wide_mode;
  if (!Widen(path, &wide) || !Widen(mode, &wide_mode)) {
    *error = kNotUtf8;
    return nullptr;
  }
  std::FILE* fp = _wfopen(wide.c_str(), wide_mode.c_str());
  if (fp == nullptr) *error = ErrnoText(errno);
  return fp;
}

std::string SyncFile(std::FILE* fp) { return _commit(_fileno(fp)) == 0 ? "" : ErrnoText(errno); }

std::string RenameReplacing(const std::string& from, const std::string& to) {
  std::wstring wide_from, wide_to;
  if (!Widen(from, &wide_from) || !Widen(to, &wide_to)) return kNotUtf8;
  return MoveFileExW(wide_from.c_str(), wide_to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH) != 0
             ? ""
             : ErrorText(GetLastError());
}

void RemoveFile(const std::string& path) {
  std::wstring wide;
  if (Widen(path, &wide)) DeleteFileW(wide.c_str());
}

bool IsRegularFile(const std::string& path) {
  std::wstring wide;
  if (path.empty() || !Widen(path, &wide)) return false;
  const DWORD attributes = GetFileAttributesW(wide.c_str());
  return attributes != INVALID_FILE_ATTRIBUTES &&
         (attributes & (FILE_ATTRIBUTE_DIRECTORY | FILE_ATTRIBUTE_DEVICE)) == 0;
}

std::string RealPath(const std::string& path) {
  std::wstring wide;
  if (!Widen(path, &wide)) return path;
  const DWORD n = GetFullPathNameW(wide.c_str(), 0, nullptr, nullptr);
  if (n == 0) return path;
  std::vector<wchar_t> buf(n);
  const DWORD got = GetFullPathNameW(wide.c_str(), n, buf.data(), nullptr);
  return got > 0 && got < n ? Narrow(buf.data(), got) : path;
}

std::string ModuleFile(const void* address) {
  HMODULE module = nullptr;
  if (GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                         static_cast<LPCWSTR>(address), &module) == 0) {
    return "";
  }
  // The name may be longer than MAX_PATH: grow until it fits.
  for (DWORD size = MAX_PATH; size <= 32768; size *= 2) {
    std::vector<wchar_t> buf(size);
    const DWORD n = GetModuleFileNameW(module, buf.data(), size);
    if (n == 0) return "";
    if (n < size) return Narrow(buf.data(), n);
  }
  return "";
}

std::string GetEnv(const char* name) {
  std::wstring wide;
  if (!Widen(name, &wide)) return "";
  const wchar_t* value = _wgetenv(wide.c_str());
  return value != nullptr ? Narrow(value, wcslen(value)) : "";
}

}  // namespace kma::os

#endif  // _WIN32
