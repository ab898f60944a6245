// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

#include <map>

namespace jw {

// The one slot of GameState where scenario modules (scenariomodule.h) keep their own state:
// each module's facts under its id, as a JSON object. A value like the rest of the state
// (copied, compared, written into the state's JSON), so a module adds no field to GameState
// and a new scenario does not touch it.
class ScenarioStates
{
public:
    [[nodiscard]] bool isEmpty() const { return m_states.empty(); }
    // The module's state; empty when it has none yet.
    [[nodiscard]] QJsonObject get(const QString &module) const
    {
        const auto it = m_states.find(module);
        return it == m_states.end() ? QJsonObject() : it->second;
    }
    [[nodiscard]] int value(const QString &module, const QString &key, int fallback) const
    {
        const auto it = m_states.find(module);
        return it == m_states.end() ? fallback : it->second.value(key).toInt(fallback);
    }
    void set(const QString &module, const QString &key, int v) { m_states[module].insert(key, v); }
    void set(const QString &module, QJsonObject state)
    {
        if (state.isEmpty())
            m_states.erase(module);
        else
            m_states[module] = std::move(state);
    }
    // Every module's state by its id (the state's JSON, a save).
    [[nodiscard]] QJsonObject toJson() const
    {
        QJsonObject o;
        for (const auto &[k, v] : m_states)
            o.insert(k, v);
        return o;
    }
    [[nodiscard]] static ScenarioStates fromJson(const QJsonObject &o)
    {
        ScenarioStates s;
        for (auto it = o.begin(); it != o.end(); ++it)
            s.set(it.key(), it.value().toObject());
        return s;
    }

    friend bool operator==(const ScenarioStates &, const ScenarioStates &) = default;

private:
    std::map<QString, QJsonObject> m_states;
};

} // namespace jw
