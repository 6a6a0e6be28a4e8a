#pragma once
// Values at dotted paths ("parallel.tensor") of a scenario document, kept in file order.
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

namespace wt::gui {

using Json = nlohmann::ordered_json;

// The value at `path`; nullopt when a key on the way is missing or not an object.
std::optional<Json> value_at(const Json& doc, std::string_view path);

// Sets the value, creating the objects on the way (a non-object on the way is replaced).
void set_at(Json& doc, std::string_view path, const Json& value);

// Removes the key, and the objects on the way that it leaves empty.
void erase_at(Json& doc, std::string_view path);

}  // namespace wt::gui
