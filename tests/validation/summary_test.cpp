// The error arithmetic, the median/max summary, the table and the JSON, on a tiny fake report.
#include <gtest/gtest.h>

#include "sim/validation/summary.hpp"
#include "sim/validation/validate.hpp"

namespace wt {
namespace {

ValidationRow expressed_row(int id, double published, double predicted) {
  ValidationRow r;
  r.id = id;
  r.label = "model " + std::to_string(id);
  r.metric = "iteration_time_s";
  r.published = published;
  r.predicted = predicted;
  r.error = validation::relative_error(predicted, published);
  r.expressed = true;
  return r;
}

// Errors +10 %, −20 %, +5 %, and one row that could not be run.
ValidationReport fake_report() {
  ValidationReport r;
  r.dataset = "fake.json";
  r.rows.push_back(expressed_row(1, 10.0, 11.0));
  r.rows.push_back(expressed_row(2, 200.0, 160.0));
  r.rows.push_back(expressed_row(3, 40.0, 42.0));
  ValidationRow bad;
  bad.id = 4;
  bad.label = "odd row";
  bad.error = 9.0;  // ignored: not expressed
  bad.why_not = "row 4.gpu_model: is not mapped to a catalog GPU";
  r.rows.push_back(bad);
  r.rows[0].assumptions = {"micro_batch_size not given: 1"};
  r.rows[1].assumptions = {"micro_batch_size not given: 1", "gpus_per_node not given: 8"};
  r.rows[2].assumptions = {"micro_batch_size not given: 1"};
  r.rows[2].fits_in_memory = false;
  validation::summarize(r);
  return r;
}

TEST(ValidationSummary, RelativeErrorIsSignedAndRelativeToThePublishedFigure) {
  EXPECT_DOUBLE_EQ(validation::relative_error(11.0, 10.0), 0.1);
  EXPECT_DOUBLE_EQ(validation::relative_error(160.0, 200.0), -0.2);
  EXPECT_DOUBLE_EQ(validation::relative_error(42.0, 40.0), 0.05);
}

TEST(ValidationSummary, MedianOfOddAndEvenCounts) {
  EXPECT_DOUBLE_EQ(validation::median({0.3, 0.1, 0.2}), 0.2);
  EXPECT_DOUBLE_EQ(validation::median({0.4, 0.1, 0.3, 0.2}), 0.25);
  EXPECT_DOUBLE_EQ(validation::median({}), 0.0);
}

TEST(ValidationSummary, NearestRankPercentile) {
  // Ten values 0.01 … 0.10: p90 is the 9th (rank ceil(0.9 · 10) = 9); of three, the 3rd.
  std::vector<double> ten;
  for (int i = 10; i >= 1; --i)
    ten.push_back(0.01 * i);
  EXPECT_DOUBLE_EQ(validation::percentile(ten, 0.9), 0.09);
  EXPECT_DOUBLE_EQ(validation::percentile({0.3, 0.1, 0.2}, 0.9), 0.3);
  EXPECT_DOUBLE_EQ(validation::percentile({0.3, 0.1, 0.2}, 0.5), 0.2);
  EXPECT_DOUBLE_EQ(validation::percentile({}, 0.9), 0.0);
}

TEST(ValidationSummary, MedianAndMaxOverExpressedRowsOnly) {
  const ValidationReport r = fake_report();
  EXPECT_EQ(r.expressed, 3);
  EXPECT_NEAR(r.median_abs_error, 0.1, 1e-12);  // |errors| 0.05, 0.1, 0.2
  EXPECT_NEAR(r.max_abs_error, 0.2, 1e-12);     // row 4's 9.0 does not count
  EXPECT_NEAR(r.p90_abs_error, 0.2, 1e-12);     // rank ceil(2.7) = 3 of 3
}

TEST(ValidationSummary, TableShowsRowsSummaryUnexpressedAndGroupedAssumptions) {
  const std::string table = validation_table(fake_report());
  EXPECT_NE(table.find("model 1"), std::string::npos);
  EXPECT_NE(table.find("+10.0"), std::string::npos);
  EXPECT_NE(table.find("-20.0"), std::string::npos);
  EXPECT_NE(table.find("+5.0"), std::string::npos);
  EXPECT_NE(table.find("median |error| 10.0%   p90 |error| 20.0%"), std::string::npos);
  EXPECT_NE(table.find("max |error| 20.0%"), std::string::npos);
  EXPECT_NE(table.find("over 3 of 4 entries"), std::string::npos);
  EXPECT_NE(table.find("not expressed:\n  id 4 (odd row): row 4.gpu_model: is not mapped"),
            std::string::npos);
  EXPECT_NE(table.find("[1–3] micro_batch_size not given: 1"), std::string::npos);
  EXPECT_NE(table.find("[2] gpus_per_node not given: 8"), std::string::npos);
  EXPECT_NE(table.find("does not fit in memory"), std::string::npos);
}

TEST(ValidationSummary, TableColumnsAreAligned) {
  const std::string table = validation_table(fake_report());
  // The header's "metric" starts where each row's metric starts.
  const std::size_t header_end = table.find('\n');
  const std::size_t metric_col = table.find("metric");
  const std::size_t row1 = header_end + 1;
  const std::size_t row1_metric = table.find("iteration_time_s", row1);
  EXPECT_EQ(metric_col, row1_metric - row1);
}

TEST(ValidationSummary, ARowsControlCharactersAreShownNotPrinted) {
  // A row's text quoted into a label, an assumption or a why-not cannot break or drive the
  // terminal: newline, escape and DEL are shown as \xHH; UTF-8 stays.
  ValidationReport r = fake_report();
  r.rows[0].label = "row\none";
  r.rows[0].assumptions.push_back("dispatcher 'all\x1b[31mgather' not understood");
  r.rows[3].why_not = "bad \x7f text → here";
  const std::string table = validation_table(r);
  EXPECT_NE(table.find("row\\x0Aone"), std::string::npos) << table;
  EXPECT_NE(table.find("dispatcher 'all\\x1B[31mgather' not understood"), std::string::npos);
  EXPECT_NE(table.find("bad \\x7F text → here"), std::string::npos);
  EXPECT_EQ(table.find('\x1b'), std::string::npos);
  EXPECT_EQ(table.find('\x7f'), std::string::npos);
}

TEST(ValidationSummary, JsonCarriesEveryRowAndTheSummary) {
  const nlohmann::json j = to_json(fake_report());
  ASSERT_EQ(j.at("rows").size(), 4u);
  EXPECT_EQ(j.at("rows")[1].at("id"), 2);
  EXPECT_DOUBLE_EQ(j.at("rows")[1].at("error").get<double>(), -0.2);
  EXPECT_EQ(j.at("rows")[3].at("expressed"), false);
  EXPECT_EQ(j.at("rows")[3].at("why_not"), "row 4.gpu_model: is not mapped to a catalog GPU");
  EXPECT_EQ(j.at("rows")[1].at("assumptions").size(), 2u);
  EXPECT_EQ(j.at("rows")[2].at("fits_in_memory"), false);
  EXPECT_EQ(j.at("summary").at("rows"), 4);
  EXPECT_EQ(j.at("summary").at("expressed"), 3);
  EXPECT_NEAR(j.at("summary").at("median_abs_error").get<double>(), 0.1, 1e-12);
  EXPECT_NEAR(j.at("summary").at("p90_abs_error").get<double>(), 0.2, 1e-12);
  EXPECT_NEAR(j.at("summary").at("max_abs_error").get<double>(), 0.2, 1e-12);
  EXPECT_EQ(j.at("dataset"), "fake.json");
}

}  // namespace
}  // namespace wt
