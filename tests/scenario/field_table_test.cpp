// The field table as a whole: its shape, the defaults it documents, and the type checks every field
// of a type gets (driven by the table itself, so a new field is covered the day it is added).
#include <gtest/gtest.h>

#include <set>

#include "core/error.hpp"
#include "scenario_test_util.hpp"
#include "sim/scenario/enum_names.hpp"
#include "sim/scenario/field_binding.hpp"
#include "sim/scenario/fields.hpp"
#include "sim/scenario/schema_tree.hpp"

namespace wt {
namespace {

using nlohmann::json;

const FieldInfo& field(const std::string& path) {
  for (const FieldInfo& f : scenario_fields()) {
    if (f.path == path) return f;
  }
  throw std::runtime_error("no field " + path);
}

// The base scenario with `value` at `path`, and the topology that lets a topology block appear.
json base_with(const std::string& path, const json& value) {
  json doc = test::small_base();
  for (const char* topology : {"fat_tree", "torus", "dragonfly"}) {
    if (path.rfind(std::string("cluster.network.") + topology + ".", 0) == 0 ||
        path == std::string("cluster.network.") + topology) {
      doc["cluster"]["network"]["topology"] =
          topology == std::string("fat_tree") ? "fat-tree" : topology;
    }
  }
  json::json_pointer pointer("/" + [&] {
    std::string p = path;
    for (char& c : p) {
      c = c == '.' ? '/' : c;
    }
    return p;
  }());
  doc[pointer] = value;
  return doc;
}

std::vector<std::string> paths_of(FieldType type) {
  std::vector<std::string> out;
  for (const FieldInfo& f : scenario_fields()) {
    if (f.type == type) out.push_back(f.path);
  }
  return out;
}

void expect_refused(FieldType type, const std::vector<json>& values) {
  for (const std::string& path : paths_of(type)) {
    for (const json& value : values) {
      EXPECT_TRUE(test::throws_input_error([&] { parse_scenario(base_with(path, value)); }, path))
          << path << " = " << value.dump();
    }
  }
}

TEST(FieldTable, PathsAreUniqueDocumentedAndInKnownSections) {
  std::set<std::string> seen;
  for (const FieldInfo& f : scenario_fields()) {
    EXPECT_TRUE(seen.insert(f.path).second) << "duplicate " << f.path;
    EXPECT_FALSE(f.doc.empty()) << f.path;
    EXPECT_FALSE(f.default_text.empty()) << f.path;
    EXPECT_FALSE(f.allowed_text.empty()) << f.path;
    EXPECT_NE(find_section(parent_path(f.path)), nullptr) << f.path;
  }
  EXPECT_EQ(scenario_fields().size(), field_bindings().size());
  EXPECT_EQ(scenario_fields().size(), 185u);
  for (const SectionInfo& s : scenario_sections()) {
    EXPECT_EQ(schema_tree().count(s.path), 1u) << "section without fields: " << s.path;
  }
}

TEST(FieldTable, DocumentsTheDefaultsOfScenarioHpp) {
  EXPECT_EQ(field("parallel.dp_bucket_mb").default_text, "25");
  EXPECT_EQ(field("cluster.intra_node.latency_us").default_text, "0.7");
  EXPECT_EQ(field("cluster.network.link_bandwidth_Gbps").default_text, "400");
  EXPECT_EQ(field("cluster.network.fat_tree.switch_radix").default_text, "64");
  EXPECT_EQ(field("cluster.network.fat_tree.switch_radix").allowed_text, "4 .. 1024, even");
  EXPECT_EQ(field("reliability.gpu_mtbf_hours").default_text, "the per-cause rates");
  EXPECT_EQ(field("reliability.failures.hbm.mtbf_hours").default_text,
            "294912 (16384 × 1296 / 72)");
  EXPECT_EQ(field("reliability.failures.hbm.mtbf_hours").unit, "h per GPU");
  EXPECT_EQ(field("training.precision").default_text, "\"bf16\"");
  EXPECT_EQ(field("training.precision").allowed_text, "fp32, tf32, fp16, bf16, fp8, mxfp8, nvfp4");
  EXPECT_EQ(field("parallel.pipeline_schedule").default_text, "\"1f1b\"");
  EXPECT_EQ(field("parallel.collective_algorithm").default_text, "\"auto\"");
  EXPECT_EQ(field("cluster.gpu").default_text, "\"h100-sxm5-80gb\"");
  EXPECT_EQ(field("parallel.overlap_grad_reduce").default_text, "true");
  EXPECT_EQ(field("cluster.network.link_bandwidth_Gbps").unit, "Gb/s");
  EXPECT_EQ(field("cluster.intra_node.bandwidth_GBps").unit, "GB/s");
  EXPECT_EQ(field("parallel.tensor").type, FieldType::integer);
  EXPECT_EQ(field("cluster.network.torus.dims").type, FieldType::integer_list);
}

TEST(FieldTable, OmittedFieldsTakeTheirDefaults) {
  const Scenario s = parse_scenario_text(R"({"model": {"preset": "llama2-7b"},
    "training": {"global_batch_size": 8}})");
  EXPECT_EQ(s.name, "scenario");
  EXPECT_EQ(s.training.micro_batch_size, 1);
  EXPECT_EQ(s.training.precision, Precision::bf16);
  EXPECT_EQ(s.training.optimizer, Optimizer::adam);
  EXPECT_EQ(s.training.activation_recompute, Recompute::none);
  EXPECT_EQ(s.training.total_tokens, 0.0);
  EXPECT_EQ(s.parallel.tensor, 1);
  EXPECT_EQ(s.parallel.pipeline, 1);
  EXPECT_EQ(s.parallel.data, 8);  // 1 node × 8 GPUs
  EXPECT_EQ(s.parallel.pipeline_schedule, PipelineSchedule::one_f_one_b);
  EXPECT_EQ(s.parallel.collective_algorithm, CollectiveAlgorithm::automatic);
  EXPECT_DOUBLE_EQ(s.parallel.dp_bucket_mb, 25.0);
  EXPECT_TRUE(s.parallel.overlap_grad_reduce);
  EXPECT_EQ(s.cluster.gpu, "h100-sxm5-80gb");
  EXPECT_EQ(s.cluster.num_nodes, 1);
  EXPECT_EQ(s.cluster.gpus_per_node, 8);
  EXPECT_EQ(s.cluster.intra_node.fabric, IntraNodeFabric::nvswitch);
  EXPECT_DOUBLE_EQ(s.cluster.intra_node.latency_us, 0.7);
  EXPECT_EQ(s.cluster.network.topology, NetworkTopology::fat_tree);
  EXPECT_DOUBLE_EQ(s.cluster.network.link_bandwidth_Gbps, 400.0);
  EXPECT_EQ(s.cluster.network.fat_tree.levels, 3);
  EXPECT_FALSE(s.calibration.has_value());
  EXPECT_LT(s.reliability.gpu_mtbf_hours, 0.0);      // the per-cause rates
  EXPECT_LT(s.reliability.checkpoint_write_s, 0.0);  // the storage model
  EXPECT_DOUBLE_EQ(s.reliability.failures.host.mtbf_hours, 2048.0 * 1296.0 / 46.0);
  EXPECT_LT(s.reliability.failures.host.restart_s, 0.0);  // reliability.restart_s
  EXPECT_DOUBLE_EQ(s.reliability.storage_GBps, 2000.0);
  EXPECT_FALSE(s.reliability.async_checkpoint);
  EXPECT_EQ(s.reliability.monte_carlo_runs, 10000);
  EXPECT_DOUBLE_EQ(s.reliability.restart_s, 600.0);
}

TEST(FieldTable, EnumSpellingsAreTheFileSpellings) {
  EXPECT_EQ(enum_names<Precision>(),
            (std::vector<std::string>{"fp32", "tf32", "fp16", "bf16", "fp8", "mxfp8", "nvfp4"}));
  EXPECT_EQ(enum_names<Optimizer>(), (std::vector<std::string>{"adam", "adamw", "sgd"}));
  EXPECT_EQ(enum_names<Recompute>(),
            (std::vector<std::string>{"none", "selective", "per_op", "full"}));
  EXPECT_EQ(enum_names<AttentionKernel>(),
            (std::vector<std::string>{"fused", "unfused", "flash2", "cudnn"}));
  EXPECT_EQ(enum_names<PipelineSchedule>(),
            (std::vector<std::string>{"gpipe", "1f1b", "interleaved"}));
  EXPECT_EQ(
      enum_names<IntraNodeFabric>(),
      (std::vector<std::string>{"nvswitch", "nvlink-mesh", "pcie", "ici", "xgmi", "neuronlink"}));
  EXPECT_EQ(enum_names<NetworkTopology>(),
            (std::vector<std::string>{"fat-tree", "torus", "dragonfly"}));
  EXPECT_EQ(enum_names<CollectiveAlgorithm>(),
            (std::vector<std::string>{"auto", "ring", "tree", "hierarchical", "nvls"}));
  EXPECT_STREQ(to_string(PipelineSchedule::one_f_one_b), "1f1b");
  EXPECT_EQ(enum_from_string<PipelineSchedule>("1F1B"), PipelineSchedule::one_f_one_b);
  EXPECT_EQ(enum_from_string<Recompute>("partial"), std::nullopt);
}

TEST(FieldTable, EveryChoiceValueIsAccepted) {
  for (const FieldInfo& f : scenario_fields()) {
    if (f.type != FieldType::choice) continue;
    std::size_t start = 0;
    while (start < f.allowed_text.size()) {
      const std::size_t comma = f.allowed_text.find(", ", start);
      const std::string value = f.allowed_text.substr(start, comma - start);
      start = comma == std::string::npos ? f.allowed_text.size() : comma + 2;
      // Only the reading is checked here; a B200 supports every precision. An ICI slice needs a
      // TPU chip (sim/scenario/validate_ici.cpp), whose rules are tested in ici_torus_test.cpp.
      if (f.path == "cluster.intra_node.fabric" && value == "ici") continue;
      json doc = base_with(f.path, value);
      doc["cluster"]["gpu"] = "b200";
      if (f.path == "training.fp8_recipe") doc["training"]["precision"] = "fp8";  // fp8's alone
      try {
        parse_scenario(doc);
      } catch (const InputError& e) {
        EXPECT_NE(e.path(), f.path) << f.path << " refused " << value << ": " << e.what();
      }
    }
  }
}

TEST(FieldTable, IntegerFieldsRefuseFractionsStringsAndBooleans) {
  expect_refused(FieldType::integer, {2.5, "8", true, nullptr, json::array()});
}

TEST(FieldTable, IntegerFieldsAcceptIntegralNumbersWrittenAsFloats) {
  const Scenario s = parse_scenario(base_with("training.global_batch_size", 1.28e2));
  EXPECT_EQ(s.training.global_batch_size, 128);
}

TEST(FieldTable, NumberFieldsRefuseStringsAndBooleans) {
  expect_refused(FieldType::number, {"1", true, json::object()});
}

TEST(FieldTable, BooleanFieldsRefuseNumbersAndStrings) {
  expect_refused(FieldType::boolean, {1, 0, "true"});
}

TEST(FieldTable, ChoiceFieldsRefuseOtherValues) {
  expect_refused(FieldType::choice, {"nonsense", 3, ""});
}

TEST(FieldTable, StringFieldsRefuseNumbersAndEmptyStrings) {
  expect_refused(FieldType::string, {5, "", json::array({"x"})});
}

TEST(FieldTable, ListFieldsRefuseScalars) {
  expect_refused(FieldType::integer_list, {8, "8,4", json::array(), json::object()});
}

TEST(FieldTable, LayerListFieldsRefuseScalarsAndEmptyLists) {
  expect_refused(FieldType::layer_list, {8, "conv2d", json::array(), json::object()});
}

TEST(FieldTable, EverySectionMustBeAnObjectAndRefusesUnknownKeys) {
  EXPECT_TRUE(test::throws_input_error([] { parse_scenario(json(5)); }, "", "JSON object"));
  for (const SectionInfo& section : scenario_sections()) {
    if (section.path.empty()) continue;
    EXPECT_TRUE(test::throws_input_error([&] { parse_scenario(base_with(section.path, 5)); },
                                         section.path, "must be an object"));
    const json block = {{"zz_not_a_key", 1}};
    EXPECT_TRUE(test::throws_input_error([&] { parse_scenario(base_with(section.path, block)); },
                                         section.path + ".zz_not_a_key", "unknown key"));
  }
}

}  // namespace
}  // namespace wt
