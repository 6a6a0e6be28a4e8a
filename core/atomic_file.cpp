#include "core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <streambuf>
#include <vector>

#include "core/error.hpp"

namespace wt {
namespace fs = std::filesystem;
namespace {

constexpr const char* kAllowed =
    "a regular file or a new file name in an existing, writable folder";

// The temporaries of the AtomicFiles alive now: the one piece of process-wide state, because a
// signal that ends the process must find them (remove_open_temporaries).
struct Temporaries {
  std::mutex mutex;
  std::vector<std::string> paths;
};

Temporaries& temporaries() {
  static Temporaries t;
  return t;
}

void forget_temporary(const std::string& path) {
  std::lock_guard<std::mutex> lock(temporaries().mutex);
  auto& v = temporaries().paths;
  v.erase(std::remove(v.begin(), v.end(), path), v.end());
}

std::string label_of(const fs::path& path, const std::string& option) {
  return option.empty() ? path.string() : option;
}

std::string value_of(const fs::path& path, const std::string& option) {
  return option.empty() ? std::string() : path.string();
}

std::string kind_of(fs::file_type type) {
  switch (type) {
    case fs::file_type::directory:
      return "a folder";
    case fs::file_type::character:
    case fs::file_type::block:
      return "a device";
    case fs::file_type::fifo:
      return "a FIFO (named pipe)";
    case fs::file_type::socket:
      return "a socket";
    default:
      return "not a regular file";
  }
}

fs::path folder_of(const fs::path& file) {
  return file.parent_path().empty() ? fs::path(".") : file.parent_path();
}

// The process umask without changing it (umask(2) can only read by writing, which races other
// threads): Linux reports it in /proc/self/status.
mode_t current_umask() {
  std::ifstream status("/proc/self/status");
  std::string key;
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("Umask:", 0) == 0)
      return static_cast<mode_t>(std::strtol(line.c_str() + 6, nullptr, 8));
  }
  return 022;
}

// The replaced file keeps its permissions; a new one gets what open(2) would have given it.
mode_t mode_for(const fs::path& target, bool executable) {
  const mode_t umask = current_umask();
  struct stat st {};
  mode_t mode = ::stat(target.c_str(), &st) == 0 ? (st.st_mode & 07777) : (0666 & ~umask);
  if (executable) mode |= 0111 & ~umask;
  return mode;
}

// Makes the rename durable. Best effort: the file is already complete under its final name.
void sync_folder(const fs::path& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

// A stream buffer over the temporary's descriptor that keeps the first write error (errno), so
// that a full disk is reported as such.
class AtomicFile::Buffer : public std::streambuf {
 public:
  explicit Buffer(int fd) : fd_(fd) { setp(data_, data_ + sizeof data_); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (n < epptr() - pptr()) {
      std::memcpy(pptr(), s, static_cast<size_t>(n));
      pbump(static_cast<int>(n));
      return n;
    }
    return drain() && write_all(s, n) ? n : 0;
  }

 private:
  bool drain() {
    const bool ok = write_all(pbase(), pptr() - pbase());
    setp(data_, data_ + sizeof data_);
    return ok;
  }
  bool write_all(const char* p, std::streamsize n) {
    if (error_ != 0) return false;
    while (n > 0) {
      const ssize_t w = ::write(fd_, p, static_cast<size_t>(n));
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) {
        error_ = errno;
        return false;
      }
      p += w;
      n -= w;
    }
    return true;
  }

  int fd_;
  int error_ = 0;
  char data_[1 << 16];
};

fs::path resolve_output_path(const fs::path& path, const std::string& option) {
  const std::string label = label_of(path, option);
  if (path.empty()) throw InputError(label, "the path is empty", "", kAllowed);
  std::error_code ec;
  fs::path target = path;
  if (fs::is_symlink(fs::symlink_status(path, ec))) {
    target = fs::canonical(path, ec);  // written through: the link stays, its file is replaced
    if (ec) {
      throw InputError(label, "is a symbolic link to a missing file (" + ec.message() + ")",
                       path.string(), kAllowed + std::string(", or a link to a regular file"));
    }
  }
  const fs::file_status status = fs::status(target, ec);
  if (fs::exists(status) && !fs::is_regular_file(status)) {
    throw InputError(label, "is " + kind_of(status.type()) + ", not a regular file", path.string(),
                     kAllowed);
  }
  if (target.filename().empty() || target.filename() == "." || target.filename() == "..") {
    throw InputError(label, "names a folder, not a file", path.string(), kAllowed);
  }
  const fs::path folder = folder_of(target);
  if (!fs::is_directory(folder, ec)) {
    throw InputError(
        label, fs::exists(folder, ec) ? "its folder is not a folder" : "its folder does not exist",
        path.string(), kAllowed);
  }
  return target;
}

AtomicFile::AtomicFile(const fs::path& path, std::string option, bool executable)
    : given_(path), option_(std::move(option)), executable_(executable) {
  target_ = resolve_output_path(given_, option_);
  std::string name =
      (folder_of(target_) / ("." + target_.filename().string() + ".tmp.XXXXXX")).string();
  {
    // Created and registered under the lock, so that an interruption cannot miss it.
    std::lock_guard<std::mutex> lock(temporaries().mutex);
    fd_ = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd_ >= 0) temporaries().paths.push_back(name);
  }
  if (fd_ < 0) {
    throw InputError(label_of(given_, option_),
                     std::string("cannot create a file in its folder: ") + std::strerror(errno),
                     value_of(given_, option_), kAllowed);
  }
  temp_ = name;
  buffer_ = std::make_unique<Buffer>(fd_);
  stream_ = std::make_unique<std::ostream>(buffer_.get());
}

AtomicFile::~AtomicFile() {
  if (committed_) return;
  if (fd_ >= 0) ::close(fd_);
  if (!temp_.empty()) {
    ::unlink(temp_.c_str());
    forget_temporary(temp_.string());
  }
}

std::ostream& AtomicFile::stream() {
  return *stream_;
}

void AtomicFile::fail(const std::string& problem, int error) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  ::unlink(temp_.c_str());
  forget_temporary(temp_.string());
  temp_.clear();
  throw InputError(label_of(given_, option_), problem + ": " + std::strerror(error),
                   value_of(given_, option_), kAllowed);
}

void AtomicFile::commit() {
  stream_->flush();
  if (buffer_->error() != 0 || !*stream_) {
    fail("cannot write the file", buffer_->error() != 0 ? buffer_->error() : EIO);
  }
  if (::fchmod(fd_, mode_for(target_, executable_)) != 0) fail("cannot set its permissions", errno);
  if (::fsync(fd_) != 0) fail("cannot write the file to disk", errno);
  const int closed = ::close(fd_);
  fd_ = -1;
  if (closed != 0) fail("cannot write the file", errno);
  if (::rename(temp_.c_str(), target_.c_str()) != 0) fail("cannot replace the file", errno);
  committed_ = true;
  forget_temporary(temp_.string());
  sync_folder(folder_of(target_));
}

void write_file_atomically(const fs::path& path, std::string_view text, const std::string& option,
                           bool executable) {
  AtomicFile file(path, option, executable);
  file.stream().write(text.data(), static_cast<std::streamsize>(text.size()));
  file.commit();
}

void ensure_directory(const fs::path& dir, const std::string& option) {
  if (dir.empty()) throw InputError(option, "the path is empty", "", "a folder path");
  std::error_code ec;
  if (fs::is_directory(dir, ec)) return;
  if (fs::exists(dir, ec)) {
    throw InputError(option, "exists and is not a folder", dir.string(), "a folder path");
  }
  fs::create_directories(dir, ec);
  if (ec) {
    throw InputError(option, "cannot create the folder: " + ec.message(), dir.string(),
                     "a writable folder path");
  }
}

void require_output_folder(const fs::path& dir, const std::string& option) {
  if (dir.empty()) throw InputError(option, "the path is empty", "", "a folder path");
  std::error_code ec;
  fs::path existing = dir;
  while (!fs::exists(fs::symlink_status(existing, ec)) && existing.has_relative_path()) {
    existing = existing.parent_path().empty() ? fs::path(".") : existing.parent_path();
  }
  if (!fs::is_directory(existing, ec)) {
    const bool self = existing == dir;
    throw InputError(option,
                     self ? "exists and is not a folder"
                          : "cannot be created: " + existing.string() + " is not a folder",
                     dir.string(), "a folder path");
  }
  if (::access(existing.c_str(), W_OK | X_OK) != 0) {
    throw InputError(option,
                     "cannot be written: " + existing.string() + ": " + std::strerror(errno),
                     dir.string(), "a writable folder path");
  }
}

void remove_open_temporaries() {
  std::lock_guard<std::mutex> lock(temporaries().mutex);
  for (const std::string& path : temporaries().paths)
    ::unlink(path.c_str());
}

}  // namespace wt
