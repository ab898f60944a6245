// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <compare>
#include <optional>
#include <vector>

namespace jw {

// Magnitude of a success (Dice System: Magnitude). N is "no result".
enum class Magnitude : quint8 {
    N = 0,
    D = 1,
    T = 2,
    Q = 3
};

[[nodiscard]] QString magnitudeLetter(Magnitude m); // "N", "D", "T", "Q"

// One matching set: a Double, Triple or Quadruple+ of a Value (1..6).
struct Success
{
    Magnitude magnitude = Magnitude::D;
    int value = 1;

    friend bool operator==(const Success &, const Success &) = default;
};

// Escalate / Diminish one success one step (Dice System: Escalate, Diminish).
// Escalating [Q+] leaves it [Q+]. Diminishing [Q+] gives [T]; [D] gives [N]
// unless floorAtD (Swarm), which never goes below [D].
[[nodiscard]] Success escalated(Success s);
[[nodiscard]] Success diminished(Success s, bool floorAtD = false);

// The Result of a roll: its successes, kept sorted by magnitude then value.
// [N] successes are dropped: a result with none is "[N]".
class DiceResult
{
public:
    DiceResult() = default;
    explicit DiceResult(std::vector<Success> successes);

    // The result of kept faces (1..6): each face seen twice or more is a success.
    [[nodiscard]] static DiceResult fromFaces(const std::vector<int> &faces);
    // Parses "[N]", "[D4]", "[D1,T3]", "[Q4]" (also "Q4+"); nullopt when malformed.
    [[nodiscard]] static std::optional<DiceResult> parse(const QString &text);

    [[nodiscard]] const std::vector<Success> &successes() const { return m_successes; }
    [[nodiscard]] bool isSuccess() const { return !m_successes.empty(); }
    [[nodiscard]] Magnitude best() const; // N when no success
    [[nodiscard]] int count(Magnitude m) const;

    // Rulebook notation: "[N]", "[D4]", "[D1,T3]", "[Q4]".
    [[nodiscard]] QString toString() const;

    // Applies positive (sign > 0) or negative macro dice: each macro die whose
    // face equals a success's value escalates (diminishes) that success one step.
    [[nodiscard]] DiceResult withMacro(const std::vector<int> &macroFaces, int sign) const;

    // "Best result" order used whenever a choice is made for a player: most
    // [Q+], then most [T], then most [D], ties to higher values.
    [[nodiscard]] static std::strong_ordering compare(const DiceResult &a, const DiceResult &b);

    friend bool operator==(const DiceResult &, const DiceResult &) = default;

private:
    void normalize();
    std::vector<Success> m_successes;
};

} // namespace jw
