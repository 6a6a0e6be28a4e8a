#include "trace_scan.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace wt::test {
namespace {

// The values of the keys the checks read, each taken at the first `"key":` of the line (as a
// search for that text would find it), in one pass over the line. The sanitizer build runs this
// unoptimised on traces of millions of lines: it calls no library function per character.
struct EventFields {
  std::string_view pid, tid, ph, ts, dur, id, bp;
};

// Whether `"key":` starts at `quote` (which points at a '"').
bool key_at(const char* quote, const char* end, const char* key, size_t size) {
  if (end - quote < static_cast<std::ptrdiff_t>(size) + 3) return false;
  for (size_t i = 0; i < size; ++i)
    if (quote[1 + i] != key[i]) return false;
  return quote[1 + size] == '"' && quote[2 + size] == ':';
}

// The value that starts at `v`: a string's text without its quotes (empty when unterminated),
// else the text up to the next ',' or '}'.
std::string_view value_at(const char* v, const char* end) {
  if (v < end && *v == '"') {
    const char* close = v + 1;
    while (close < end && *close != '"')
      ++close;
    return close == end ? std::string_view{} : std::string_view(v + 1, close - v - 1);
  }
  const char* stop = v;
  while (stop < end && *stop != ',' && *stop != '}')
    ++stop;
  return std::string_view(v, stop - v);
}

EventFields fields(std::string_view line) {
  EventFields f;
  struct Key {
    const char* name;
    size_t size;
    std::string_view* value;
    bool found;
  };
  Key keys[] = {{"pid", 3, &f.pid, false}, {"tid", 3, &f.tid, false}, {"ph", 2, &f.ph, false},
                {"ts", 2, &f.ts, false},   {"dur", 3, &f.dur, false}, {"id", 2, &f.id, false},
                {"bp", 2, &f.bp, false}};
  const char* const end = line.data() + line.size();
  for (const char* c = line.data(); c < end; ++c) {
    if (*c != '"') continue;
    for (Key& k : keys) {
      if (k.found || c + 1 == end || c[1] != k.name[0] || !key_at(c, end, k.name, k.size)) continue;
      k.found = true;
      *k.value = value_at(c + k.size + 3, end);
      break;
    }
  }
  return f;
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
    if (line_.empty()) {  // the whole line is in the buffer: read it there
      line_done(std::string_view(begin, nl - begin));
    } else {
      line_.append(begin, nl);
      line_done(line_);
      line_.clear();
    }
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

void TraceScan::line_done(std::string_view line) {
  if (line.starts_with("{\"pid\":")) {
    ++events;
    int64_t pid = 0, tid = 0, ts = 0, dur = 0, id = 0;
    const EventFields f = fields(line);
    bool ok = integer(f.pid, pid) && integer(f.tid, tid);
    if (ok && f.ph == "X") {
      ok = nanoseconds(f.ts, ts) && nanoseconds(f.dur, dur);
      const std::pair<int, int> track{static_cast<int>(pid), static_cast<int>(tid)};
      if (track != last_track_ || last_slices_ == nullptr) {
        last_track_ = track;
        last_slices_ = &slices[track];
      }
      if (ok) last_slices_->emplace_back(ts, ts + dur);
    } else if (ok && (f.ph == "s" || f.ph == "f")) {
      ok = nanoseconds(f.ts, ts) && integer(f.id, id);
      TraceFlowPoint& p = (f.ph == "s" ? flow_starts : flow_ends)[id];
      p = {static_cast<int>(pid), static_cast<int>(tid), ts, std::string(f.bp), p.count + 1};
    } else if (f.ph != "M") {
      ok = false;
    }
    if (!ok && errors.size() < 5) errors.emplace_back(line);
  }
}

std::vector<std::string> TraceScan::problems() {
  sync();
  std::vector<std::string> out = errors;
  auto note = [&out](const std::string& what) {
    if (out.size() < 10) out.push_back(what);
  };
  for (auto& [track, spans] : slices) {
    // By start, the enclosing slice first. The writer emits a thread's slices in this order, so
    // the check (linear) usually spares the sort.
    auto outer_first = [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second > b.second;
    };
    if (!std::is_sorted(spans.begin(), spans.end(), outer_first))
      std::sort(spans.begin(), spans.end(), outer_first);
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
