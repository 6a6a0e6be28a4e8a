// The wire format against bytes encoded by hand from protobuf.dev's encoding guide.
#include "core/protobuf_wire.hpp"

#include <string>

#include <gtest/gtest.h>

namespace wt::proto {
namespace {

std::string hex(const std::string& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    if (!out.empty()) out += ' ';
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

TEST(ProtobufWire, Varints) {
  auto varint = [](uint64_t v) {
    std::string s;
    append_varint(s, v);
    return hex(s);
  };
  EXPECT_EQ(varint(0), "00");
  EXPECT_EQ(varint(1), "01");
  EXPECT_EQ(varint(127), "7f");
  EXPECT_EQ(varint(128), "80 01");
  EXPECT_EQ(varint(150), "96 01");  // the guide's example: 1001 0110 0000 0001
  EXPECT_EQ(varint(300), "ac 02");
  EXPECT_EQ(varint(UINT64_MAX), "ff ff ff ff ff ff ff ff ff 01");  // ten bytes
}

TEST(ProtobufWire, ScalarFields) {
  EXPECT_EQ(hex(Message().varint(1, 150).encoded()), "08 96 01");  // tag 1<<3|0
  EXPECT_EQ(hex(Message().int64(2, -1).encoded()), "10 ff ff ff ff ff ff ff ff ff 01");
  EXPECT_EQ(hex(Message().boolean(27, true).encoded()), "d8 01 01");  // 27<<3 = 216: two bytes
  EXPECT_EQ(hex(Message().sint64(1, -1).encoded()), "08 01");         // zigzag -1 -> 1
  EXPECT_EQ(hex(Message().sint64(1, 1).encoded()), "08 02");
  EXPECT_EQ(hex(Message().sint64(1, -2).encoded()), "08 03");
  // 1.0 is 0x3ff0000000000000, written little-endian after tag 3<<3|1.
  EXPECT_EQ(hex(Message().float64(3, 1.0).encoded()), "19 00 00 00 00 00 00 f0 3f");
}

TEST(ProtobufWire, LengthDelimitedFields) {
  EXPECT_EQ(hex(Message().string(2, "testing").encoded()), "12 07 74 65 73 74 69 6e 67");
  EXPECT_EQ(hex(Message().string(2, "").encoded()), "12 00");
  // The guide's nested message: field 3 holding {1: 150}.
  EXPECT_EQ(hex(Message().message(3, Message().varint(1, 150)).encoded()), "1a 03 08 96 01");
  // The guide's packed repeated field 4 = [3, 270, 86942].
  EXPECT_EQ(hex(Message().packed_varints(4, {3, 270, 86942}).encoded()), "22 06 03 8e 02 9e a7 05");
  EXPECT_EQ(Message().packed_varints(4, {}).encoded(), "");
}

TEST(ProtobufWire, FieldsInOrderAndLengthPrefixedRecords) {
  Message m;
  m.varint(1, 1).string(2, "a");
  EXPECT_EQ(hex(m.encoded()), "08 01 12 01 61");
  EXPECT_EQ(hex(length_delimited(m)), "05 08 01 12 01 61");
  std::string big(200, 'x');
  const std::string record = length_delimited(Message().string(1, big));
  EXPECT_EQ(hex(record.substr(0, 4)), "cb 01 0a c8");  // 203 = cb 01; field 1 of 200 = 0a c8 01
  EXPECT_EQ(record.size(), 2u + 203u);
}

}  // namespace
}  // namespace wt::proto
