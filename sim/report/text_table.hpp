#pragma once
// Plain-text tables for terminals: a header, a rule and rows, each column as wide as its widest
// cell (counted in characters, not bytes), text left-aligned and numbers right-aligned.
#include <string>
#include <vector>

namespace wt {

enum class Align { left, right };

struct TableColumn {
  std::string header;
  Align align = Align::left;
};

class TextTable {
 public:
  explicit TextTable(std::vector<TableColumn> columns) : columns_(std::move(columns)) {}
  // A row has one cell per column; missing cells are blank, extra cells are an error.
  void add_row(std::vector<std::string> cells);
  std::string str() const;

 private:
  std::vector<TableColumn> columns_;
  std::vector<std::vector<std::string>> rows_;
};

// Number of characters (UTF-8 code points) in `s`.
size_t display_width(const std::string& s);

// The line without its trailing spaces.
std::string trimmed_right(std::string line);

}  // namespace wt
