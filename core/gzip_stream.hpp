#pragma once
// A gzip file (RFC 1952, one member) written through zlib's deflate into another stream, as it
// comes, holding no more than a buffer of it: `run --trace FILE.json.gz` (docs/cli.md). The bytes
// go to `out` (an AtomicFile's stream), so the file is still written atomically.
#include <memory>
#include <ostream>

namespace wt {

class GzipStream {
 public:
  // `level`: zlib's 1 (fastest) to 9 (smallest).
  explicit GzipStream(std::ostream& out, int level = 1);
  ~GzipStream();
  GzipStream(const GzipStream&) = delete;
  GzipStream& operator=(const GzipStream&) = delete;

  // The uncompressed text goes here.
  std::ostream& stream();
  // Compresses what is buffered, writes the gzip trailer and flushes `out`. Throws
  // std::runtime_error when zlib fails. A write to `out` that fails leaves `out` failed, for its
  // owner to report (AtomicFile::commit names the reason, e.g. a full disk).
  void finish();

 private:
  class Buffer;
  std::unique_ptr<Buffer> buffer_;
  std::unique_ptr<std::ostream> stream_;
};

}  // namespace wt
