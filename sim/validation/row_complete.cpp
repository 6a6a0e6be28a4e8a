// A row's counts as other sources write them, read into the fields the mapping takes: a sequence
// length of "8k", a global batch of "1M tokens", nodes instead of GPUs, a global batch left to
// micro-batch × accumulation × data parallelism.
#include <cmath>
#include <cstdio>
#include <regex>

#include "sim/validation/cloud_instance.hpp"
#include "sim/validation/row_fields.hpp"
#include "sim/validation/row_gpu.hpp"
#include "sim/validation/rows.hpp"

namespace wt::validation {
namespace {

using nlohmann::json;

bool absent(const json& row, const char* key) {
  const auto it = row.find(key);
  return it == row.end() || it->is_null();
}

// "8k", "8K", "128K", "4k tokens", "32K context": a context length in binary thousands, as every
// source writes them (Llama 3.1's "128K" is 131,072 tokens); "4096 tokens" is 4096.
void sequence_length(json& row, std::vector<std::string>& readings) {
  const auto it = row.find("seq_length");
  if (it == row.end() || !it->is_string()) return;
  static const std::regex kLength(R"(^\s*(\d+)\s*([kK])?\s*(?:tokens?|context|ctx)?\s*$)");
  const std::string text = it->get<std::string>();
  std::smatch m;
  if (!std::regex_match(text, m, kLength) || !m[2].matched) return;
  const int64_t length = std::stoll(m[1].str()) * 1024;
  row["seq_length"] = length;
  readings.push_back("seq_length '" + text + "' read as " + std::to_string(length) +
                     " tokens (k = 1024, as context lengths are written)");
}

// A global batch written with a unit of millions or more ("4M", "1M tokens") or naming tokens
// counts tokens, not sequences: it moves to other.global_batch_tokens, which the batch's mapping
// reads over the sequence length (row_training.cpp).
void batch_in_tokens(json& row, std::vector<std::string>& readings) {
  const auto it = row.find("global_batch_size");
  if (it == row.end() || !it->is_string()) return;
  const std::string text = it->get<std::string>();
  const std::optional<CountWithUnit> count = count_and_unit(text);
  const bool tokens = contains(lower(text), "token");
  if (!count || !(tokens || count->exponent >= 2)) return;
  if (!row.contains("other") || !row["other"].is_object()) row["other"] = json::object();
  row["other"]["global_batch_tokens"] = text;
  row["global_batch_size"] = nullptr;
  readings.push_back("global_batch_size '" + text + "' read as a batch in tokens");
}

std::optional<int64_t> node_count(const json& row) {
  for (const json* obj : {&row, &row_other(row)}) {
    for (const char* key : {"num_nodes", "nodes", "node_count"}) {
      if (const auto n = integer_field(*obj, key, row_name(row)); n && *n > 0) return n;
    }
  }
  return std::nullopt;
}

// num_gpus left out: the nodes times the GPUs of one (the row's gpus_per_node, else the node the
// part comes in), else the product of the parallel degrees when the row gives dp.
void gpu_count(json& row, std::vector<std::string>& readings) {
  if (!absent(row, "num_gpus")) return;
  if (const std::optional<int64_t> nodes = node_count(row)) {
    int64_t per_node = row_int(row, "gpus_per_node").value_or(0);
    std::string why = "the row's gpus_per_node";
    if (per_node <= 0) {
      RowBuild scratch;
      const GpuChoice gpu = map_gpu(row, named_instance(row), scratch);
      per_node = gpu.node_gpus;
      why = "the GPUs of the part's node";
    }
    row["num_gpus"] = *nodes * per_node;
    readings.push_back("num_gpus not given: " + std::to_string(*nodes) +
                       (*nodes == 1 ? " node × " : " nodes × ") + std::to_string(per_node) + " (" +
                       why + ")");
    return;
  }
  const std::optional<int64_t> dp = row_int(row, "dp");
  if (!dp || *dp <= 0) return;
  int64_t gpus = *dp;
  for (const char* key : {"tp", "pp", "cp"})
    gpus *= std::max<int64_t>(1, row_int(row, key).value_or(1));
  row["num_gpus"] = gpus;
  readings.push_back("num_gpus not given: tp × pp × cp × dp = " + std::to_string(gpus));
}

// global_batch_size left out, and no batch in tokens: micro_batch_size × grad_accum_steps × the
// data-parallel ranks (dp, else num_gpus / (tp · pp · cp)), as every framework defines it.
void global_batch(json& row, std::vector<std::string>& readings) {
  if (!absent(row, "global_batch_size")) return;
  const json& given = row;
  for (const json* obj : {&given, &row_other(given)}) {
    if (gives_any(obj, {"global_batch_tokens", "global_batch_size_tokens", "batch_size_tokens",
                        "tokens_per_batch"})) {
      return;
    }
  }
  const std::optional<int64_t> micro = row_int(row, "micro_batch_size");
  const std::optional<int64_t> accum = row_int(row, "grad_accum_steps");
  if (!micro || !accum || *micro <= 0 || *accum <= 0) return;
  std::optional<int64_t> dp = row_int(row, "dp");
  if (!dp) {
    const std::optional<int64_t> gpus = row_int(row, "num_gpus");
    int64_t model_parallel = 1;
    for (const char* key : {"tp", "pp", "cp"})
      model_parallel *= std::max<int64_t>(1, row_int(row, key).value_or(1));
    if (gpus && *gpus > 0 && *gpus % model_parallel == 0) dp = *gpus / model_parallel;
  }
  if (!dp || *dp <= 0) return;
  row["global_batch_size"] = *micro * *accum * *dp;
  readings.push_back("global_batch_size not given: micro_batch_size × grad_accum_steps × dp = " +
                     std::to_string(*micro) + " × " + std::to_string(*accum) + " × " +
                     std::to_string(*dp));
}

}  // namespace

json completed_row(const json& row, std::vector<std::string>& readings) {
  if (!row.is_object()) return row;
  json out = row;
  sequence_length(out, readings);
  batch_in_tokens(out, readings);
  gpu_count(out, readings);
  global_batch(out, readings);
  return out;
}

}  // namespace wt::validation
