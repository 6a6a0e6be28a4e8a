// Profile JSON: the round trip keeps every field, and malformed profiles are refused at the right
// JSON path with the file named.
#include <gtest/gtest.h>

#include <functional>

#include "calibration_test_profiles.hpp"
#include "core/error.hpp"
#include "sim/hardware/calibration_profile.hpp"

namespace wt {
namespace {

using nlohmann::json;

TEST(ProfileJson, RoundTripKeepsEveryField) {
  const CalibrationProfile original = testing::full_synthetic_profile();
  const json doc = to_json(original);
  const CalibrationProfile back = profile_from_json(json::parse(doc.dump()), "synthetic.json");
  EXPECT_EQ(back.provenance, original.provenance);
  EXPECT_EQ(back.catalog_gpu, "h100-sxm5-80gb");
  EXPECT_EQ(back.gemm, original.gemm);
  EXPECT_EQ(back.bandwidth, original.bandwidth);
  EXPECT_EQ(back.attention, original.attention);
  EXPECT_EQ(back.collectives, original.collectives);
  EXPECT_EQ(back.unmeasured, original.unmeasured);
  EXPECT_EQ(back, original);
}

TEST(ProfileJson, WritesTheDocumentedLayout) {
  const json doc = to_json(testing::full_synthetic_profile());
  EXPECT_EQ(doc.at("schema"), 1);
  EXPECT_EQ(doc.at("provenance").at("gpu_count"), 8);
  const json& gemm = doc.at("gemm").at(0);
  EXPECT_EQ(gemm.at("precision"), "bf16");
  EXPECT_EQ(gemm.at("timing").at("median_s").get<double>(), 1.6e-4);
  // 2 · 8192 · 4096 · 2048 FLOPs in 0.16 ms.
  EXPECT_DOUBLE_EQ(gemm.at("tflops").get<double>(), 2.0 * 8192 * 4096 * 2048 / 1.6e-4 / 1e12);
  EXPECT_DOUBLE_EQ(doc.at("bandwidth").at(0).at("GBps").get<double>(),
                   2.0 * 1073741824.0 / 8.1e-4 / 1e9);
  const json& series = doc.at("collectives").at(0);
  EXPECT_EQ(series.at("link"), "nvlink");
  EXPECT_EQ(series.at("group_size"), 8);
  EXPECT_NEAR(series.at("fit").at("alpha_s").get<double>(), 1e-5, 1e-14);
  EXPECT_EQ(doc.at("unmeasured").at(0).at("what"), "attention.cudnn_fused.fp16");
  // causal and pass are written only when they are not the defaults (false, "forward").
  EXPECT_FALSE(doc.at("attention").at(0).contains("causal"));
  EXPECT_FALSE(doc.at("attention").at(0).contains("pass"));
  EXPECT_EQ(doc.at("attention").at(2).at("causal"), true);
  EXPECT_EQ(doc.at("attention").at(2).at("pass"), "forward_backward");
  // 3.5 · 4 · 4 · 32 · 2048² · 128 FLOPs in 2.1 ms.
  EXPECT_DOUBLE_EQ(doc.at("attention").at(2).at("tflops").get<double>(),
                   3.5 * 4.0 * 4 * 32 * 2048.0 * 2048.0 * 128 / 2.1e-3 / 1e12);
}

TEST(ProfileJson, SummariesMayBeLeftOutOfTimingsAndOptionalListsOmitted) {
  const json doc = {{"schema", 1},
                    {"provenance", {{"gpu_name", "hand-made"}, {"gpu_count", 1}}},
                    {"gemm",
                     {{{"precision", "BF16"},
                       {"m", 64},
                       {"n", 64.0},
                       {"k", 64},
                       {"timing", {{"samples_s", {2e-6, 1e-6}}}}}}}};
  const CalibrationProfile p = profile_from_json(doc, "");
  ASSERT_EQ(p.gemm.size(), 1u);
  EXPECT_EQ(p.gemm[0].precision, Precision::bf16);
  EXPECT_EQ(p.gemm[0].n, 64);
  EXPECT_DOUBLE_EQ(p.gemm[0].timing.median_s, 1.5e-6);
  EXPECT_TRUE(p.bandwidth.empty());
  EXPECT_TRUE(p.collectives.empty());
  EXPECT_EQ(p.catalog_gpu, "");
  EXPECT_EQ(p.provenance.driver_version, "");
}

TEST(ProfileJson, CatalogGpuAliasIsStoredAsItsId) {
  json doc = to_json(testing::full_synthetic_profile());
  doc["catalog_gpu"] = "H100";
  EXPECT_EQ(profile_from_json(doc, "x.json").catalog_gpu, "h100-sxm5-80gb");
}

struct MalformedCase {
  const char* name;
  std::function<void(json&)> corrupt;
  const char* path;     // expected InputError::path()
  const char* problem;  // expected to appear in the message
};

void PrintTo(const MalformedCase& c, std::ostream* os) {
  *os << c.name;
}

class MalformedProfile : public ::testing::TestWithParam<MalformedCase> {};

TEST_P(MalformedProfile, IsRefusedAtItsPathNamingTheFile) {
  json doc = to_json(testing::full_synthetic_profile());
  GetParam().corrupt(doc);
  try {
    profile_from_json(doc, "bad-profile.json");
    FAIL() << "accepted a malformed profile";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), GetParam().path);
    EXPECT_NE(std::string(e.what()).find(GetParam().problem), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("bad-profile.json"), std::string::npos) << e.what();
  }
}

const MalformedCase kMalformed[] = {
    {"NotAnObject", [](json& d) { d = json::array(); }, "profile", "not a JSON object"},
    {"SchemaTwo", [](json& d) { d["schema"] = 2; }, "profile.schema", "schema version"},
    {"SchemaMissing", [](json& d) { d.erase("schema"); }, "profile.schema", "is missing"},
    {"UnknownTopLevelKey", [](json& d) { d["gemms"] = json::array(); }, "profile.gemms",
     "did you mean \"gemm\""},
    {"ProvenanceNameMissing", [](json& d) { d["provenance"].erase("gpu_name"); },
     "profile.provenance.gpu_name", "is missing"},
    {"ProvenanceUnknownKey", [](json& d) { d["provenance"]["hostname"] = "node01"; },
     "profile.provenance.hostname", "not a known key"},
    {"ProvenanceZeroGpus", [](json& d) { d["provenance"]["gpu_count"] = 0; },
     "profile.provenance.gpu_count", "out of range"},
    {"CatalogGpuUnknown", [](json& d) { d["catalog_gpu"] = "h100-sxm9"; }, "profile.catalog_gpu",
     "not a catalog GPU"},
    {"GemmNotAList", [](json& d) { d["gemm"] = json::object(); }, "profile.gemm", "not an array"},
    {"GemmNegativeM", [](json& d) { d["gemm"][1]["m"] = -4; }, "profile.gemm[1].m", "out of range"},
    {"GemmFractionalK", [](json& d) { d["gemm"][0]["k"] = 1.5; }, "profile.gemm[0].k",
     "not a whole number"},
    {"GemmBadPrecision", [](json& d) { d["gemm"][0]["precision"] = "bf32"; },
     "profile.gemm[0].precision", "not a precision"},
    {"GemmUnknownKey", [](json& d) { d["gemm"][0]["tflop"] = 1.0; }, "profile.gemm[0].tflop",
     "did you mean \"tflops\""},
    {"TimingNoSamples", [](json& d) { d["gemm"][0]["timing"]["samples_s"] = json::array(); },
     "profile.gemm[0].timing.samples_s", "too few elements"},
    {"TimingNegativeSample", [](json& d) { d["gemm"][0]["timing"]["samples_s"][1] = -1e-3; },
     "profile.gemm[0].timing.samples_s[1]", "not positive"},
    {"TimingMedianMismatch", [](json& d) { d["gemm"][0]["timing"]["median_s"] = 1.0; },
     "profile.gemm[0].timing.median_s", "does not match samples_s"},
    {"BandwidthUnknownKernel", [](json& d) { d["bandwidth"][0]["kernel"] = "memcpy"; },
     "profile.bandwidth[0].kernel", "not a known name"},
    {"BandwidthBytesAsText", [](json& d) { d["bandwidth"][2]["bytes"] = "1GiB"; },
     "profile.bandwidth[2].bytes", "not a number"},
    {"AttentionZeroSeq", [](json& d) { d["attention"][0]["seq"] = 0; }, "profile.attention[0].seq",
     "out of range"},
    {"AttentionCausalAsText", [](json& d) { d["attention"][2]["causal"] = "yes"; },
     "profile.attention[2].causal", "not a boolean"},
    {"AttentionUnknownPass", [](json& d) { d["attention"][2]["pass"] = "backward"; },
     "profile.attention[2].pass", "not a known name"},
    {"CollectiveMisspelt", [](json& d) { d["collectives"][0]["collective"] = "allreduce"; },
     "profile.collectives[0].collective", "did you mean \"all_reduce\""},
    {"CollectiveUnknownLink", [](json& d) { d["collectives"][1]["link"] = "infiniband"; },
     "profile.collectives[1].link", "not a known name"},
    {"CollectiveOneRank", [](json& d) { d["collectives"][0]["group_size"] = 1; },
     "profile.collectives[0].group_size", "out of range"},
    {"CollectiveOnePoint",
     [](json& d) {
       d["collectives"][2]["points"] = json::array({d["collectives"][2]["points"][0]});
     },
     "profile.collectives[2].points", "too few elements"},
    {"CollectivePointBusbwMissing",
     [](json& d) { d["collectives"][0]["points"][3].erase("busbw_GBps"); },
     "profile.collectives[0].points[3].busbw_GBps", "is missing"},
    {"FitZeroBeta", [](json& d) { d["collectives"][0]["fit"]["beta_Bps"] = 0.0; },
     "profile.collectives[0].fit.beta_Bps", "not positive"},
    {"FitNegativeAlpha", [](json& d) { d["collectives"][0]["fit"]["alpha_s"] = -1e-6; },
     "profile.collectives[0].fit.alpha_s", "negative"},
    {"FitNull", [](json& d) { d["collectives"][1]["fit"]["residual_rms_s"] = nullptr; },
     "profile.collectives[1].fit.residual_rms_s", "not a number"},
    {"SeriesRepeated", [](json& d) { d["collectives"].push_back(d["collectives"][0]); },
     "profile.collectives[3]", "repeats collectives[0]"},
    {"UnmeasuredEmptyReason", [](json& d) { d["unmeasured"][0]["why"] = ""; },
     "profile.unmeasured[0].why", "is empty"},
};

INSTANTIATE_TEST_SUITE_P(Rows, MalformedProfile, ::testing::ValuesIn(kMalformed),
                         [](const auto& row) { return std::string(row.param.name); });

}  // namespace
}  // namespace wt
