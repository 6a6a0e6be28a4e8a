#include <array>
#include <cstdio>

#include "cli/catalog_views.hpp"
#include "sim/hardware/gpu.hpp"
#include "sim/report/summary_text.hpp"
#include "sim/report/text_table.hpp"
#include "sim/scenario/presets.hpp"
#include "sim/workload/model_math.hpp"

namespace wt::cli {
namespace {

// Up to four significant digits ("989.4", "1979", "0.87"); "-" for a figure the hardware lacks.
std::string figure(double v, const char* format = "%.4g") {
  if (v <= 0.0) return "-";
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), format, v);
  return buf.data();
}

// "256 top-8 +1": routed experts, how many a token goes to, and the shared experts.
std::string moe_text(const MoeConfig& moe) {
  if (moe.num_experts == 0) return "";
  std::string text = std::to_string(moe.num_experts) + " top-" + std::to_string(moe.top_k);
  if (moe.num_shared_experts > 0) text += " +" + std::to_string(moe.num_shared_experts);
  return text;
}

}  // namespace

std::string gpu_table() {
  TextTable t({{"id", Align::left},
               {"name", Align::left},
               {"bf16", Align::right},
               {"fp8", Align::right},
               {"mem GB", Align::right},
               {"HBM GB/s", Align::right},
               {"NVLink", Align::right},
               {"GEMM", Align::right}});
  for (const GpuSpec& g : gpu_catalog()) {
    t.add_row({g.id, g.name, figure(g.bf16_tflops.value), figure(g.fp8_tflops.value),
               figure(g.memory_GB.value), figure(g.memory_bw_GBps.value),
               figure(g.nvlink_GBps.value), figure(g.gemm_efficiency.value, "%.2f")});
  }
  return "GPUs\n" + t.str() +
         "bf16, fp8: dense peak TFLOP/s; HBM and NVLink in GB/s per direction; GEMM: default\n"
         "achievable fraction of peak. Sources: windtunnel catalog --json.\n";
}

std::string model_table() {
  TextTable t({{"preset", Align::left},
               {"layers", Align::right},
               {"hidden", Align::right},
               {"heads", Align::right},
               {"kv", Align::right},
               {"ffn", Align::right},
               {"seq", Align::right},
               {"vocab", Align::right},
               {"MoE", Align::right},
               {"params", Align::right},
               {"active", Align::right}});
  for (const ModelPreset& p : model_presets()) {
    const ModelConfig& m = p.model;
    const ParamCount count = param_count(m);
    t.add_row({p.name, std::to_string(m.num_layers), std::to_string(m.hidden_size),
               std::to_string(m.num_attention_heads), std::to_string(m.num_kv_heads),
               std::to_string(m.ffn_hidden_size), std::to_string(m.seq_length),
               std::to_string(m.vocab_size), moe_text(m.moe), format_count(count.total),
               m.moe.num_experts > 0 ? format_count(count.active) : ""});
  }
  return "Model presets\n" + t.str() +
         "MoE: routed experts, top-k per token, +shared experts. params: total weights counted\n"
         "from the architecture; active: per token (MoE). Sources: windtunnel catalog --json.\n";
}

}  // namespace wt::cli
