#include "gui/app/derived_values.hpp"

#include <QObject>

namespace wt::gui {
namespace {

QString text_of(bool v) {
  return v ? QStringLiteral("true") : QStringLiteral("false");
}

template <class Number>
QString text_of(Number v) {
  return QString::number(v);
}

void add_model(std::map<std::string, DerivedValue>& out, const wt::ModelConfig& m,
               const QString& source) {
  const auto put = [&](const char* path, const QString& text) { out[path] = {text, source}; };
  put("model.num_layers", text_of(m.num_layers));
  put("model.hidden_size", text_of(m.hidden_size));
  put("model.num_attention_heads", text_of(m.num_attention_heads));
  put("model.num_kv_heads", text_of(m.num_kv_heads));
  put("model.ffn_hidden_size", text_of(m.ffn_hidden_size));
  put("model.seq_length", text_of(m.seq_length));
  put("model.vocab_size", text_of(m.vocab_size));
  put("model.gated_mlp", text_of(m.gated_mlp));
  put("model.tied_embeddings", text_of(m.tied_embeddings));
  put("model.position_embedding", QString::fromLatin1(to_string(m.position_embedding)));
  put("model.hidden_dropout", text_of(m.hidden_dropout));
  put("model.moe.num_experts", text_of(m.moe.num_experts));
  put("model.moe.top_k", text_of(m.moe.top_k));
  put("model.moe.moe_ffn_hidden_size", text_of(m.moe.moe_ffn_hidden_size));
}

}  // namespace

std::map<std::string, DerivedValue> derived_values(const wt::Scenario& s) {
  std::map<std::string, DerivedValue> out;
  if (!s.model.preset.empty()) {
    add_model(out, s.model, QObject::tr("from %1").arg(QString::fromStdString(s.model.preset)));
  } else if (!s.model.hf_config.empty()) {
    add_model(out, s.model, QObject::tr("from hf_config"));
  }
  out["parallel.data"] = {text_of(s.parallel.data), QObject::tr("derived")};
  return out;
}

}  // namespace wt::gui
