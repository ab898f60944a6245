// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "dice/dicesource.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace jw {

// Dice neither network peer can bias (docs/network.md, "Fair dice"): for one
// command, the committer draws a secret nonce A and sends SHA-256(A); the other
// peer answers with its nonce B in clear; the committer reveals A. The faces are
// the stream of FairDiceSource(A, B): SHA-256(A || B || counter) blocks, counter a
// 64-bit big-endian number from 0, each byte below 252 giving the face
// byte % 6 + 1 (252 = 42 * 6: bytes 252..255 are skipped, so every face has 42
// byte values: no modulo bias).
namespace fairdice {

inline constexpr int kNonceBytes = 32;
inline constexpr int kHashBytes = 32;

// A fresh nonce from the operating system's random source.
[[nodiscard]] QByteArray newNonce();
// SHA-256(nonce): what the committer sends first.
[[nodiscard]] QByteArray commitment(const QByteArray &nonce);
// The first `count` faces of the stream of (a, b).
[[nodiscard]] std::vector<int> faces(const QByteArray &a, const QByteArray &b, int count);

} // namespace fairdice

// The endless stream of faces of one exchange, drawn as the engine asks.
class FairDiceSource final : public DiceSource
{
public:
    FairDiceSource(QByteArray a, QByteArray b);
    int rollD6() override;
    [[nodiscard]] int drawn() const { return m_drawn; }

private:
    QByteArray m_a;
    QByteArray m_b;
    QByteArray m_block;
    std::uint64_t m_counter = 0;
    int m_next = 0; // the next byte of m_block
    int m_drawn = 0;
};

// One commit-reveal exchange as a saved game records it: the dice of command
// `command` (0-based index in the history; -1: the start) are the first faces of
// the stream of (nonceA, nonceB); `committer` (player 0 or 1) sent `commit` first.
struct DiceExchange
{
    int command = -1;
    int committer = 0;
    QByteArray commit; // SHA-256(nonceA), 32 bytes
    QByteArray nonceA; // 32 bytes
    QByteArray nonceB; // 32 bytes
    friend bool operator==(const DiceExchange &, const DiceExchange &) = default;
};

// A secret choice answered sealed over the network (the Boarded firefight, docs/network.md):
// command `command` (0-based) was sent as hash = SHA-256(nonce ‖ its compact JSON) before
// the other player's answer (command + 1), and revealed after it.
struct SealedChoice
{
    int command = 0;
    QByteArray hash; // 32 bytes
    QByteArray nonce; // 32 bytes
    friend bool operator==(const SealedChoice &, const SealedChoice &) = default;
};

// Why the exchange does not give `recorded` (the commitment does not match the
// revealed nonce, a nonce of the wrong size, a face that differs); nullopt: it does.
[[nodiscard]] std::optional<QString> verifyExchange(const DiceExchange &exchange,
                                                    const std::vector<int> &recorded);

} // namespace jw
