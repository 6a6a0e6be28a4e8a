#include "sim/report/text_table.hpp"

#include <algorithm>
#include <stdexcept>

namespace wt {
namespace {

constexpr const char* kColumnGap = "  ";

std::string padded(const std::string& cell, size_t width, Align align) {
  const std::string pad(width - std::min(width, display_width(cell)), ' ');
  return align == Align::left ? cell + pad : pad + cell;
}

}  // namespace

std::string trimmed_right(std::string line) {
  line.erase(line.find_last_not_of(' ') + 1);
  return line;
}

size_t display_width(const std::string& s) {
  return static_cast<size_t>(std::count_if(
      s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

void TextTable::add_row(std::vector<std::string> cells) {
  if (cells.size() > columns_.size()) {
    throw std::logic_error("table row has " + std::to_string(cells.size()) + " cells for " +
                           std::to_string(columns_.size()) + " columns");
  }
  cells.resize(columns_.size());
  rows_.push_back(std::move(cells));
}

std::string TextTable::str() const {
  std::vector<size_t> widths;
  for (const TableColumn& c : columns_)
    widths.push_back(display_width(c.header));
  for (const auto& row : rows_) {
    for (size_t i = 0; i < row.size(); ++i)
      widths[i] = std::max(widths[i], display_width(row[i]));
  }
  auto line = [&](auto cell_of) {
    std::string text;
    for (size_t i = 0; i < columns_.size(); ++i) {
      text += (i ? kColumnGap : "") + padded(cell_of(i), widths[i], columns_[i].align);
    }
    return trimmed_right(text) + "\n";
  };
  std::string out = line([&](size_t i) { return columns_[i].header; });
  out += line([&](size_t i) { return std::string(widths[i], '-'); });
  for (const auto& row : rows_)
    out += line([&](size_t i) { return row[i]; });
  return out;
}

}  // namespace wt
