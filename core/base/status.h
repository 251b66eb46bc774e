// Status / StatusOr: error values inside the C++ core. Nothing in the core
// throws across module boundaries for expected failures (bad input, bad model
// files); the C ABI maps Status codes 1:1 onto kma_status.
#ifndef KMA_CORE_BASE_STATUS_H_
#define KMA_CORE_BASE_STATUS_H_

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace kma {

// Values equal the public kma_status codes (capi/include/kma/kma_common.h).
enum class StatusCode : int32_t {
  kOk = 0,
  kUnknown = -1,
  kInvalidArgument = -2,
  kOutOfMemory = -3,
  kIo = -4,
  kResource = -5,
  kModelFormat = -10,
  kModelVersion = -11,
  kInvalidUtf8 = -20,
  kInvalidUtf16 = -21,
  kInputTooLong = -22,
  kBufferTooSmall = -30,
  kUnsupported = -40,
  kUnsatisfiable = -50,
  kInternal = -99,
};

class Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message, int64_t offset = -1)
      : code_(code), message_(std::move(message)), offset_(offset) {}
  static Status Ok() { return Status(); }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // For input errors: offset of the first bad code unit, else -1.
  int64_t offset() const { return offset_; }

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
  int64_t offset_ = -1;
};

template <typename T>
class StatusOr {
 public:
  StatusOr(Status s) : v_(std::move(s)) {}  // NOLINT: implicit by design
  StatusOr(T value) : v_(std::move(value)) {}  // NOLINT
  bool ok() const { return v_.index() == 1; }
  const Status& status() const {
    static const Status kOkStatus;
    return ok() ? kOkStatus : std::get<0>(v_);
  }
  T& value() & { return std::get<1>(v_); }
  const T& value() const& { return std::get<1>(v_); }
  T&& value() && { return std::get<1>(std::move(v_)); }
  T* operator->() { return &std::get<1>(v_); }
  const T* operator->() const { return &std::get<1>(v_); }
  T& operator*() & { return std::get<1>(v_); }

 private:
  std::variant<Status, T> v_;
};

#define KMA_RETURN_IF_ERROR(expr)        \
  do {                                   \
    ::kma::Status kma_st_ = (expr);      \
    if (!kma_st_.ok()) return kma_st_;   \
  } while (0)

}  // namespace kma

#endif  // KMA_CORE_BASE_STATUS_H_
