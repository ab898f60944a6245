// SPDX-License-Identifier: GPL-3.0-or-later
// jwfleet-cli cards: files written, their sizes and pages, and exit codes.
#include "rendertesthelpers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run cli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(JW_CLI_PATH), args);
    if (!p.waitForFinished(120000))
        qFatal("jwfleet-cli did not finish");
    return Run {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
}

} // namespace

class TestCardsCli : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    QString path(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void png_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QSize>("size");
        QTest::addRow("default") << QStringList {} << QSize(1500, 1050);
        QTest::addRow("dpi 100") << QStringList {QStringLiteral("--dpi"), QStringLiteral("100")}
                                 << QSize(500, 350);
        QTest::addRow("large") << QStringList {QStringLiteral("--size"), QStringLiteral("large")}
                               << QSize(1800, 1200);
    }
    void png()
    {
        QFETCH(QStringList, extra);
        QFETCH(QSize, size);
        const QString out = path("shan-yu.png");
        QFile::remove(out);
        const Run r = cli(QStringList {QStringLiteral("cards"), QStringLiteral("--unit"),
                                       QStringLiteral("shan-yu"), QStringLiteral("-o"), out}
                          + extra);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(out));
        const QImage img(out);
        QCOMPARE(img.size(), size);
    }

    void pdf_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("pages");
        const QString five = QStringLiteral("shan-yu,poseidon,wyvern,corsair,wraith");
        QTest::addRow("one card, card-sized page")
            << QStringList {QStringLiteral("--unit"), QStringLiteral("poseidon")} << 1;
        QTest::addRow("five, 4 per page") << QStringList {QStringLiteral("--units"), five} << 2;
        QTest::addRow("five, 2 per page, letter")
            << QStringList {QStringLiteral("--units"),  five,
                            QStringLiteral("--layout"), QStringLiteral("2"),
                            QStringLiteral("--page"),   QStringLiteral("letter")}
            << 3;
        QTest::addRow("five, 1 per page")
            << QStringList {QStringLiteral("--units"), five, QStringLiteral("--layout"),
                            QStringLiteral("1")}
            << 5;
        QTest::addRow("one unit on a sheet")
            << QStringList {QStringLiteral("--unit"), QStringLiteral("kitsune"),
                            QStringLiteral("--layout"), QStringLiteral("4")}
            << 1;
    }
    void pdf()
    {
        QFETCH(QStringList, args);
        QFETCH(int, pages);
        const QString out = path("cards.pdf");
        QFile::remove(out);
        const Run r = cli(QStringList {QStringLiteral("cards"), QStringLiteral("-o"), out} + args);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(jw::test::pdfPageCount(out), pages);
    }

    // A fleet file: the roster page, then a card per model.
    void fleet_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("pages");
        QTest::addRow("4 per page") << QStringList {} << 1 + 2;
        QTest::addRow("2 per page, letter")
            << QStringList {QStringLiteral("--layout"), QStringLiteral("2"),
                            QStringLiteral("--page"), QStringLiteral("letter")}
            << 1 + 3;
        QTest::addRow("no roster") << QStringList {QStringLiteral("--no-roster")} << 2;
    }
    void fleet()
    {
        QFETCH(QStringList, extra);
        QFETCH(int, pages);
        const QString fleet = path("strike.jwfleet");
        {
            QFile f(fleet);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("schema_version: 1\n"
                    "name: Strike Group\n"
                    "faction: venusian\n"
                    "points: 500\n"
                    "units:\n"
                    "  - unit: shan-yu\n"
                    "    name: VRS Jade Lotus\n"
                    "  - unit: corsair\n"
                    "  - unit: ryu\n"
                    "    embarked_on: 0\n"
                    "  - unit: ryu\n"
                    "    embarked_on: 0\n"
                    "  - unit: kirin\n");
        }
        const QString out = path("fleet.pdf");
        QFile::remove(out);
        const Run r
            = cli(QStringList {QStringLiteral("cards"), fleet, QStringLiteral("-o"), out} + extra);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QStringLiteral("5 cards")));
        QCOMPARE(jw::test::pdfPageCount(out), pages);
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString png = path("bad.png");
        const QString pdf = path("bad.pdf");
        auto row = [](const char *name, const QStringList &a) {
            QTest::newRow(name) << (QStringList {QStringLiteral("cards")} + a);
        };
        row("unknown unit",
            {QStringLiteral("--unit"), QStringLiteral("nope"), QStringLiteral("-o"), png});
        row("unknown unit in list",
            {QStringLiteral("--units"), QStringLiteral("shan-yu,nope"), QStringLiteral("-o"), pdf});
        row("no output", {QStringLiteral("--unit"), QStringLiteral("shan-yu")});
        row("no unit", {QStringLiteral("-o"), pdf});
        row("both",
            {QStringLiteral("--unit"), QStringLiteral("shan-yu"), QStringLiteral("--units"),
             QStringLiteral("wyvern"), QStringLiteral("-o"), pdf});
        row("bad extension",
            {QStringLiteral("--unit"), QStringLiteral("shan-yu"), QStringLiteral("-o"),
             path("card.txt")});
        row("bad layout",
            {QStringLiteral("--units"), QStringLiteral("shan-yu"), QStringLiteral("--layout"),
             QStringLiteral("3"), QStringLiteral("-o"), pdf});
        row("bad page",
            {QStringLiteral("--units"), QStringLiteral("shan-yu"), QStringLiteral("--page"),
             QStringLiteral("legal"), QStringLiteral("-o"), pdf});
        row("bad size",
            {QStringLiteral("--unit"), QStringLiteral("shan-yu"), QStringLiteral("--size"),
             QStringLiteral("poker"), QStringLiteral("-o"), png});
        row("bad dpi",
            {QStringLiteral("--unit"), QStringLiteral("shan-yu"), QStringLiteral("--dpi"),
             QStringLiteral("ten"), QStringLiteral("-o"), png});
        row("png of many",
            {QStringLiteral("--units"), QStringLiteral("shan-yu,wyvern"), QStringLiteral("-o"),
             png});
        row("cards too big for the layout",
            {QStringLiteral("--units"), QStringLiteral("shan-yu"), QStringLiteral("--layout"),
             QStringLiteral("4"), QStringLiteral("--size"), QStringLiteral("jumbo"),
             QStringLiteral("-o"), pdf});
        row("unwritable",
            {QStringLiteral("--unit"), QStringLiteral("shan-yu"), QStringLiteral("-o"),
             path("no/such/dir/card.png")});
        row("unknown option", {QStringLiteral("--colour"), QStringLiteral("-o"), pdf});
        row("missing fleet file", {path("nope.jwfleet"), QStringLiteral("-o"), pdf});
        row("fleet and unit",
            {path("nope.jwfleet"), QStringLiteral("--unit"), QStringLiteral("shan-yu"),
             QStringLiteral("-o"), pdf});
        row("fleet to png", {path("nope.jwfleet"), QStringLiteral("-o"), png});
        row("bad format",
            {QStringLiteral("--unit"), QStringLiteral("shan-yu"), QStringLiteral("--format"),
             QStringLiteral("svg"), QStringLiteral("-o"), path("card")});
        row("folder",
            {QStringLiteral("--unit"), QStringLiteral("shan-yu"), QStringLiteral("-o"),
             m_dir.path() + QStringLiteral("/folder.pdf")});
        row("no-roster without fleet",
            {QStringLiteral("--unit"), QStringLiteral("shan-yu"), QStringLiteral("--no-roster"),
             QStringLiteral("-o"), pdf});
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QVERIFY(QDir().mkpath(path("folder.pdf")));
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("jwfleet-cli")));
        QVERIFY(QFileInfo(path("folder.pdf")).isDir());
        if (QTest::currentDataTag() == QLatin1String("folder"))
            QVERIFY2(r.err.contains(
                         QStringLiteral("cannot write %1: it is a folder").arg(path("folder.pdf"))),
                     qPrintable(r.err));
        QVERIFY(!QFile::exists(path("bad.png")));
        QVERIFY(!QFile::exists(path("bad.pdf")));
    }

    // -o /dev/stdout (a pipe here) with --format: the cards go to standard
    // output, whole, and "wrote" to standard error so as not to corrupt them.
    void toStandardOutput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("magic");
        QTest::addRow("pdf") << QStringList {QStringLiteral("--units"),
                                             QStringLiteral("shan-yu,wyvern"),
                                             QStringLiteral("--format"), QStringLiteral("pdf")}
                             << QByteArray("%PDF-");
        QTest::addRow("png") << QStringList {QStringLiteral("--unit"), QStringLiteral("wyvern"),
                                             QStringLiteral("--format"), QStringLiteral("PNG")}
                             << QByteArray("\x89PNG");
    }
    void toStandardOutput()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, magic);
        QProcess p;
        p.start(QStringLiteral(JW_CLI_PATH),
                QStringList {QStringLiteral("cards"), QStringLiteral("-o"),
                             QStringLiteral("/dev/stdout")}
                    + args);
        QVERIFY(p.waitForFinished(120000));
        const QByteArray out = p.readAllStandardOutput();
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 0);
        QVERIFY2(out.startsWith(magic), out.left(40).constData());
        QVERIFY(err.contains(QStringLiteral("wrote /dev/stdout")));
        if (magic.startsWith('%')) {
            QVERIFY(out.trimmed().endsWith("%%EOF"));
            QCOMPARE(jw::test::pdfPageCount(out), 1);
        } else {
            QImage png;
            QVERIFY(png.loadFromData(out, "PNG"));
            QCOMPARE(png.size(), QSize(1500, 1050));
        }
    }

    // A card with a back is written as FILE.png and FILE.back.png: to a pipe
    // or a device it is refused (exit 2) rather than writing next to /dev/stdout.
    void backToStream()
    {
        QTemporaryDir data;
        QFile f(data.filePath(QStringLiteral("big.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        QByteArray weapons;
        for (int i = 0; i < 20; ++i)
            weapons += "      - {name: Heavy Particle Accelerator " + QByteArray::number(i)
                + ", class: particle-cannon, arcs: F/P/S, ac: 6, as: 2, macro: 3, count: 4,"
                  " traits: [Sniper, Link, Swarm]}\n";
        f.write("schema_version: 1\nfaction: {id: big, name: Big}\nunits:\n"
                "  - name: Behemoth\n    type: capital\n    tv: 500\n    speed: 4\n"
                "    turns: 1\n    fire_control: 6\n    skill: 3\n"
                "    armor: {fore: 3, sides: 2, aft: 1}\n    structure: 12\n"
                "    defense: 6\n    sensors: 5\n    thrusters: 4\n    base: 3x6\n"
                "    provenance: test\n    weapons:\n"
                + weapons);
        f.close();
        const QString png = path("behemoth.png");
        const Run file = cli({QStringLiteral("--data"), data.path(), QStringLiteral("cards"),
                              QStringLiteral("--unit"), QStringLiteral("behemoth"),
                              QStringLiteral("-o"), png});
        QVERIFY2(file.code == 0, qPrintable(file.err));
        QVERIFY(QFile::exists(path("behemoth.back.png"))); // the card has a back

        QProcess p;
        p.start(QStringLiteral(JW_CLI_PATH),
                {QStringLiteral("--data"), data.path(), QStringLiteral("cards"),
                 QStringLiteral("--unit"), QStringLiteral("behemoth"), QStringLiteral("--format"),
                 QStringLiteral("png"), QStringLiteral("-o"), QStringLiteral("/dev/stdout")});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardOutput().isEmpty());
        QVERIFY(QString::fromUtf8(p.readAllStandardError())
                    .contains(QStringLiteral("cannot hold: give a file name or write a PDF")));
    }

    void help()
    {
        const Run r = cli({QStringLiteral("cards"), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("Usage: jwfleet-cli cards")));
        for (const char *opt : {"--unit", "--units", "--layout", "--page", "--size", "--dpi"})
            QVERIFY2(r.out.contains(QLatin1String(opt)), opt);
        const Run all = cli({QStringLiteral("--help")});
        QVERIFY(all.out.contains(QStringLiteral("cards ")));
    }
};

QTEST_GUILESS_MAIN(TestCardsCli)
#include "tst_render_cli.moc"
