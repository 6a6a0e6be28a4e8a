#include "core/gzip_stream.hpp"

#include <zlib.h>

#include <sstream>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

namespace wt {
namespace {

// The test's own gunzip: zlib's inflate with gzip framing (windowBits 15 + 16).
std::string gunzip(const std::string& gz) {
  z_stream z{};
  EXPECT_EQ(inflateInit2(&z, 15 + 16), Z_OK);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.data()));
  z.avail_in = static_cast<uInt>(gz.size());
  std::string out;
  char buf[4096];
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(buf, sizeof buf - z.avail_out);
  }
  EXPECT_EQ(rc, Z_STREAM_END);
  EXPECT_EQ(z.avail_in, 0u);  // one member, nothing after it
  inflateEnd(&z);
  return out;
}

TEST(GzipStream, RoundTripsTextLargerThanItsBuffers) {
  std::string text;
  for (int i = 0; i < 200000; ++i)
    text += "{\"pid\":" + std::to_string(i % 97) + ",\"ph\":\"X\"},\n";
  std::ostringstream out;
  GzipStream gz(out);
  gz.stream() << text.substr(0, 10);  // in pieces, as the trace writer writes
  gz.stream() << text.substr(10);
  gz.finish();
  const std::string bytes = out.str();
  ASSERT_GE(bytes.size(), 18u);
  EXPECT_EQ(static_cast<unsigned char>(bytes[0]), 0x1f);  // RFC 1952 magic
  EXPECT_EQ(static_cast<unsigned char>(bytes[1]), 0x8b);
  EXPECT_EQ(bytes[2], 8);  // deflate
  EXPECT_LT(bytes.size(), text.size() / 5);
  EXPECT_EQ(gunzip(bytes), text);
}

TEST(GzipStream, EmptyInputIsAValidEmptyFile) {
  std::ostringstream out;
  GzipStream gz(out);
  gz.finish();
  EXPECT_EQ(gunzip(out.str()), "");
}

// A failed write is the owner's to report (AtomicFile::commit): the stream is left failed.
TEST(GzipStream, AFailedWriteLeavesTheOutputFailed) {
  std::ostringstream out;
  out.setstate(std::ios::badbit);
  GzipStream gz(out);
  gz.stream() << "x";
  EXPECT_NO_THROW(gz.finish());
  EXPECT_TRUE(out.bad());
}

}  // namespace
}  // namespace wt
