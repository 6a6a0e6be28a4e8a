#include "core/gzip_stream.hpp"

#include <zlib.h>

#include <array>
#include <stdexcept>
#include <streambuf>
#include <string>

namespace wt {

class GzipStream::Buffer : public std::streambuf {
 public:
  Buffer(std::ostream& out, int level) : out_(out) {
    // windowBits 15 + 16: a gzip header and trailer around the deflate stream.
    if (deflateInit2(&z_, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw std::runtime_error("gzip: zlib could not start a stream");
    setp(in_.data(), in_.data() + in_.size());
  }
  ~Buffer() override { deflateEnd(&z_); }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  void finish() {
    deflate_pending(Z_FINISH);
    out_.flush();
  }

 protected:
  int_type overflow(int_type c) override {
    deflate_pending(Z_NO_FLUSH);
    if (c != traits_type::eof()) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override {
    deflate_pending(Z_NO_FLUSH);
    return 0;
  }

 private:
  // Compresses the put area (and, with Z_FINISH, ends the stream), writing every output byte.
  void deflate_pending(int flush) {
    z_.next_in = reinterpret_cast<Bytef*>(pbase());
    z_.avail_in = static_cast<uInt>(pptr() - pbase());
    int rc = Z_OK;
    do {
      z_.next_out = out_buffer_.data();
      z_.avail_out = static_cast<uInt>(out_buffer_.size());
      rc = deflate(&z_, flush);
      if (rc == Z_STREAM_ERROR) throw std::runtime_error("gzip: zlib failed to compress");
      out_.write(reinterpret_cast<const char*>(out_buffer_.data()),
                 static_cast<std::streamsize>(out_buffer_.size() - z_.avail_out));
    } while (z_.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
    setp(in_.data(), in_.data() + in_.size());
  }

  std::ostream& out_;
  z_stream z_{};
  std::array<char, 1 << 16> in_{};
  std::array<Bytef, 1 << 16> out_buffer_{};
};

GzipStream::GzipStream(std::ostream& out, int level)
    : buffer_(std::make_unique<Buffer>(out, level)),
      stream_(std::make_unique<std::ostream>(buffer_.get())) {}

GzipStream::~GzipStream() = default;

std::ostream& GzipStream::stream() {
  return *stream_;
}

void GzipStream::finish() {
  stream_->flush();
  buffer_->finish();
}

}  // namespace wt
