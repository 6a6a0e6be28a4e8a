// validation_table(ValidationReport): the aligned per-row table, the median/max line, the rows that
// could not be run and why, and the assumptions (each stated once, with the ids of its rows).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "sim/validation/validate.hpp"

namespace wt {
namespace {

constexpr double kPercent = 100.0;
constexpr double kWholeNumbersFrom = 1000.0;  // 26274 tokens/s, not 2.627e+04

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, std::fabs(v) >= kWholeNumbersFrom ? "%.0f" : "%.4g", v);
  return buf;
}

std::string percent_text(double fraction, bool sign) {
  char buf[32];
  std::snprintf(buf, sizeof buf, sign ? "%+.1f" : "%.1f", fraction * kPercent);
  return buf;
}

// Display width of UTF-8 text (one column per code point).
std::size_t columns(const std::string& s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// Text from a row (labels, the words its assumptions quote, why it was not run) as a terminal
// line: C0 control characters and DEL shown as \xHH, so that a row cannot break or drive the
// table; UTF-8 is kept.
std::string shown(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c != 0x7F) {
      out += ch;
      continue;
    }
    char hex[5];
    std::snprintf(hex, sizeof hex, "\\x%02X", c);
    out += hex;
  }
  return out;
}

using Cells = std::vector<std::string>;

void print_aligned(std::ostringstream& out, const std::vector<Cells>& lines,
                   const std::vector<bool>& right_aligned) {
  std::vector<std::size_t> width(right_aligned.size(), 0);
  for (const Cells& cells : lines) {
    for (std::size_t i = 0; i < cells.size(); ++i)
      width[i] = std::max(width[i], columns(cells[i]));
  }
  for (const Cells& cells : lines) {
    std::string line;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const std::string pad(width[i] - columns(cells[i]), ' ');
      line += (i == 0 ? "" : "  ") + (right_aligned[i] ? pad + cells[i] : cells[i] + pad);
    }
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    out << line << '\n';
  }
}

Cells row_cells(const ValidationRow& r) {
  const std::string note = !r.fits_in_memory             ? "does not fit in memory"
                           : r.memory_verdict == "tight" ? "memory tight"
                                                         : "";
  if (!r.expressed) return {std::to_string(r.id), shown(r.label), r.metric, "", "", "", "not run"};
  return {std::to_string(r.id),
          shown(r.label),
          r.metric,
          number_text(r.published),
          number_text(r.predicted),
          percent_text(r.error, true),
          note};
}

// "1–10, 66–73, 190" from a set of ids.
std::string id_ranges(const std::set<int>& ids) {
  std::string s;
  for (auto it = ids.begin(); it != ids.end();) {
    const int first = *it;
    int last = first;
    while (++it != ids.end() && *it == last + 1)
      last = *it;
    if (!s.empty()) s += ", ";
    s += std::to_string(first) + (last == first ? "" : "–" + std::to_string(last));
  }
  return s;
}

// Each distinct text once, in first-seen order, with the ids of the rows that carry it.
void print_grouped(std::ostringstream& out, const ValidationReport& r, const char* title,
                   std::vector<std::string> ValidationRow::*list) {
  std::vector<std::string> order;
  std::map<std::string, std::set<int>> ids;
  for (const ValidationRow& row : r.rows) {
    for (const std::string& text : row.*list) {
      if (ids.find(text) == ids.end()) order.push_back(text);
      ids[text].insert(row.id);
    }
  }
  if (order.empty()) return;
  out << '\n' << title << " (ids):\n";
  for (const std::string& text : order)
    out << "  [" << id_ranges(ids[text]) << "] " << shown(text) << '\n';
}

void print_unexpressed(std::ostringstream& out, const ValidationReport& r) {
  bool header = false;
  for (const ValidationRow& row : r.rows) {
    if (row.expressed) continue;
    if (!header) out << "\nnot expressed:\n";
    header = true;
    out << "  id " << row.id << " (" << shown(row.label) << "): " << shown(row.why_not) << '\n';
  }
}

// Per error class: the residuals of the time (measured / predicted - 1) its rows had.
void print_classes(std::ostringstream& out, const ValidationReport& r) {
  const std::vector<ClassResiduals> classes = class_residuals(r);
  if (classes.empty()) return;
  out << "\nby class (time residual: measured / predicted - 1; docs/validation.md):\n";
  std::vector<Cells> lines = {{"  class", "rows", "median |r| %", "p90 |r| %", "mean r %"}};
  for (const ClassResiduals& c : classes) {
    lines.push_back({"  " + c.key, std::to_string(c.count), percent_text(c.median_abs, false),
                     percent_text(c.p90_abs, false), percent_text(c.signed_mean, true)});
  }
  print_aligned(out, lines, {false, true, true, true, true});
}

}  // namespace

std::string validation_table(const ValidationReport& r) {
  std::ostringstream out;
  std::vector<Cells> lines = {{"id", "label", "metric", "published", "predicted", "error %", ""}};
  for (const ValidationRow& row : r.rows)
    lines.push_back(row_cells(row));
  print_aligned(out, lines, {true, false, false, true, true, true, false});
  out << "\nmedian |error| " << percent_text(r.median_abs_error, false) << "%   p90 |error| "
      << percent_text(r.p90_abs_error, false) << "%   max |error| "
      << percent_text(r.max_abs_error, false) << "%   over " << r.expressed << " of "
      << r.rows.size() << " entries (" << r.dataset << ")\n";
  print_classes(out, r);
  print_unexpressed(out, r);
  print_grouped(out, r, "assumptions", &ValidationRow::assumptions);
  print_grouped(out, r, "warnings from the runs", &ValidationRow::warnings);
  return out.str();
}

}  // namespace wt
