#include "gui/app/field_text.hpp"

#include "sim/scenario/json_text.hpp"

namespace wt::gui {
namespace {

// Checked by the bounded reader first, so text nested too deep is never built (copying or dumping
// a value recurses once per level); the ordered document is read only from text that passed.
std::optional<Json> parse_json(const QString& text) {
  const std::string utf8 = text.toStdString();
  try {
    (void)parse_json_text(utf8, "");
  } catch (const InputError&) {
    return std::nullopt;
  }
  return Json::parse(utf8);
}

Json number_or_text(const QString& text) {
  const std::optional<Json> v = parse_json(text);
  if (v && v->is_number()) return *v;
  return Json(text.toStdString());
}

// "8, 4, 4" and "[8, 4, 4]" are both a list; anything else stays text for the library to refuse.
Json list_or_text(const QString& text) {
  const QString bracketed = text.startsWith('[') ? text : '[' + text + ']';
  const std::optional<Json> v = parse_json(bracketed);
  if (v && v->is_array()) return *v;
  return Json(text.toStdString());
}

}  // namespace

QString text_of_value(const Json& value) {
  if (value.is_string()) return QString::fromStdString(value.get<std::string>());
  return QString::fromStdString(value.dump());
}

std::optional<Json> value_of_text(wt::FieldType type, const QString& raw) {
  const QString text = raw.trimmed();
  if (text.isEmpty()) return std::nullopt;
  switch (type) {
    case wt::FieldType::integer:
    case wt::FieldType::number:
      return number_or_text(text);
    case wt::FieldType::integer_list:
    case wt::FieldType::choice_list:
    case wt::FieldType::layer_list:
      return list_or_text(text);
    case wt::FieldType::boolean:
      if (text == "true") return Json(true);
      if (text == "false") return Json(false);
      return Json(text.toStdString());
    case wt::FieldType::string:
    case wt::FieldType::choice:
      break;
  }
  return Json(text.toStdString());
}

QStringList choices_of(const wt::FieldInfo& info) {
  QStringList out;
  for (const QString& part : QString::fromStdString(info.allowed_text).split(',')) {
    if (!part.trimmed().isEmpty()) out << part.trimmed();
  }
  return out;
}

QString default_of(const wt::FieldInfo& info) {
  QString text = QString::fromStdString(info.default_text);
  if (text.size() >= 2 && text.startsWith('"') && text.endsWith('"'))
    text = text.mid(1, text.size() - 2);
  return text;
}

}  // namespace wt::gui
