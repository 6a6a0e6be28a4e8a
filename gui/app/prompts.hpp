#pragma once
// The questions the application asks the user, behind functions so that tests (and the screenshot
// tour) answer them without a modal dialog. default_prompts() asks with message and file boxes.
#include <functional>

#include <QString>

class QWidget;

namespace wt::gui {

enum class SaveChoice { save, discard, cancel };

struct Prompts {
  std::function<SaveChoice(const QString& document_name)> ask_save;
  std::function<void(const QString& title, const QString& text)> show_error;
  std::function<QString(const QString& title, const QString& filter)> ask_open_path;
  std::function<QString(const QString& title, const QString& suggested, const QString& filter)>
      ask_save_path;
};

Prompts default_prompts(QWidget* window);

}  // namespace wt::gui
