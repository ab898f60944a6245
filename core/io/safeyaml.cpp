// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/safeyaml.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>

#include <sstream>
#include <string>

namespace jw::io {

namespace {

// Stops the pre-pass at the first thing the limits refuse.
struct Refusal
{
    YAML::Mark mark;
    DataText message;
};

// Walks the parser's events once, before any tree is built: counts nodes,
// tracks depth and refuses anchors and aliases where they are written.
class Guard final : public YAML::EventHandler
{
public:
    explicit Guard(const YamlLimits &limits)
        : m_limits(limits)
    { }

    void OnDocumentStart(const YAML::Mark &) override { }
    void OnDocumentEnd() override { }
    void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override { node(mark, anchor); }
    void OnAlias(const YAML::Mark &mark, YAML::anchor_t) override
    {
        throw Refusal {
            mark,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                           "aliases (*name) are not accepted: write the value "
                                           "out in full"))};
    }
    void OnScalar(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                  const std::string &) override
    {
        node(mark, anchor);
    }
    void OnSequenceStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override
    {
        open(mark, anchor);
    }
    void OnSequenceEnd() override { --m_depth; }
    void OnMapStart(const YAML::Mark &mark, const std::string &, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override
    {
        open(mark, anchor);
    }
    void OnMapEnd() override { --m_depth; }
    void OnAnchor(const YAML::Mark &mark, const std::string &) override { anchor(mark); }

private:
    void anchor(const YAML::Mark &mark)
    {
        throw Refusal {
            mark,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                           "anchors (&name) are not accepted: write the value "
                                           "out in full"))};
    }
    void node(const YAML::Mark &mark, YAML::anchor_t anchorId)
    {
        if (anchorId != YAML::NullAnchor)
            anchor(mark);
        if (++m_nodes > m_limits.maxNodes) {
            throw Refusal {
                mark,
                DataText::of(
                    QT_TRANSLATE_NOOP("jw::Data", "too many values: more than %1 in one file"),
                    {m_limits.maxNodes})};
        }
    }
    void open(const YAML::Mark &mark, YAML::anchor_t anchorId)
    {
        node(mark, anchorId);
        if (++m_depth > m_limits.maxDepth) {
            throw Refusal {mark,
                           DataText::of(QT_TRANSLATE_NOOP("jw::Data",
                                                          "nested too deeply: more than %1 levels"),
                                        {m_limits.maxDepth})};
        }
    }

    const YamlLimits &m_limits;
    int m_nodes = 0;
    int m_depth = 0;
};

// The yaml-cpp parser's messages that a file written by hand runs into, as sentences to
// translate. The English is the library's own text: an entry is used only when its template
// writes the library's message exactly (another version of the library may word it
// otherwise: then its text is shown as it is, in English).
struct ParserMessage
{
    const char *library;
    const char *source;
};
const ParserMessage kParserMessages[] = {
    {YAML::ErrorMsg::END_OF_MAP, QT_TRANSLATE_NOOP("jw::Data", "end of map not found")},
    {YAML::ErrorMsg::END_OF_MAP_FLOW, QT_TRANSLATE_NOOP("jw::Data", "end of map flow not found")},
    {YAML::ErrorMsg::END_OF_SEQ, QT_TRANSLATE_NOOP("jw::Data", "end of sequence not found")},
    {YAML::ErrorMsg::END_OF_SEQ_FLOW,
     QT_TRANSLATE_NOOP("jw::Data", "end of sequence flow not found")},
    {YAML::ErrorMsg::MAP_KEY, QT_TRANSLATE_NOOP("jw::Data", "illegal map key")},
    {YAML::ErrorMsg::MAP_VALUE, QT_TRANSLATE_NOOP("jw::Data", "illegal map value")},
    {YAML::ErrorMsg::BLOCK_ENTRY, QT_TRANSLATE_NOOP("jw::Data", "illegal block entry")},
    {YAML::ErrorMsg::FLOW_END, QT_TRANSLATE_NOOP("jw::Data", "illegal flow end")},
    {YAML::ErrorMsg::TAB_IN_INDENTATION,
     QT_TRANSLATE_NOOP("jw::Data", "illegal tab when looking for indentation")},
    {YAML::ErrorMsg::UNKNOWN_TOKEN, QT_TRANSLATE_NOOP("jw::Data", "unknown token")},
    {YAML::ErrorMsg::DOC_IN_SCALAR,
     QT_TRANSLATE_NOOP("jw::Data", "illegal document indicator in scalar")},
    {YAML::ErrorMsg::EOF_IN_SCALAR, QT_TRANSLATE_NOOP("jw::Data", "illegal EOF in scalar")},
    {YAML::ErrorMsg::CHAR_IN_SCALAR, QT_TRANSLATE_NOOP("jw::Data", "illegal character in scalar")},
    {YAML::ErrorMsg::SINGLE_QUOTED_CHAR,
     QT_TRANSLATE_NOOP("jw::Data", "invalid character in single-quoted string")},
    {YAML::ErrorMsg::INVALID_HEX,
     QT_TRANSLATE_NOOP("jw::Data", "bad character found while scanning hex number")},
    {YAML::ErrorMsg::ZERO_INDENT_IN_BLOCK,
     QT_TRANSLATE_NOOP("jw::Data", "cannot set zero indentation for a block scalar")},
    {YAML::ErrorMsg::CHAR_IN_BLOCK,
     QT_TRANSLATE_NOOP("jw::Data", "unexpected character in block scalar")},
    {YAML::ErrorMsg::ALIAS_NOT_FOUND, QT_TRANSLATE_NOOP("jw::Data", "alias not found after *")},
    {YAML::ErrorMsg::ANCHOR_NOT_FOUND, QT_TRANSLATE_NOOP("jw::Data", "anchor not found after &")},
    {YAML::ErrorMsg::CHAR_IN_ALIAS,
     QT_TRANSLATE_NOOP("jw::Data", "illegal character found while scanning alias")},
    {YAML::ErrorMsg::CHAR_IN_ANCHOR,
     QT_TRANSLATE_NOOP("jw::Data", "illegal character found while scanning anchor")},
    {YAML::ErrorMsg::UNKNOWN_ANCHOR,
     QT_TRANSLATE_NOOP("jw::Data", "the referenced anchor is not defined")},
    {YAML::ErrorMsg::MULTIPLE_TAGS,
     QT_TRANSLATE_NOOP("jw::Data", "cannot assign multiple tags to the same node")},
    {YAML::ErrorMsg::MULTIPLE_ANCHORS,
     QT_TRANSLATE_NOOP("jw::Data", "cannot assign multiple anchors to the same node")},
    {YAML::ErrorMsg::MULTIPLE_ALIASES,
     QT_TRANSLATE_NOOP("jw::Data", "cannot assign multiple aliases to the same node")},
    {YAML::ErrorMsg::CHAR_IN_TAG_HANDLE,
     QT_TRANSLATE_NOOP("jw::Data", "illegal character found while scanning tag handle")},
    {YAML::ErrorMsg::TAG_WITH_NO_SUFFIX,
     QT_TRANSLATE_NOOP("jw::Data", "tag handle with no suffix")},
    {YAML::ErrorMsg::END_OF_VERBATIM_TAG,
     QT_TRANSLATE_NOOP("jw::Data", "end of verbatim tag not found")},
    {YAML::ErrorMsg::YAML_DIRECTIVE_ARGS,
     QT_TRANSLATE_NOOP("jw::Data", "YAML directives must have exactly one argument")},
    {YAML::ErrorMsg::YAML_MAJOR_VERSION,
     QT_TRANSLATE_NOOP("jw::Data", "YAML major version too large")},
    {YAML::ErrorMsg::REPEATED_YAML_DIRECTIVE,
     QT_TRANSLATE_NOOP("jw::Data", "repeated YAML directive")},
    {YAML::ErrorMsg::TAG_DIRECTIVE_ARGS,
     QT_TRANSLATE_NOOP("jw::Data", "TAG directives must have exactly two arguments")},
    {YAML::ErrorMsg::REPEATED_TAG_DIRECTIVE,
     QT_TRANSLATE_NOOP("jw::Data", "repeated TAG directive")},
};
// The same for the messages the library follows with a detail (the escape character...): the
// template's "%1" is the detail.
const ParserMessage kParserPrefixes[] = {
    {YAML::ErrorMsg::INVALID_ESCAPE, QT_TRANSLATE_NOOP("jw::Data", "unknown escape character: %1")},
    {YAML::ErrorMsg::INVALID_UNICODE, QT_TRANSLATE_NOOP("jw::Data", "invalid unicode: %1")},
    {YAML::ErrorMsg::YAML_VERSION, QT_TRANSLATE_NOOP("jw::Data", "bad YAML version: %1")},
};

} // namespace

DataText yamlParserMessage(const std::string &message)
{
    const QString text = QString::fromStdString(message);
    for (const ParserMessage &m : kParserMessages)
        if (message == m.library && text == QLatin1String(m.source))
            return DataText::of(m.source);
    for (const ParserMessage &m : kParserPrefixes) {
        const QString prefix = QString::fromLatin1(m.library);
        if (text.startsWith(prefix)
            && QString::fromLatin1(m.source) == prefix + QLatin1String("%1"))
            return DataText::of(m.source, {text.mid(prefix.size())});
    }
    return DataText(text);
}

DataIssue issueAt(const QString &file, const YAML::Mark &mark, const DataText &message)
{
    return DataIssue::make(file, mark.is_null() ? 0 : mark.line + 1,
                           mark.is_null() ? 0 : mark.column + 1, message);
}

std::optional<YAML::Node> loadYaml(const QByteArray &yaml, const QString &file,
                                   std::vector<DataIssue> &issues, const YamlLimits &limits)
{
    if (yaml.size() > limits.maxBytes) {
        issues.push_back(issueAt(
            file, YAML::Mark::null_mark(),
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the file is too big: %1 bytes, at most %2"),
                         {yaml.size(), limits.maxBytes})));
        return std::nullopt;
    }
    const std::string text = yaml.toStdString();
    YAML::Node root;
    try {
        {
            std::istringstream in(text);
            YAML::Parser parser(in);
            Guard guard(limits);
            parser.HandleNextDocument(guard);
        }
        root = YAML::Load(text);
    } catch (const Refusal &r) {
        issues.push_back(issueAt(file, r.mark, r.message));
        return std::nullopt;
    } catch (const YAML::DeepRecursion &e) {
        issues.push_back(issueAt(
            file, e.mark,
            DataText::of(QT_TRANSLATE_NOOP("jw::Data", "nested too deeply: more than %1 levels"),
                         {limits.maxDepth})));
        return std::nullopt;
    } catch (const YAML::Exception &e) {
        issues.push_back(issueAt(file, e.mark,
                                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "not valid YAML: %1"),
                                              {yamlParserMessage(e.msg)})));
        return std::nullopt;
    } catch (const std::exception &e) {
        issues.push_back(
            issueAt(file, YAML::Mark::null_mark(),
                    DataText::of(QT_TRANSLATE_NOOP("jw::Data", "cannot read the YAML: %1"),
                                 {QString::fromLocal8Bit(e.what())})));
        return std::nullopt;
    }
    if (!root.IsDefined() || root.IsNull()) {
        issues.push_back(issueAt(file, YAML::Mark::null_mark(),
                                 DataText::of(QT_TRANSLATE_NOOP("jw::Data", "the file is empty"))));
        return std::nullopt;
    }
    return root;
}

} // namespace jw::io
