#pragma once
// What a field's editor shows for a document value, and the value its text stands for. Numbers are
// read the way `--set` reads them: text that is not a number is kept as a string, so the library
// refuses it with the CLI's own message ("must be an integer (got "abc")").
#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

#include "gui/app/json_path.hpp"
#include "sim/scenario/fields.hpp"

namespace wt::gui {

QString text_of_value(const Json& value);

// nullopt for empty text: the key is removed and the field takes its default.
std::optional<Json> value_of_text(wt::FieldType type, const QString& text);

// The choices of a choice field, from its allowed text ("none, selective, full").
QStringList choices_of(const wt::FieldInfo& info);

// The default as the editors show it: without JSON quotes.
QString default_of(const wt::FieldInfo& info);

}  // namespace wt::gui
