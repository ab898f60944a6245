// SPDX-License-Identifier: GPL-3.0-or-later
#include "dice/dicesource.h"

#include <limits>
#include <string>

namespace jw {

namespace {

int checkedFace(int face)
{
    if (face < 1 || face > 6)
        throw std::invalid_argument("die face " + std::to_string(face) + " is not 1..6");
    return face;
}

} // namespace

std::vector<int> DiceSource::roll(int count)
{
    if (count < 0)
        throw std::invalid_argument("cannot roll " + std::to_string(count) + " dice");
    if (count > 0)
        expectDice(count);
    std::vector<int> faces;
    faces.reserve(std::size_t(count));
    for (int i = 0; i < count; ++i)
        faces.push_back(rollD6());
    return faces;
}

SeededDiceSource::SeededDiceSource(std::uint64_t seed)
    : m_seed(seed)
{ }

std::optional<int> SeededDiceSource::faceFromRaw(std::uint64_t raw)
{
    // 2^64 = 6q + 4: the raw values below 6q hold every face q times.
    constexpr std::uint64_t rejectFrom = std::numeric_limits<std::uint64_t>::max() - 3;
    static_assert(rejectFrom % 6 == 0);
    if (raw >= rejectFrom)
        return std::nullopt;
    return int(raw % 6) + 1;
}

int SeededDiceSource::rollD6()
{
    // By hand rather than std::uniform_int_distribution, whose algorithm is
    // implementation-defined: a seed must give the same faces everywhere.
    static_assert(std::mt19937_64::min() == 0
                  && std::mt19937_64::max() == std::numeric_limits<std::uint64_t>::max());
    if (!m_engine)
        m_engine.emplace(m_seed);
    while (true) {
        if (const auto face = faceFromRaw((*m_engine)()))
            return *face;
    }
}

ScriptedDiceSource::ScriptedDiceSource(std::vector<int> faces)
{
    push(faces);
}

void ScriptedDiceSource::push(const std::vector<int> &faces)
{
    for (int f : faces)
        checkedFace(f);
    m_faces.insert(m_faces.end(), faces.begin(), faces.end());
}

int ScriptedDiceSource::rollD6()
{
    if (m_faces.empty())
        throw ScriptedDiceExhausted();
    const int face = m_faces.front();
    m_faces.pop_front();
    return face;
}

ScriptedDiceExhausted::ScriptedDiceExhausted()
    : std::runtime_error("the scripted dice ran out")
{ }

ManualDiceSource::ManualDiceSource(Ask ask)
    : m_ask(std::move(ask))
{
    if (!m_ask)
        throw std::invalid_argument("ManualDiceSource needs a callback");
}

int ManualDiceSource::rollD6()
{
    return checkedFace(m_ask());
}

} // namespace jw
