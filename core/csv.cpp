#include "core/csv.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace wt {
namespace {

void append_line(std::string& out, const std::vector<std::string>& cells) {
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out += ',';
    out += csv_field(cells[i]);
  }
  out += "\r\n";
}

}  // namespace

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string csv_number(double v) {
  if (!std::isfinite(v)) return {};
  char buf[64];
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

std::string csv_integer(long long v) {
  return std::to_string(v);
}

CsvTable::CsvTable(std::vector<std::string> header) : header_(std::move(header)) {}

void CsvTable::add_row(std::vector<std::string> cells) {
  if (cells.size() > header_.size()) throw std::logic_error("CSV row wider than its header");
  cells.resize(header_.size());
  rows_.push_back(std::move(cells));
}

std::string CsvTable::str() const {
  std::string out;
  append_line(out, header_);
  for (const std::vector<std::string>& row : rows_)
    append_line(out, row);
  return out;
}

}  // namespace wt
