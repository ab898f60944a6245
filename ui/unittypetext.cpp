// SPDX-License-Identifier: GPL-3.0-or-later
#include "unittypetext.h"

#include <QCoreApplication>

namespace jw {

QString unitTypeText(UnitType type)
{
    switch (type) {
    case UnitType::Capital:
        return QCoreApplication::translate("jw::UnitType", "Capital Ship");
    case UnitType::ExoArmor:
        return QCoreApplication::translate("jw::UnitType", "Exo-Armor");
    case UnitType::Fighter:
        return QCoreApplication::translate("jw::UnitType", "Fighter");
    }
    return unitTypeName(type);
}

} // namespace jw
