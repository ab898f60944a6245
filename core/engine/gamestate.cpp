// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/gamestate.h"

namespace jw {

QString phaseId(Phase p)
{
    switch (p) {
    case Phase::Deployment:
        return QStringLiteral("deployment");
    case Phase::Activation:
        return QStringLiteral("activation");
    case Phase::End:
        return QStringLiteral("end");
    case Phase::Over:
        return QStringLiteral("over");
    }
    return {};
}

QString deploymentStepId(DeploymentStep s)
{
    switch (s) {
    case DeploymentStep::Setup:
        return QStringLiteral("setup");
    case DeploymentStep::Beacons:
        return QStringLiteral("beacons");
    case DeploymentStep::Comet:
        return QStringLiteral("comet");
    case DeploymentStep::CapitalShips:
        return QStringLiteral("capital-ships");
    case DeploymentStep::Squadrons:
        break;
    }
    return QStringLiteral("squadrons");
}

std::optional<Phase> phaseFromId(const QString &id)
{
    for (Phase p : {Phase::Deployment, Phase::Activation, Phase::End, Phase::Over})
        if (phaseId(p) == id)
            return p;
    return std::nullopt;
}

} // namespace jw
