// SPDX-License-Identifier: GPL-3.0-or-later
// InlineInts (engine/inlineints.h), the models' counters: it behaves as a std::vector<int>
// does, inline and beyond its inline capacity (on the heap).
#include "engine/inlineints.h"
#include "engine/modelstate.h"

#include <QtTest>

#include <random>
#include <utility>

using namespace jw;

namespace {

using Small = InlineInts<4>;

bool same(const Small &a, const std::vector<int> &b)
{
    if (a.size() != b.size() || a.empty() != b.empty())
        return false;
    for (std::size_t i = 0; i < b.size(); ++i)
        if (a[i] != b[i])
            return false;
    return a == b && std::vector<int>(a) == b && int(a.end() - a.begin()) == int(b.size());
}

} // namespace

class TestInlineInts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void basics()
    {
        Small a;
        QVERIFY(a.empty());
        QCOMPARE(a.size(), std::size_t(0));
        QVERIFY(!a.onHeap());
        a = {1, 2, 3};
        QVERIFY(same(a, {1, 2, 3}));
        a.push_back(4);
        QVERIFY(!a.onHeap());
        a.push_back(5); // beyond the inline capacity
        QVERIFY(a.onHeap());
        QVERIFY(same(a, {1, 2, 3, 4, 5}));
        Small b = a; // a copy of a long one is on the heap too, the same elements
        QVERIFY(b.onHeap());
        QVERIFY(b == a);
        b[0] = 9;
        QVERIFY(b != a);
        QCOMPARE(a[0], 1);
        a.resize(2);
        QVERIFY(same(a, {1, 2}));
        Small c = a; // a short copy is inline again
        QVERIFY(!c.onHeap());
        QVERIFY(same(c, {1, 2}));
        a.assign(6, 7);
        QVERIFY(same(a, {7, 7, 7, 7, 7, 7}));
        a.resize(8, -1);
        QVERIFY(same(a, {7, 7, 7, 7, 7, 7, -1, -1}));
        Small moved = std::move(a);
        QVERIFY(same(moved, {7, 7, 7, 7, 7, 7, -1, -1}));
        QVERIFY(a.empty()); // NOLINT(bugprone-use-after-move): moved from is empty
        a = moved;
        a = std::as_const(a); // self-assignment
        QVERIFY(same(a, {7, 7, 7, 7, 7, 7, -1, -1}));
        a.clear();
        QVERIFY(same(a, {}));
        const Small d(std::vector<int> {3, 1, 4, 1, 5, 9});
        QVERIFY(same(d, {3, 1, 4, 1, 5, 9}));
        QCOMPARE(std::count(d.begin(), d.end(), 1), 2);
        QCOMPARE(d.front(), 3);
        QCOMPARE(d.back(), 9);
    }

    // Random operations on an InlineInts and a std::vector side by side: always the same.
    void likeAVector()
    {
        std::mt19937 rng(35);
        std::vector<Small> smalls(4);
        std::vector<std::vector<int>> vectors(4);
        for (int step = 0; step < 20000; ++step) {
            const std::size_t i = rng() % 4;
            const std::size_t j = rng() % 4;
            const int value = int(rng() % 100) - 50;
            switch (rng() % 9) {
            case 0:
            case 1:
                smalls[i].push_back(value);
                vectors[i].push_back(value);
                break;
            case 2: {
                const std::size_t n = rng() % 12;
                smalls[i].resize(n, value);
                vectors[i].resize(n, value);
                break;
            }
            case 3: {
                const std::size_t n = rng() % 12;
                smalls[i].assign(n, value);
                vectors[i].assign(n, value);
                break;
            }
            case 4:
                smalls[i] = smalls[j];
                vectors[i] = vectors[j];
                break;
            case 5:
                if (i != j) {
                    smalls[i] = std::move(smalls[j]);
                    vectors[i] = std::move(vectors[j]);
                    smalls[j].clear();
                    vectors[j].clear();
                }
                break;
            case 6:
                if (!vectors[i].empty()) {
                    const std::size_t k = rng() % vectors[i].size();
                    smalls[i][k] += value;
                    vectors[i][k] += value;
                }
                break;
            case 7: {
                Small copy(smalls[i]);
                smalls[i] = std::move(copy);
                break;
            }
            default:
                if (rng() % 8 == 0) {
                    smalls[i].clear();
                    vectors[i].clear();
                }
                break;
            }
            for (std::size_t k = 0; k < 4; ++k)
                QVERIFY2(same(smalls[k], vectors[k]),
                         qPrintable(QStringLiteral("step %1").arg(step)));
            QCOMPARE(smalls[i] == smalls[j], vectors[i] == vectors[j]);
        }
    }

    // A model's counters compare as values, with the state.
    void modelStateCompares()
    {
        ModelState a;
        a.weaponsDamaged.assign(5, 0);
        a.traitsDamaged.assign(12, 0); // more than inline
        ModelState b = a;
        QVERIFY(a == b);
        ++b.traitsDamaged[11];
        QVERIFY(!(a == b));
        b = a;
        b.weaponsUsed.push_back(2);
        QVERIFY(!(a == b));
    }
};

QTEST_GUILESS_MAIN(TestInlineInts)
#include "tst_inlineints.moc"
