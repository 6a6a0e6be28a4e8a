#include "trace_scan.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace wt::test {
namespace {

// The text after `"key":` in an event line, or an empty view.
std::string_view field(std::string_view line, std::string_view key) {
  const std::string quoted = "\"" + std::string(key) + "\":";
  const size_t at = line.find(quoted);
  if (at == std::string_view::npos) return {};
  std::string_view v = line.substr(at + quoted.size());
  size_t end = 0;
  if (!v.empty() && v[0] == '"') {
    end = v.find('"', 1);
    return end == std::string_view::npos ? std::string_view{} : v.substr(1, end - 1);
  }
  while (end < v.size() && v[end] != ',' && v[end] != '}')
    ++end;
  return v.substr(0, end);
}

bool integer(std::string_view v, int64_t& out) {
  if (v.empty()) return false;
  out = 0;
  for (char c : v) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + (c - '0');
  }
  return true;
}

// "12.345" µs as 12,345 ns: exactly three decimals, as written.
bool nanoseconds(std::string_view v, int64_t& out) {
  const size_t dot = v.find('.');
  if (dot == std::string_view::npos || v.size() - dot != 4) return false;
  int64_t whole = 0, frac = 0;
  if (!integer(v.substr(0, dot), whole) || !integer(v.substr(dot + 1), frac)) return false;
  out = whole * 1000 + frac;
  return true;
}

// The slice of `track` that holds `ts`: start <= ts < end (the innermost, when slices nest).
bool bound(const std::vector<std::pair<int64_t, int64_t>>& track, int64_t ts) {
  auto it = std::upper_bound(track.begin(), track.end(), std::make_pair(ts, INT64_MAX));
  while (it != track.begin()) {
    --it;
    if (ts < it->second) return true;
  }
  return false;
}

}  // namespace

void TraceScan::consume(const char* begin, const char* end) {
  while (begin < end) {
    const char* nl = static_cast<const char*>(std::memchr(begin, '\n', end - begin));
    if (nl == nullptr) {
      line_.append(begin, end);
      return;
    }
    line_.append(begin, nl);
    line_done();
    begin = nl + 1;
  }
}

TraceScan::int_type TraceScan::overflow(int_type c) {
  consume(pbase(), pptr());
  setp(buffer_.data(), buffer_.data() + buffer_.size());
  if (c != traits_type::eof()) {
    const char ch = traits_type::to_char_type(c);
    consume(&ch, &ch + 1);
  }
  return traits_type::not_eof(c);
}

int TraceScan::sync() {
  overflow(traits_type::eof());
  return 0;
}

void TraceScan::line_done() {
  const std::string_view line = line_;
  if (line.starts_with("{\"pid\":")) {
    ++events;
    int64_t pid = 0, tid = 0, ts = 0, dur = 0, id = 0;
    const std::string_view ph = field(line, "ph");
    bool ok = integer(field(line, "pid"), pid) && integer(field(line, "tid"), tid);
    if (ok && ph == "X") {
      ok = nanoseconds(field(line, "ts"), ts) && nanoseconds(field(line, "dur"), dur);
      const std::pair<int, int> track{static_cast<int>(pid), static_cast<int>(tid)};
      if (track != last_track_ || last_slices_ == nullptr) {
        last_track_ = track;
        last_slices_ = &slices[track];
      }
      if (ok) last_slices_->emplace_back(ts, ts + dur);
    } else if (ok && (ph == "s" || ph == "f")) {
      ok = nanoseconds(field(line, "ts"), ts) && integer(field(line, "id"), id);
      TraceFlowPoint& p = (ph == "s" ? flow_starts : flow_ends)[id];
      p = {static_cast<int>(pid), static_cast<int>(tid), ts, std::string(field(line, "bp")),
           p.count + 1};
    } else if (ph != "M") {
      ok = false;
    }
    if (!ok && errors.size() < 5) errors.push_back(line_);
  }
  line_.clear();
}

std::vector<std::string> TraceScan::problems() {
  sync();
  std::vector<std::string> out = errors;
  auto note = [&out](const std::string& what) {
    if (out.size() < 10) out.push_back(what);
  };
  for (auto& [track, spans] : slices) {
    std::sort(spans.begin(), spans.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second > b.second;
    });
    std::vector<int64_t> open;  // ends of the slices that enclose the current one
    for (const auto& [start, end] : spans) {
      if (end <= start) note("empty slice at " + std::to_string(start) + " ns");
      while (!open.empty() && open.back() <= start)
        open.pop_back();
      if (!open.empty() && end > open.back()) {
        note("pid " + std::to_string(track.first) + " tid " + std::to_string(track.second) +
             ": the slice [" + std::to_string(start) + ", " + std::to_string(end) +
             ") ns overlaps one ending at " + std::to_string(open.back()));
      }
      open.push_back(end);
    }
  }
  auto check_end = [&](int64_t id, const TraceFlowPoint& p, const char* what) {
    if (p.count != 1)
      note("flow " + std::to_string(id) + ": " + what + " given " + std::to_string(p.count) +
           " times");
    if (p.bp != "e") note("flow " + std::to_string(id) + ": " + what + " without bp \"e\"");
    const auto track = slices.find({p.pid, p.tid});
    if (track == slices.end() || !bound(track->second, p.ts_ns))
      note("flow " + std::to_string(id) + ": " + what + " at " + std::to_string(p.ts_ns) +
           " ns is in no slice of pid " + std::to_string(p.pid) + " tid " + std::to_string(p.tid));
  };
  for (const auto& [id, p] : flow_starts) {
    check_end(id, p, "start");
    if (!flow_ends.contains(id)) note("flow " + std::to_string(id) + " has no finish");
  }
  for (const auto& [id, p] : flow_ends) {
    check_end(id, p, "finish");
    if (!flow_starts.contains(id)) note("flow " + std::to_string(id) + " has no start");
  }
  return out;
}

}  // namespace wt::test
