#include "core/protobuf_wire.hpp"

#include <cstring>

namespace wt::proto {

void append_varint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void Message::tag(int field, int wire_type) {
  append_varint(bytes_, (static_cast<uint64_t>(field) << 3) | static_cast<uint64_t>(wire_type));
}

Message& Message::varint(int field, uint64_t v) {
  tag(field, 0);
  append_varint(bytes_, v);
  return *this;
}

Message& Message::sint64(int field, int64_t v) {
  const uint64_t zigzag = (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
  return varint(field, zigzag);
}

Message& Message::float64(int field, double v) {
  tag(field, 1);
  uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  for (int i = 0; i < 8; ++i)
    bytes_.push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
  return *this;
}

Message& Message::bytes(int field, std::string_view v) {
  tag(field, 2);
  append_varint(bytes_, v.size());
  bytes_.append(v);
  return *this;
}

Message& Message::packed_varints(int field, const std::vector<uint64_t>& values) {
  if (values.empty()) return *this;
  std::string packed;
  for (uint64_t v : values)
    append_varint(packed, v);
  return bytes(field, packed);
}

std::string length_delimited(const Message& m) {
  std::string out;
  append_varint(out, m.encoded().size());
  out += m.encoded();
  return out;
}

}  // namespace wt::proto
