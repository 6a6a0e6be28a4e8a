#include "gui/app/sweep_dialog.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include "core/error.hpp"
#include "planner/sweep/sweep.hpp"

namespace wt::gui {

SweepDialog::SweepDialog(const SweepSettings& initial, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Scaling sweep"));
  auto* form = new QFormLayout(this);
  path_ = new QLineEdit(initial.path, this);
  path_->setToolTip(tr("A dotted scenario path, as for --set (e.g. cluster.num_nodes)"));
  values_ = new QLineEdit(initial.values, this);
  values_->setToolTip(tr("Comma-separated values; lists in brackets: [4,4],[8,8]"));
  error_ = new QLabel(this);
  error_->setStyleSheet(QStringLiteral("color: #c62828;"));
  error_->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &SweepDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &SweepDialog::reject);
  form->addRow(tr("Vary"), path_);
  form->addRow(tr("Values"), values_);
  form->addRow(error_);
  form->addRow(buttons);
  setMinimumWidth(420);
}

SweepSettings SweepDialog::settings() const {
  return {path_->text(), values_->text()};
}

void SweepDialog::accept() {
  try {
    wt::parse_vary((path_->text().trimmed() + '=' + values_->text().trimmed()).toStdString());
  } catch (const wt::InputError& e) {
    error_->setText(QString::fromStdString(e.what()));
    return;
  }
  QDialog::accept();
}

}  // namespace wt::gui
