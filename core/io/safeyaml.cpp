// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/safeyaml.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>

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

} // namespace

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
                                              {QString::fromStdString(e.msg)})));
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
