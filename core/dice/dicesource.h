// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <random>
#include <stdexcept>
#include <vector>

namespace jw {

// Where dice come from: injected everywhere, never a global RNG
// (ARCHITECTURE.md, "The engine contract").
struct DicePool;

class DiceSource
{
public:
    virtual ~DiceSource() = default;
    // One d6 face, 1..6.
    [[nodiscard]] virtual int rollD6() = 0;
    // `count` dice at once (announced to expect() first).
    [[nodiscard]] std::vector<int> roll(int count);

    // Told before the dice of one roll are drawn, so that a source whose dice come from a
    // physical table can ask for the whole roll at once ("3B+1F": 4 dice): rollFaces()
    // announces the effective pool (base and flex, then macro dice), roll() a count of plain
    // dice when no pool is being rolled. The dice drawn next are that roll's. Default: nothing.
    virtual void expectPool(const DicePool &pool) { (void)pool; }
    virtual void expectDice(int count) { (void)count; }
};

// Deterministic PRNG: the same seed gives the same faces on every platform
// (std::mt19937_64 is fully specified; the face is drawn without modulo bias).
class SeededDiceSource final : public DiceSource
{
public:
    explicit SeededDiceSource(std::uint64_t seed);
    int rollD6() override;
    [[nodiscard]] std::uint64_t seed() const { return m_seed; }

    // The face for one raw 64-bit engine output, or nullopt when the output
    // falls in the top 2^64 mod 6 values, which are rejected (drawn again) so
    // that every face has the same number of raw values.
    [[nodiscard]] static std::optional<int> faceFromRaw(std::uint64_t raw);

private:
    std::uint64_t m_seed;
    // Seeded at the first roll, not before (the same faces): seeding fills 312 words, and
    // the computer opponent makes a source for every command it tries, most of which
    // roll nothing.
    std::optional<std::mt19937_64> m_engine;
};

// Faces given in advance (tests, scripted games, forced dice).
// Running out is an error: rollD6() throws ScriptedDiceExhausted. Faces
// outside 1..6 are refused with std::invalid_argument when given.
class ScriptedDiceSource final : public DiceSource
{
public:
    ScriptedDiceSource() = default;
    explicit ScriptedDiceSource(std::vector<int> faces);
    void push(const std::vector<int> &faces);
    int rollD6() override;
    [[nodiscard]] std::size_t remaining() const { return m_faces.size(); }

private:
    std::deque<int> m_faces;
};

struct ScriptedDiceExhausted : std::runtime_error
{
    ScriptedDiceExhausted();
};

// Faces typed in by a person at a physical table: asks a callback for each die.
// A face outside 1..6 from the callback throws std::invalid_argument.
class ManualDiceSource final : public DiceSource
{
public:
    using Ask = std::function<int()>;
    explicit ManualDiceSource(Ask ask);
    int rollD6() override;

private:
    Ask m_ask;
};

} // namespace jw
