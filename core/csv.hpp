#pragma once
// CSV text as RFC 4180 writes it (docs/cli.md, "--csv"): a header row, CRLF line ends, a field
// quoted when it holds a comma, a double quote, CR or LF (its quotes doubled), numbers with the
// shortest text that reads back as the same double.
#include <string>
#include <string_view>
#include <vector>

namespace wt {

// "a,b" → "\"a,b\""; "say \"hi\"" → "\"say \"\"hi\"\"\""; "plain" → "plain".
std::string csv_field(std::string_view text);
// The shortest decimal text that parses back to exactly `v` (std::to_chars); empty for NaN or an
// infinity (a figure that does not exist).
std::string csv_number(double v);
// An integer as decimal text.
std::string csv_integer(long long v);

// A table in CSV: the header, then rows of unescaped cells (each escaped by csv_field).
class CsvTable {
 public:
  explicit CsvTable(std::vector<std::string> header);
  // A row shorter than the header is padded with empty fields; a longer one is a
  // programming error (std::logic_error).
  void add_row(std::vector<std::string> cells);
  std::string str() const;

 private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace wt
