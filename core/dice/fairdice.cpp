// SPDX-License-Identifier: GPL-3.0-or-later
#include "dice/fairdice.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

#include <array>

namespace jw {

namespace fairdice {

QByteArray newNonce()
{
    std::array<quint32, kNonceBytes / 4> words {};
    QRandomGenerator::system()->fillRange(words.data(), qsizetype(words.size()));
    return QByteArray(reinterpret_cast<const char *>(words.data()), kNonceBytes);
}

QByteArray commitment(const QByteArray &nonce)
{
    return QCryptographicHash::hash(nonce, QCryptographicHash::Sha256);
}

std::vector<int> faces(const QByteArray &a, const QByteArray &b, int count)
{
    FairDiceSource src(a, b);
    std::vector<int> out;
    out.reserve(std::size_t(std::max(0, count)));
    for (int i = 0; i < count; ++i)
        out.push_back(src.rollD6());
    return out;
}

} // namespace fairdice

FairDiceSource::FairDiceSource(QByteArray a, QByteArray b)
    : m_a(std::move(a))
    , m_b(std::move(b))
{ }

int FairDiceSource::rollD6()
{
    for (;;) {
        if (m_next >= m_block.size()) {
            QCryptographicHash h(QCryptographicHash::Sha256);
            h.addData(m_a);
            h.addData(m_b);
            std::array<char, 8> counter {};
            for (int i = 0; i < 8; ++i)
                counter[std::size_t(i)] = char((m_counter >> (8 * (7 - i))) & 0xff);
            h.addData(QByteArrayView(counter.data(), qsizetype(counter.size())));
            m_block = h.result();
            ++m_counter;
            m_next = 0;
        }
        const auto byte = std::uint8_t(m_block.at(m_next++));
        if (byte < 252) {
            ++m_drawn;
            return byte % 6 + 1;
        }
    }
}

std::optional<QString> verifyExchange(const DiceExchange &x, const std::vector<int> &recorded)
{
    if (x.nonceA.size() != fairdice::kNonceBytes || x.nonceB.size() != fairdice::kNonceBytes)
        return QStringLiteral("a nonce is not %1 bytes").arg(fairdice::kNonceBytes);
    if (fairdice::commitment(x.nonceA) != x.commit)
        return QStringLiteral("the revealed nonce does not match its commitment");
    const std::vector<int> derived = fairdice::faces(x.nonceA, x.nonceB, int(recorded.size()));
    for (std::size_t i = 0; i < recorded.size(); ++i)
        if (derived[i] != recorded[i])
            return QStringLiteral("die %1 shows %2, the exchange gives %3")
                .arg(i + 1)
                .arg(recorded[i])
                .arg(derived[i]);
    return std::nullopt;
}

} // namespace jw
