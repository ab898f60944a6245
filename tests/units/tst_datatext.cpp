// SPDX-License-Identifier: GPL-3.0-or-later
// The problems found in data files (fleets, saved games, campaigns, unit data) in the user's
// language (issue 21): DataText keeps the English template and its arguments; the English
// stays byte for byte what the CLI and files always said, the UI translates.
#include "campaign/battleimport.h"
#include "campaign/campaignfile.h"
#include "engine/gamefile.h"
#include "engine/messagetext.h"
#include "fleet/fleetfile.h"
#include "io/safeyaml.h"
#include "units/dataissue.h"
#include "units/datatext.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMap>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace jw;

namespace {

// Marks every jw::Data sentence it is asked for, to show what is translated.
class MarkingTranslator final : public QTranslator
{
public:
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        if (QByteArray(context) != DataText::kContext)
            return {};
        return QStringLiteral("<T>") + QString::fromUtf8(source);
    }
    [[nodiscard]] bool isEmpty() const override { return false; }
};

// Installs a translator for the lifetime of the object.
class Installed
{
public:
    explicit Installed(QTranslator *t)
        : m_t(t)
    {
        QCoreApplication::installTranslator(m_t);
    }
    ~Installed() { QCoreApplication::removeTranslator(m_t); }
    Installed(const Installed &) = delete;
    Installed &operator=(const Installed &) = delete;

private:
    QTranslator *m_t;
};

QString sourceDir()
{
    return qEnvironmentVariable("JW_SOURCE_DIR");
}

// The placeholders of a sentence, sorted ("%1", "%2").
QStringList placeholders(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("%\\d+"));
    QStringList out;
    for (const auto &m : re.globalMatch(s))
        out << m.captured();
    out.sort();
    return out;
}

// The finished translations of the context jw::Data in a .ts file: source → translation.
QMap<QString, QString> dataTranslations(const QString &tsPath)
{
    QMap<QString, QString> out;
    QFile f(tsPath);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    QString context, source, translation;
    bool unfinished = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (xml.name() == QLatin1String("name") && source.isNull())
                context = xml.readElementText();
            else if (xml.name() == QLatin1String("source"))
                source = xml.readElementText();
            else if (xml.name() == QLatin1String("translation")) {
                unfinished = !xml.attributes().value(QLatin1String("type")).isEmpty();
                translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            if (context == QLatin1String(DataText::kContext) && !unfinished
                && !translation.isEmpty())
                out.insert(source, translation);
            source = QString();
            translation.clear();
        } else if (xml.isEndElement() && xml.name() == QLatin1String("context")) {
            context.clear();
        }
    }
    if (xml.hasError())
        qWarning("%s: %s", qPrintable(tsPath), qPrintable(xml.errorString()));
    return out;
}

// A C string literal's text (the escapes the sources use).
QString unescapeC(const QString &s)
{
    QString out;
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s.at(i) == QLatin1Char('\\') && i + 1 < s.size()) {
            const QChar c = s.at(++i);
            out += c == QLatin1Char('n') ? QLatin1Char('\n') : c;
        } else {
            out += s.at(i);
        }
    }
    return out;
}

} // namespace

class TestDataText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void englishKeepsTheTemplate()
    {
        const DataText t
            = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "'%1' must be at most %2, not %3"),
                           {QStringLiteral("points"), 10, 12});
        QCOMPARE(t.english(), QStringLiteral("'points' must be at most 10, not 12"));
        QVERIFY(t.isTranslatable());
        QVERIFY(!DataText(QStringLiteral("plain")).isTranslatable());
        QVERIFY(DataText().isEmpty());
    }

    void argumentsAreNotScannedAgain()
    {
        // A name holding "%2" stays as written (chained QString::arg would replace it).
        const DataText t = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "unknown fate '%1' (%2)"),
                                        {QStringLiteral("x%2y"), QStringLiteral("lost")});
        QCOMPARE(t.english(), QStringLiteral("unknown fate 'x%2y' (lost)"));
    }

    void nestedPhrasesAreTranslatedPlainTextIsNot()
    {
        MarkingTranslator marking;
        const Installed on(&marking);
        const DataText what = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a fleet file"));
        const DataText t
            = DataText::of(QT_TRANSLATE_NOOP("jw::Data", "%1 lacks the required key '%2'"),
                           {what, QStringLiteral("units")});
        QCOMPARE(t.translated(),
                 QStringLiteral("<T><T>a fleet file lacks the required key 'units'"));
        // The English never goes through the translator.
        QCOMPARE(t.english(), QStringLiteral("a fleet file lacks the required key 'units'"));
    }

    void aFleetFileProblemInEnglishAndInGerman()
    {
        const QByteArray yaml = "faction: jovian\npoints: lots\nunits: []\n";
        const FleetFileResult r = FleetFile::parse(yaml, QStringLiteral("Io.jwfleet"));
        QVERIFY(!r.ok());
        QCOMPARE(r.errorText(),
                 QStringLiteral("Io.jwfleet:2:9: error: 'points' must be a whole number, not "
                                "'lots'"));
        QCOMPARE(r.issues.front().message,
                 QStringLiteral("'points' must be a whole number, not 'lots'"));

        QTranslator de;
        QVERIFY2(de.load(QStringLiteral(JW_DE_QM)), JW_DE_QM);
        const Installed on(&de);
        const QString german = r.localErrorText();
        QVERIFY2(german.startsWith(QStringLiteral("Io.jwfleet:2:9: Fehler: ")), qPrintable(german));
        QVERIFY2(german.contains(QStringLiteral("'lots'")), qPrintable(german));
        QVERIFY2(!german.contains(QStringLiteral("must be")), qPrintable(german));
        // The English is unchanged while a translator is installed (files and the CLI).
        QCOMPARE(r.errorText(),
                 QStringLiteral("Io.jwfleet:2:9: error: 'points' must be a whole number, not "
                                "'lots'"));
    }

    void campaignAndGameFileProblemsAreTranslated()
    {
        MarkingTranslator marking;
        const Installed on(&marking);
        const CampaignFile::Read c = CampaignFile::parse(
            "format: something-else\n", QStringLiteral("club.yaml"), CampaignFile::Format::Yaml);
        QVERIFY(!c.ok());
        QVERIFY2(c.localErrorText().contains(QStringLiteral("<T>")),
                 qPrintable(c.localErrorText()));
        QVERIFY(!c.errorText().contains(QStringLiteral("<T>")));

        const GameFile::Loaded g
            = GameFile::parse("{\"format\": \"x\"}", QStringLiteral("g.jwgame"));
        QVERIFY(!g.game);
        QCOMPARE(g.error, QStringLiteral("g.jwgame: not a jwfleet game file"));
        QCOMPARE(g.localError(), QStringLiteral("<T>g.jwgame: not a jwfleet game file"));

        std::vector<DataIssue> issues;
        QVERIFY(!io::loadYaml("a: &x 1\nb: *x\n", QStringLiteral("u.yaml"), issues));
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY(issues.front().toLocalString().contains(QStringLiteral("<T>anchors")));
        QVERIFY(issues.front().toString().startsWith(QStringLiteral("u.yaml:1:4: error: anchors")));
    }

    // Text translated elsewhere (the engine's refusal) nested in a sentence: its English and its
    // local form, each where it belongs.
    void localizedArguments()
    {
        MarkingTranslator marking;
        const Installed on(&marking);
        const DataText t = DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "cannot resume: %1"),
            {DataText::localized(QStringLiteral("refused"), QStringLiteral("abgelehnt"))});
        QCOMPARE(t.english(), QStringLiteral("cannot resume: refused"));
        QCOMPARE(t.translated(), QStringLiteral("<T>cannot resume: abgelehnt"));
        QVERIFY(!DataText::localized(QStringLiteral("a"), QStringLiteral("b")).isTranslatable());
        // An issue keeps a text already in the user's language (not only a template).
        const DataIssue local = DataIssue::make(
            QStringLiteral("f"), 0, 0,
            DataText::localized(QStringLiteral("refused"), QStringLiteral("abgelehnt")));
        QCOMPARE(local.message, QStringLiteral("refused"));
        QCOMPARE(local.localMessage(), QStringLiteral("abgelehnt"));
        QVERIFY(DataIssue::make(QStringLiteral("f"), 0, 0, QStringLiteral("plain")).text.isEmpty());
    }

    // A battle imported from a game file that cannot be read: the file's problem in German,
    // its English as before.
    void battleImportProblemInGerman()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("g.jwgame"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"x\"}");
        f.close();
        QTranslator de;
        QVERIFY2(de.load(QStringLiteral(JW_DE_QM)), JW_DE_QM);
        const Installed on(&de);
        const BattleImport r = battleFromGameFile(path, QDate(2025, 3, 1));
        QVERIFY(!r.battle);
        QVERIFY2(r.errorText().contains(QStringLiteral("not a jwfleet game file")),
                 qPrintable(r.errorText()));
        QVERIFY2(r.localErrorText().contains(QStringLiteral("keine jwfleet-Partiedatei")),
                 qPrintable(r.localErrorText()));
        QVERIFY2(!r.localErrorText().contains(QStringLiteral("not a jwfleet")),
                 qPrintable(r.localErrorText()));
        // The path is named once, as the issue's file.
        QCOMPARE(r.localErrorText().count(path), 1);
        QCOMPARE(r.errorText().count(path), 1);
    }

    // A sentence as JSON (the club server's refusal, over the wire): read back, the same
    // sentence in English and translated; a localized argument goes as its English; anything
    // else is refused.
    void jsonRoundTrip()
    {
        MarkingTranslator marking;
        const Installed on(&marking);
        const DataText t = DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "%1 lacks the required key '%2'"),
            {DataText::of(QT_TRANSLATE_NOOP("jw::Data", "a fleet file")), QStringLiteral("u%1")});
        const std::optional<DataText> back = DataText::fromJson(t.toJson());
        QVERIFY(back);
        QVERIFY(back->isTranslatable());
        QVERIFY(!back->isEmpty());
        QCOMPARE(back->english(), QStringLiteral("a fleet file lacks the required key 'u%1'"));
        QCOMPARE(back->translated(), t.translated());
        QCOMPARE(back->toJson(), t.toJson());
        QCOMPARE(DataText(QStringLiteral("plain")).toJson(), QJsonValue(QStringLiteral("plain")));
        const DataText local = DataText::of(
            QT_TRANSLATE_NOOP("jw::Data", "cannot resume: %1"),
            {DataText::localized(QStringLiteral("refused"), QStringLiteral("abgelehnt"))});
        QCOMPARE(DataText::fromJson(local.toJson())->translated(),
                 QStringLiteral("<T>cannot resume: refused"));

        const auto refused = [](const char *json) {
            return !DataText::fromJson(
                        QJsonDocument::fromJson(QByteArray("[") + json + "]").array().at(0))
                        .has_value();
        };
        QVERIFY(refused("{\"key\": 3}"));
        QVERIFY(refused("{\"key\": \"\"}"));
        QVERIFY(refused("{\"key\": \"a\", \"other\": 1}"));
        QVERIFY(refused("{\"key\": \"a\", \"args\": {}}"));
        QVERIFY(refused("{\"key\": \"a\", \"args\": [1]}"));
        QVERIFY(refused("12"));
        QVERIFY(!refused("{\"key\": \"%1\", \"args\": [{\"key\": \"%1\", \"args\": "
                         "[{\"key\": \"%1\", \"args\": [{\"key\": \"x\"}]}]}]}"));
        QVERIFY(refused("{\"key\": \"%1\", \"args\": [{\"key\": \"%1\", \"args\": "
                        "[{\"key\": \"%1\", \"args\": [{\"key\": \"%1\", \"args\": "
                        "[{\"key\": \"x\"}]}]}]}]}"));
        QJsonArray many;
        for (int i = 0; i <= DataText::kMaxJsonArgs; ++i)
            many.append(QStringLiteral("a"));
        QVERIFY(!DataText::fromJson(QJsonObject {{QStringLiteral("key"), QStringLiteral("k")},
                                                 {QStringLiteral("args"), many}}));
        // A template that repeats its argument, nested: its English is measured before it is
        // written (a hundred times a hundred times ten characters: refused, unwritten).
        const QString hundred = QStringLiteral("%1").repeated(100);
        const QJsonObject thousand {
            {QStringLiteral("key"), hundred},
            {QStringLiteral("args"), QJsonArray {QStringLiteral("0123456789")}}};
        QCOMPARE(DataText::fromJson(thousand)->english().size(), qsizetype(1000));
        QVERIFY(!DataText::fromJson(QJsonObject {{QStringLiteral("key"), hundred},
                                                 {QStringLiteral("args"), QJsonArray {thousand}}}));
    }

    // What is wrong inside a saved game (a command's field, a unit's card, a die) is in the
    // user's language in the GUI, its English as before for the CLI.
    // An engine's sentence as a DataText (its refusal nested in a network refusal): the same
    // English and German as the engine's Message, and its template and arguments as JSON, read
    // back by another program in its user's language (the key looked up as the engine's).
    void engineSentenceAsDataText()
    {
        const MsgId moved = Message::fromKey(u"CapitalMoved");
        const MsgId turns = Message::fromKey(u"WithTurns");
        QCOMPARE(QByteArray(Message::key(moved)), QByteArray("CapitalMoved"));
        QCOMPARE(QByteArray(Message::key(turns)), QByteArray("WithTurns"));
        const Message m(moved,
                        {QStringLiteral("Io"), decimal(6.5, 2, u"\""), Message(turns, {2}),
                         decimal(6.5, 2, u"\""), decimal(8, 2, u"\"")});
        QTranslator de;
        QVERIFY2(de.load(QStringLiteral(JW_DE_QM)), JW_DE_QM);
        const Installed on(&de);
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German));
        const auto back = qScopeGuard([&] { QLocale::setDefault(before); });
        const DataText t = messageText(m);
        QCOMPARE(t.english(), m.english());
        QVERIFY(t.isTranslatable());
        // The engine's German, its decimals with the German decimal point as the engine's own.
        const QString expected = m.translated();
        QVERIFY2(expected.contains(QStringLiteral("6,5")), qPrintable(expected));
        QCOMPARE(t.translated(), expected);
        QVERIFY2(t.translated() != m.english(), qPrintable(t.translated()));
        // Over the wire: the templates, read back the same; a decimal in the reader's locale.
        const auto read = DataText::fromJson(t.toJson());
        QVERIFY(read);
        QCOMPARE(read->english(), m.english());
        QCOMPARE(read->translated(), expected);
        QLocale::setDefault(QLocale(QLocale::French));
        QVERIFY2(read->translated().contains(QStringLiteral("6,5")),
                 qPrintable(read->translated()));
        QLocale::setDefault(QLocale(QLocale::English));
        QVERIFY2(read->translated().contains(QStringLiteral("6.5\"")),
                 qPrintable(read->translated()));
        QLocale::setDefault(QLocale(QLocale::German));
        // A decimal on the wire: digits before the point and the rest, under a key no catalogue
        // has (an older reader writes it as it is: its English).
        const QJsonValue onWire = DataText::decimal(QStringLiteral("12.25\"")).toJson();
        QCOMPARE(onWire.toObject().value(QStringLiteral("key")).toString(),
                 QStringLiteral("%1.%2"));
        QCOMPARE(onWire.toObject().value(QStringLiteral("args")).toArray(),
                 (QJsonArray {QStringLiteral("12"), QStringLiteral("25\"")}));
        QCOMPARE(DataText::fromJson(onWire)->english(), QStringLiteral("12.25\""));
        QCOMPARE(DataText::fromJson(onWire)->translated(), QStringLiteral("12,25\""));
        QCOMPARE(DataText::decimal(QStringLiteral("8\"")).toJson(),
                 QJsonValue(QStringLiteral("8\"")));
        // Its decimals as their English (for a reader's depth limit): "." in every language.
        QString dotted = expected;
        dotted.replace(QStringLiteral("6,5"), QStringLiteral("6.5"));
        QCOMPARE(t.withPlainDecimals().translated(), dotted);
        QCOMPARE(t.withPlainDecimals().english(), m.english());
        // A key neither catalogue knows is shown as written.
        const auto unknown = DataText::fromJson(
            QJsonObject {{QStringLiteral("key"), QStringLiteral("no such %1")},
                         {QStringLiteral("args"), QJsonArray {QStringLiteral("x")}}});
        QVERIFY(unknown);
        QCOMPARE(unknown->translated(), QStringLiteral("no such x"));
    }

    // A saved game whose embedded scenario rules have a problem: the problem in German, its
    // English as before.
    void embeddedScenarioProblemInGerman()
    {
        QFile f(
            sourceDir()
            + QStringLiteral("/tests/fuzz/regressions/game/ok-scavenger-hunt-uio-owner.jwgame"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray bad = f.readAll();
        QVERIFY(bad.contains("\"deployment_zone\": \"corner\""));
        bad.replace("\"deployment_zone\": \"corner\"", "\"deployment_zone\": \"nowhere\"");
        QTranslator de;
        QVERIFY2(de.load(QStringLiteral(JW_DE_QM)), JW_DE_QM);
        const Installed on(&de);
        const GameFile::Loaded g = GameFile::parse(bad, QStringLiteral("g.jwgame"));
        QVERIFY(!g.game);
        QVERIFY2(g.error.startsWith(QStringLiteral("g.jwgame (scenario):")), qPrintable(g.error));
        QVERIFY2(g.error.endsWith(QStringLiteral(
                     ": error: unknown deployment_zone 'nowhere' (standard, beacon, corner)")),
                 qPrintable(g.error));
        QCOMPARE(g.why.english(), g.error);
        const QString german = g.localError();
        QVERIFY2(german.startsWith(QStringLiteral("g.jwgame (Szenario):")), qPrintable(german));
        QVERIFY2(german.contains(QStringLiteral(": Fehler: ")), qPrintable(german));
        QVERIFY2(german.contains(QStringLiteral("'nowhere'")), qPrintable(german));
        QVERIFY2(!german.contains(QStringLiteral("unknown")), qPrintable(german));

        // What a scenario's objective needs: the phrase inside translated too.
        QByteArray noSwitch = bad;
        noSwitch.replace("\"deployment_zone\": \"nowhere\"", "\"deployment_zone\": \"corner\"");
        noSwitch.replace("\"uios\": true", "\"uios\": false");
        const GameFile::Loaded h = GameFile::parse(noSwitch, QStringLiteral("g.jwgame"));
        QVERIFY(!h.game);
        QVERIFY2(
            h.error.endsWith(QStringLiteral("uio-searched needs a special rule with 'uios: true'")),
            qPrintable(h.error));
        QVERIFY2(!h.localError().contains(QStringLiteral("needs")), qPrintable(h.localError()));
    }

    // A saved masked game whose record or secrets are malformed: the detail in German, its
    // English as before; a game named by a phrase (the club server's "the created game"), the
    // name translated too, also in its embedded scenario's problems.
    void maskedGameProblemsInGerman()
    {
        QFile f(
            sourceDir()
            + QStringLiteral("/tests/fuzz/regressions/game/ok-scavenger-hunt-uio-owner.jwgame"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject game = QJsonDocument::fromJson(f.readAll()).object();
        QVERIFY(GameFile::parse(QJsonDocument(game).toJson(), QStringLiteral("g.jwgame")).game);
        QTranslator de;
        QVERIFY2(de.load(QStringLiteral(JW_DE_QM)), JW_DE_QM);
        const Installed on(&de);
        struct Case
        {
            const char *field;
            QJsonObject value;
            QString english;
            QString german;
        };
        const QString hex64 = QStringLiteral("ab").repeated(32);
        const std::vector<Case> cases {
            {"masked",
             QJsonObject {{QStringLiteral("commitments"), QJsonArray {QStringLiteral("xyz")}},
                          {QStringLiteral("reveals"), QJsonArray {}},
                          {QStringLiteral("sealed_embarks"), QJsonArray {}}},
             QStringLiteral("g.jwgame: masked: a commitment must be 64 lower-case hex digits"),
             QStringLiteral("g.jwgame: masked: eine Festlegung muss aus 64 kleingeschriebenen "
                            "Hexziffern bestehen")},
            {"masked", QJsonObject {{QStringLiteral("commitments"), QJsonArray {}}},
             QStringLiteral("g.jwgame: masked: an object of three lists: commitments, reveals, "
                            "sealed_embarks"),
             QStringLiteral("g.jwgame: masked: ein Objekt aus drei Listen: commitments, reveals, "
                            "sealed_embarks")},
            {"masked_secrets",
             QJsonObject {{QStringLiteral("player"), 0},
                          {QStringLiteral("nonces"), QJsonArray {hex64, QStringLiteral("no")}},
                          {QStringLiteral("seals"), QJsonArray {}}},
             QStringLiteral("g.jwgame: masked_secrets: a nonce must be 64 lower-case hex digits"),
             QStringLiteral("g.jwgame: masked_secrets: eine Nonce muss aus 64 kleingeschriebenen "
                            "Hexziffern bestehen")},
            {"masked_secrets", QJsonObject {{QStringLiteral("colour"), 1}},
             QStringLiteral("g.jwgame: masked_secrets: unknown field 'colour'"), QString()},
        };
        for (const Case &c : cases) {
            QJsonObject bad = game;
            bad.insert(QLatin1String(c.field), c.value);
            const GameFile::Loaded g
                = GameFile::parse(QJsonDocument(bad).toJson(), QStringLiteral("g.jwgame"));
            QVERIFY(!g.game);
            QCOMPARE(g.error, c.english);
            QCOMPARE(g.why.english(), c.english);
            QVERIFY2(g.localError() != c.english, qPrintable(g.localError()));
            if (!c.german.isEmpty())
                QCOMPARE(g.localError(), c.german);
        }

        // Named by a phrase: the phrase in German, the English as before.
        QJsonObject notGame = game;
        notGame.insert(QStringLiteral("format"), QStringLiteral("x"));
        const GameFile::Loaded phrase
            = GameFile::parse(QJsonDocument(notGame).toJson(),
                              DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the created game")));
        QCOMPARE(phrase.error, QStringLiteral("the created game: not a jwfleet game file"));
        QCOMPARE(phrase.localError(),
                 QStringLiteral("das angelegte Spiel: keine jwfleet-Partiedatei"));
    }

    // yaml-cpp's own messages: the ones a file written by hand runs into are translated, the
    // English is the library's text byte for byte, and one not mapped stays the library's.
    void yamlParserMessagesInGerman()
    {
        const QByteArray yaml = "faction: jovian\npoints: 500\nunits: [a, b\n";
        const FleetFileResult r = FleetFile::parse(yaml, QStringLiteral("Io.jwfleet"));
        QVERIFY(!r.ok());
        QVERIFY2(r.errorText().startsWith(QStringLiteral("Io.jwfleet:")),
                 qPrintable(r.errorText()));
        QVERIFY2(r.errorText().endsWith(
                     QStringLiteral(": error: not valid YAML: end of sequence flow not found")),
                 qPrintable(r.errorText()));
        QTranslator de;
        QVERIFY2(de.load(QStringLiteral(JW_DE_QM)), JW_DE_QM);
        const Installed on(&de);
        const QString german = r.localErrorText();
        QVERIFY2(german.contains(QStringLiteral(": Fehler: kein gültiges YAML: ")),
                 qPrintable(german));
        QVERIFY2(!german.contains(QStringLiteral("not found")), qPrintable(german));
        // The English unchanged, with the translator installed.
        QVERIFY(r.errorText().endsWith(QStringLiteral("end of sequence flow not found")));

        // Every mapped message writes the library's English; a detail stays as written; an
        // unknown message is kept as it is.
        for (const char *m : {YAML::ErrorMsg::END_OF_MAP, YAML::ErrorMsg::MAP_VALUE,
                              YAML::ErrorMsg::TAB_IN_INDENTATION, YAML::ErrorMsg::UNKNOWN_TOKEN,
                              YAML::ErrorMsg::EOF_IN_SCALAR}) {
            const DataText t = io::yamlParserMessage(m);
            QVERIFY2(t.isTranslatable(), m);
            QCOMPARE(t.english(), QString::fromLatin1(m));
            QVERIFY2(t.translated() != t.english(), qPrintable(t.translated()));
        }
        const std::string escape = std::string(YAML::ErrorMsg::INVALID_ESCAPE) + "q";
        const DataText e = io::yamlParserMessage(escape);
        QVERIFY(e.isTranslatable());
        QCOMPARE(e.english(), QString::fromStdString(escape));
        QVERIFY2(e.translated().endsWith(QStringLiteral(": q")), qPrintable(e.translated()));
        const DataText other = io::yamlParserMessage("something else entirely");
        QVERIFY(!other.isTranslatable());
        QCOMPARE(other.translated(), QStringLiteral("something else entirely"));

        // A map whose value is not allowed: "illegal map value" in German.
        std::vector<DataIssue> issues;
        QVERIFY(!io::loadYaml("a: b: c\n", QStringLiteral("u.yaml"), issues));
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues.front().toString(),
                 QStringLiteral("u.yaml:1:5: error: not valid YAML: illegal map value"));
        QVERIFY2(!issues.front().toLocalString().contains(QStringLiteral("illegal")),
                 qPrintable(issues.front().toLocalString()));
    }

    void gameFileDetailInGerman()
    {
        QFile f(
            sourceDir()
            + QStringLiteral("/tests/fuzz/regressions/game/ok-scavenger-hunt-uio-owner.jwgame"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray good = f.readAll();
        QVERIFY2(GameFile::parse(good, QStringLiteral("g.jwgame")).game, "the sample loads");
        QTranslator de;
        QVERIFY2(de.load(QStringLiteral(JW_DE_QM)), JW_DE_QM);
        const Installed on(&de);

        QByteArray bad = good;
        bad.replace("\"model\": 0,", "\"model\": \"zero\",");
        GameFile::Loaded g = GameFile::parse(bad, QStringLiteral("g.jwgame"));
        QVERIFY(!g.game);
        QCOMPARE(g.error, QStringLiteral("g.jwgame: command 1: 'model' must be a number"));
        QVERIFY2(!g.localError().contains(QStringLiteral("must be")), qPrintable(g.localError()));
        QVERIFY2(g.localError().contains(QStringLiteral("'model'")), qPrintable(g.localError()));

        bad = good;
        bad.replace("\"command\": \"resolve-action\"", "\"command\": \"resolve\"");
        g = GameFile::parse(bad, QStringLiteral("g.jwgame"));
        QCOMPARE(g.error, QStringLiteral("g.jwgame: command 2: unknown command 'resolve'"));
        QVERIFY2(!g.localError().contains(QStringLiteral("unknown")), qPrintable(g.localError()));

        bad = good;
        const qsizetype dice = bad.indexOf("\"dice\": [");
        QVERIFY(dice > 0);
        bad.insert(dice + 9, " 7");
        g = GameFile::parse(bad, QStringLiteral("g.jwgame"));
        QCOMPARE(
            g.error,
            QStringLiteral("g.jwgame: command 1 (activate): die 1 shows 7: a die shows 1 to 6"));
        QVERIFY2(!g.localError().contains(QStringLiteral("shows")), qPrintable(g.localError()));

        bad = good;
        bad.replace("\"type\": \"capital\"", "\"type\": \"barge\"");
        g = GameFile::parse(bad, QStringLiteral("g.jwgame"));
        QCOMPARE(g.error, QStringLiteral("g.jwgame: unknown unit type 'barge'"));
        QVERIFY2(!g.localError().contains(QStringLiteral("unknown")), qPrintable(g.localError()));
    }

    // Every sentence marked for the context jw::Data in core/ has a finished German and French
    // translation with the same placeholders: a file missing from lupdate's list, or a
    // sentence added without its translations, fails here.
    void everyDataSentenceIsTranslated()
    {
        const QString root = sourceDir();
        QVERIFY2(!root.isEmpty(), "JW_SOURCE_DIR is not set");
        static const QRegularExpression marked(QStringLiteral(
            "QT_TRANSLATE_NOOP\\(\\s*\"jw::Data\",\\s*((?:\"(?:[^\"\\\\]|\\\\.)*\"\\s*)+)\\)"));
        static const QRegularExpression piece(QStringLiteral("\"((?:[^\"\\\\]|\\\\.)*)\""));
        QStringList sources;
        QDirIterator it(root + QStringLiteral("/core"),
                        {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll());
            for (const auto &m : marked.globalMatch(text)) {
                QString s;
                for (const auto &p : piece.globalMatch(m.captured(1)))
                    s += unescapeC(p.captured(1));
                sources << s;
            }
        }
        QVERIFY2(sources.size() > 100, qPrintable(QString::number(sources.size())));
        for (const QString &lang : {QStringLiteral("de"), QStringLiteral("fr")}) {
            const QMap<QString, QString> done
                = dataTranslations(root + QStringLiteral("/translations/jwfleet_%1.ts").arg(lang));
            for (const QString &s : sources) {
                const auto found = done.constFind(s);
                QVERIFY2(found != done.constEnd(), qPrintable(lang + QStringLiteral(": ") + s));
                QVERIFY2(placeholders(*found) == placeholders(s),
                         qPrintable(lang + QStringLiteral(": ") + *found));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestDataText)
#include "tst_datatext.moc"
