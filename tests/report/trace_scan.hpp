#pragma once
// A streaming reader of Chrome traces as write_chrome_trace() writes them (one event per line),
// for tests: it keeps only what the nesting and flow checks need, so that the trace of a 16k-GPU
// scenario (hundreds of MB) is checked without holding its text. Times are read as whole
// nanoseconds from the text ("12.345" µs is 12,345 ns), so the check sees what a viewer reads.
#include <array>
#include <cstdint>
#include <map>
#include <streambuf>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace wt::test {

struct TraceFlowPoint {
  int pid = -1, tid = -1;
  int64_t ts_ns = 0;
  std::string bp;
  int count = 0;  // how many events had this id and phase
};

class TraceScan : public std::streambuf {
 public:
  // Complete events per (pid, tid): [start, end) in ns.
  std::map<std::pair<int, int>, std::vector<std::pair<int64_t, int64_t>>> slices;
  std::unordered_map<int64_t, TraceFlowPoint> flow_starts, flow_ends;  // by id
  int64_t events = 0;
  std::vector<std::string> errors;  // lines that could not be read (at most a few kept)

  // Problems found: improper nesting on a thread, flows without both ends or not bound to a
  // slice, repeated ids. Empty when the trace is sound.
  std::vector<std::string> problems();

  TraceScan() { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

 protected:
  int_type overflow(int_type c) override;
  int sync() override;

 private:
  void consume(const char* begin, const char* end);
  void line_done(std::string_view line);
  std::array<char, 1 << 16> buffer_{};
  std::string line_;
  std::pair<int, int> last_track_{-1, -1};
  std::vector<std::pair<int64_t, int64_t>>* last_slices_ = nullptr;
};

}  // namespace wt::test
