// SPDX-License-Identifier: GPL-3.0-or-later
// core/io: the one safe YAML parse, the one way files are written and read,
// and the checks on names. Every loader stands on these (docs/reliability.md).
#include "io/inputfile.h"
#include "io/jsonnumber.h"
#include "io/outputfile.h"
#include "io/safeyaml.h"
#include "io/textcheck.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <thread>

using namespace jw;

namespace {

QByteArray billionLaughs()
{
    // Nine levels of ten aliases each: 10^9 scalars once expanded, 1 KB written.
    QByteArray y
        = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n";
    for (char c = 'b'; c <= 'i'; ++c) {
        const char prev = char(c - 1);
        y += QByteArray(1, c) + ": &" + QByteArray(1, c) + " [";
        for (int k = 0; k < 9; ++k)
            y += QByteArray(k ? ",*" : "*") + QByteArray(1, prev);
        y += "]\n";
    }
    return y;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestIo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void yamlAccepted()
    {
        std::vector<DataIssue> issues;
        const auto root
            = io::loadYaml("name: Io\nunits: [1, 2, {a: b}]\n", QStringLiteral("f"), issues);
        QVERIFY(root);
        QVERIFY(issues.empty());
        QCOMPARE((*root)["name"].as<std::string>(), std::string("Io"));
    }

    void yamlRefused_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        QTest::newRow("billion laughs") << billionLaughs() << 1 << 4
                                        << "anchors (&name) are not "
                                           "accepted";
        QTest::newRow("alias") << QByteArray("a: 1\nb: *x\n") << 0 << 0 << "";
        QTest::newRow("anchor on a scalar") << QByteArray("a: &x 1\n") << 1 << 4 << "anchors";
        QTest::newRow("too deep") << (QByteArray(70, '[') + QByteArray(70, ']')) << 1 << 65
                                  << "nested too deeply: more than 64 levels";
        QTest::newRow("not YAML") << QByteArray("a: [\n") << 2 << 1 << "not valid YAML";
        QTest::newRow("empty") << QByteArray("# nothing\n") << 0 << 0 << "the file is empty";
    }

    void yamlRefused()
    {
        QFETCH(QByteArray, yaml);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        std::vector<DataIssue> issues;
        QElapsedTimer t;
        t.start();
        QVERIFY(!io::loadYaml(yaml, QStringLiteral("bomb.yaml"), issues));
        QCOMPARE(int(issues.size()), 1);
        QCOMPARE(issues[0].file, QStringLiteral("bomb.yaml"));
        if (!message.isEmpty()) {
            QVERIFY2(issues[0].message.contains(message), qPrintable(issues[0].toString()));
            QCOMPARE(issues[0].line, line);
            QCOMPARE(issues[0].column, column);
        }
        QVERIFY(issues[0].isError());
    }

    void yamlLimits()
    {
        std::vector<DataIssue> issues;
        QByteArray many = "[";
        for (int i = 0; i < 200; ++i)
            many += "1,";
        many += "1]";
        QVERIFY(
            !io::loadYaml(many, QStringLiteral("f"), issues, io::YamlLimits {1 << 20, 100, 64}));
        QVERIFY2(issues.back().message.contains(QStringLiteral("too many values: more than 100")),
                 qPrintable(issues.back().toString()));
        QVERIFY(
            io::loadYaml(many, QStringLiteral("f"), issues, io::YamlLimits {1 << 20, 1000, 64}));
        QVERIFY(!io::loadYaml(many, QStringLiteral("f"), issues, io::YamlLimits {100, 1000, 64}));
        QVERIFY(issues.back().message.startsWith(QStringLiteral("the file is too big")));
    }

    void writeRegularFileAtomically()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.txt"));
        QVERIFY(io::writeFile(path, "one").isEmpty());
        QCOMPARE(readAll(path), QByteArray("one"));
        {
            // A write that is never committed leaves the old file whole.
            io::OutputFile f(path);
            QVERIFY(f.open());
            QVERIFY(f.write("two, half written"));
            f.cancel();
            QVERIFY(!f.commit());
        }
        QCOMPARE(readAll(path), QByteArray("one"));
        QVERIFY(io::writeFile(path, "three").isEmpty());
        QCOMPARE(readAll(path), QByteArray("three"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList {QStringLiteral("a.txt")});
    }

    void writeThroughSymlink()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("target.txt"));
        const QString link = dir.filePath(QStringLiteral("link.txt"));
        QVERIFY(io::writeFile(target, "old").isEmpty());
        QVERIFY(QFile::link(target, link));
        QVERIFY(io::writeFile(link, "new").isEmpty());
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(readAll(target), QByteArray("new"));
    }

    // A FIFO stays a FIFO (QSaveFile would rename a regular file over it).
    void writeToFifo()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("pipe"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QByteArray received;
        std::thread reader([&] {
            QFile f(fifo);
            if (f.open(QIODevice::ReadOnly))
                received = f.readAll();
        });
        const QString error = io::writeFile(fifo, "through the pipe");
        reader.join();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(received, QByteArray("through the pipe"));
        struct stat st
        { };
        QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
    }

    // A character device is written in place: /dev/null stays a device, and a
    // full device is an error, not a regular file in its place.
    void writeToDevices()
    {
        QVERIFY(io::writeFile(QStringLiteral("/dev/null"), "nothing").isEmpty());
        struct stat st
        { };
        QCOMPARE(::stat("/dev/null", &st), 0);
        QVERIFY(S_ISCHR(st.st_mode));
        if (QFileInfo::exists(QStringLiteral("/dev/full"))) {
            const QString error
                = io::writeFile(QStringLiteral("/dev/full"), QByteArray(70000, 'x'));
            QVERIFY2(error.startsWith(QStringLiteral("cannot write /dev/full: ")),
                     qPrintable(error));
            QCOMPARE(::stat("/dev/full", &st), 0);
            QVERIFY(S_ISCHR(st.st_mode));
        }
    }

    // `jwfleet-cli ... -o /dev/stdout >> log`: the shell's descriptor is
    // written, in its append mode; the file is neither truncated nor replaced.
    void writeToOwnDescriptor()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("log.txt"));
        QVERIFY(io::writeFile(path, "first\n").isEmpty());
        QFile log(path);
        QVERIFY(log.open(QIODevice::WriteOnly | QIODevice::Append));
        const QString fdPath = QStringLiteral("/dev/fd/%1").arg(log.handle());
        QVERIFY(io::writeFile(fdPath, "second\n").isEmpty());
        log.close();
        QCOMPARE(readAll(path), QByteArray("first\nsecond\n"));
    }

    void writeToFolderRefused()
    {
        QTemporaryDir dir;
        QCOMPARE(io::writeFile(dir.path(), "x"),
                 QStringLiteral("cannot write %1: it is a folder").arg(dir.path()));
        QVERIFY(QFileInfo(dir.path()).isDir());
        const QString missingDir = dir.filePath(QStringLiteral("no/such/a.txt"));
        QVERIFY(io::writeFile(missingDir, "x").startsWith(QStringLiteral("cannot write ")));
    }

    void readLimits()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.txt"));
        QVERIFY(io::writeFile(path, QByteArray(100, 'x')).isEmpty());
        QVERIFY(io::readFile(path, 100).ok());
        QCOMPARE(io::readFile(path, 100).bytes.size(), 100);
        const io::InputFile big = io::readFile(path, 99);
        QVERIFY(!big.ok());
        QVERIFY(big.bytes.isEmpty());
        QCOMPARE(big.error, QStringLiteral("the file is too big: more than 99 bytes"));
        // An endless device is cut at the limit, not read for ever.
        const io::InputFile zero = io::readFile(QStringLiteral("/dev/zero"), 1000);
        QVERIFY(!zero.ok());
        QCOMPARE(io::readFile(dir.path()).error, QStringLiteral("cannot read: it is a folder"));
        QVERIFY(io::readFile(dir.filePath(QStringLiteral("none")))
                    .error.startsWith(QStringLiteral("cannot read: ")));
    }

    // Never converts out of range (1e300 to an integer is undefined behaviour).
    void wholeNumbers()
    {
        QCOMPARE(io::wholeNumber(QJsonValue(6), 1, 6), std::optional<qint64>(6));
        QCOMPARE(io::wholeNumber(QJsonValue(1), 1, 6), std::optional<qint64>(1));
        QCOMPARE(io::wholeNumber(QJsonValue(7), 1, 6), std::nullopt);
        QCOMPARE(io::wholeNumber(QJsonValue(0), 1, 6), std::nullopt);
        QCOMPARE(io::wholeNumber(QJsonValue(2.5), 1, 6), std::nullopt);
        QCOMPARE(io::wholeNumber(QJsonValue(1e300), 1, 6), std::nullopt);
        QCOMPARE(io::wholeNumber(QJsonValue(-1e300), 1, 6), std::nullopt);
        QCOMPARE(io::wholeNumber(QJsonValue(qQNaN()), 1, 6), std::nullopt);
        QCOMPARE(io::wholeNumber(QJsonValue(QStringLiteral("6")), 1, 6), std::nullopt);
        QCOMPARE(io::wholeNumber(QJsonValue(), 1, 6), std::nullopt);
    }

    void names_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("freeText");
        QTest::addColumn<QString>("problem");
        QTest::newRow("plain") << QStringLiteral("JCS Vigilant") << false << QString();
        QTest::newRow("accents and emoji")
            << QStringLiteral("Jérôme \U0001F680 Ганимед") << false << QString();
        QTest::newRow("escape") << QStringLiteral("Eve\x1b[31m") << false
                                << "holds a control character (U+001B) at character 4";
        QTest::newRow("newline in a name") << QStringLiteral("a\nb") << false
                                           << "holds a control character (U+000A) at character 2";
        QTest::newRow("newline in notes") << QStringLiteral("a\nb\tc") << true << QString();
        QTest::newRow("escape in notes") << QStringLiteral("a\x07") << true
                                         << "holds a control character (U+0007) at character 2";
        QTest::newRow("right-to-left override")
            << QStringLiteral("abc\u202Edef") << false
            << "holds a character that reorders text (U+202E) at character 4";
        QTest::newRow("broken pair")
            << QString(QChar(0xD800)) << false << "is not valid text at character 1";
        QTest::newRow("too long") << QString(121, QLatin1Char('x')) << false
                                  << "is too long: 121 characters, at most 120";
        QTest::newRow("at the limit") << QString(120, QLatin1Char('x')) << false << QString();
    }

    void names()
    {
        QFETCH(QString, text);
        QFETCH(bool, freeText);
        QFETCH(QString, problem);
        QCOMPARE(freeText ? io::textProblem(text) : io::nameProblem(text), problem);
    }
};

QTEST_GUILESS_MAIN(TestIo)
#include "tst_io.moc"
