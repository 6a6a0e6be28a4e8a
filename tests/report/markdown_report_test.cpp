#include "sim/report/markdown_report.hpp"

#include <string>

#include <gtest/gtest.h>

#include "sim/report/summary_text.hpp"

namespace wt {
namespace {

RunResult small_result() {
  RunResult r;
  r.scenario = "tiny";
  r.engine = "analytical";
  r.num_gpus = 8;
  r.iteration_time_s = 0.5;
  r.tokens_per_s = 131072;
  r.model_flops_per_iteration = 4.4e19;
  r.model_tflops_per_gpu = 236.8;
  r.mfu = 0.25;
  r.memory_per_gpu_bytes = {.total = 2.0 * 1024 * 1024 * 1024, .capacity = 80e9};
  r.warnings = {"uneven pipeline split"};
  return r;
}

TEST(MarkdownReport, SummaryInACodeBlock) {
  Scenario s;
  s.name = "tiny";
  const RunResult r = small_result();
  const std::string md = markdown_report(s, r);
  EXPECT_EQ(md.rfind("# Windtunnel run: tiny\n", 0), 0u);
  EXPECT_NE(md.find("```text\n" + summary_text(s, r) + "```\n"), std::string::npos);
}

TEST(MarkdownReport, TableHasEveryFieldWithReadableValues) {
  Scenario s;
  const std::string md = markdown_report(s, small_result());
  EXPECT_NE(md.find("| `iteration_time_s` | 0.5 | 500 ms |"), std::string::npos);
  EXPECT_NE(md.find("| `mfu` | 0.25 | 25.0% |"), std::string::npos);
  EXPECT_NE(md.find("| `tokens_per_s` | 131072.0 | 131k/s |"), std::string::npos);
  EXPECT_NE(md.find("| `model_flops_per_iteration` | 4.4e+19 | 4.40e+19 FLOP |"),
            std::string::npos);
  EXPECT_NE(md.find("| `model_tflops_per_gpu` | 236.8 | 237 TFLOP/s |"), std::string::npos);
  EXPECT_NE(md.find("| `memory_per_gpu_bytes.total` | 2147483648 | 2.00 GiB |"), std::string::npos);
  EXPECT_NE(md.find("| `breakdown_s.compute` | 0.0 | 0 s |"), std::string::npos);
  EXPECT_NE(md.find("| `comm_volume_bytes_per_gpu.ep` | 0 | 0 B |"), std::string::npos);
  EXPECT_NE(md.find("| `fits_in_memory` | true |  |"), std::string::npos);
  EXPECT_NE(md.find("| `num_gpus` | 8 |  |"), std::string::npos);
  // 30 scalar fields (iteration_time_s_range and error_band null without a band, the Monte
  // Carlo's four percentiles and monte_carlo null without it) plus 5 + 5 + 5 + 10 + 6 (failures,
  // with no causes here) nested ones; warnings have their own section.
  size_t rows = 0;
  for (size_t at = md.find("| `"); at != std::string::npos; at = md.find("| `", at + 1))
    ++rows;
  EXPECT_EQ(rows, 30u + 31u);
  EXPECT_NE(md.find("| `compute_beside_comm_s` | 0.0 | 0 s |"), std::string::npos);
  EXPECT_NE(md.find("## Warnings\n\n- uneven pipeline split\n"), std::string::npos);
}

}  // namespace
}  // namespace wt
