#pragma once
// The protocol buffers wire format (protobuf.dev/programming-guides/encoding), the little of it
// that writing Chakra execution traces needs (sim/report/chakra_trace.hpp), without a protobuf
// library: varints (wire type 0), 64-bit fixed (1, doubles), length-delimited fields (2: strings,
// bytes, nested messages, packed repeated varints), and the varint length prefix that puts
// messages one after another in a file.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wt::proto {

// Appends `v` as a base-128 varint, least significant group first.
void append_varint(std::string& out, uint64_t v);

// A message being encoded: fields are appended in the order written (each with its tag, the field
// number shifted left by 3 and or'ed with the wire type). Nothing is skipped: a zero is written
// when asked for (proto3 omits defaults; the caller decides).
class Message {
 public:
  Message& varint(int field, uint64_t v);  // uint64, uint32, enum; int64 as two's complement
  Message& int64(int field, int64_t v) { return varint(field, static_cast<uint64_t>(v)); }
  Message& boolean(int field, bool v) { return varint(field, v ? 1 : 0); }
  Message& sint64(int field, int64_t v);  // zigzag
  Message& float64(int field, double v);  // double: 8 bytes, little-endian
  Message& bytes(int field, std::string_view v);
  Message& string(int field, std::string_view v) { return bytes(field, v); }
  Message& message(int field, const Message& m) { return bytes(field, m.encoded()); }
  // A packed repeated varint field; nothing for an empty list (as proto3 writes it).
  Message& packed_varints(int field, const std::vector<uint64_t>& values);

  const std::string& encoded() const { return bytes_; }

 private:
  void tag(int field, int wire_type);
  std::string bytes_;
};

// `m` preceded by its length as a varint: one record of a stream of messages.
std::string length_delimited(const Message& m);

}  // namespace wt::proto
