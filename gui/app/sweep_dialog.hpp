#pragma once
// The small dialog of a sweep: which field varies (a dotted path) and its values, checked with the
// CLI's own --vary parser before the dialog closes.
#include <QDialog>

#include "gui/app/sweep_controller.hpp"

class QLabel;
class QLineEdit;

namespace wt::gui {

class SweepDialog : public QDialog {
  Q_OBJECT
 public:
  explicit SweepDialog(const SweepSettings& initial, QWidget* parent = nullptr);
  SweepSettings settings() const;
  void accept() override;

 private:
  QLineEdit* path_ = nullptr;
  QLineEdit* values_ = nullptr;
  QLabel* error_ = nullptr;
};

}  // namespace wt::gui
