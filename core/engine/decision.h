// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/message.h"

#include <QJsonObject>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace jw {

// A question the rules put to a player in the middle of resolving a command:
// which flex dice to drop, whether to re-roll, which Critical Hit, which of the
// primary player's results to diminish... Options are numbered from 0; the
// default option is what the program chooses for a player who lets it (the
// CLI, the AI, the "best" preselection in the UI).
struct DecisionRequest
{
    int player = 0; // who answers
    QString kind; // stable id: "flex", "reroll", "critical", "precise-damage", ...
    // The question and one option per answer, typed (message.h): "Which flex die does Dave
    // remove?". The English (question(), options()) and the translation are derived from them.
    Message questionMessage = {};
    std::vector<Message> optionMessages = {};
    int defaultOption = 0;
    QJsonObject data; // machine-readable details (dice, options)
    // Chosen in secret and revealed together (the Boarded firefight): a hot-seat
    // screen hands the computer over before showing it.
    bool secret = false;
    // Options answered with a movement on the table (the free Movement after a
    // Dogfight, a Vector Attack's 3" moves): the answer carries the path the
    // model takes, at most `distance` long (AnswerCommand::path).
    struct PathOption
    {
        int option = 0;
        int model = -1;
        double distance = 0.0;
        friend bool operator==(const PathOption &, const PathOption &) = default;
    };
    std::vector<PathOption> paths;
    // A typed question (the way every question is made).
    [[nodiscard]] static DecisionRequest typed(int player, const QString &kind,
                                               const Message &question,
                                               std::vector<Message> options, int defaultOption = 0,
                                               QJsonObject data = {})
    {
        DecisionRequest r;
        r.player = player;
        r.kind = kind;
        r.defaultOption = defaultOption;
        r.data = std::move(data);
        r.questionMessage = question;
        r.optionMessages = std::move(options);
        return r;
    }
    [[nodiscard]] int optionCount() const { return int(optionMessages.size()); }
    [[nodiscard]] Message optionMessage(int i) const
    {
        return i >= 0 && i < optionCount() ? optionMessages[std::size_t(i)] : Message();
    }
    // The question and the options in English (play, the saved game's pending question).
    [[nodiscard]] QString question() const { return questionMessage.english(); }
    [[nodiscard]] QString option(int i) const
    {
        return i >= 0 && i < optionCount() ? optionMessages[std::size_t(i)].english() : QString();
    }
    [[nodiscard]] QStringList options() const
    {
        QStringList list;
        list.reserve(optionCount());
        for (const Message &m : optionMessages)
            list.append(m.english());
        return list;
    }
    // The question and an option in the application's language.
    [[nodiscard]] QString translatedQuestion() const { return questionMessage.translated(); }
    [[nodiscard]] QString translatedOption(int i) const
    {
        return i >= 0 && i < optionCount() ? optionMessages[std::size_t(i)].translated()
                                           : QString();
    }

    [[nodiscard]] const PathOption *pathOption(int option) const
    {
        for (const PathOption &p : paths)
            if (p.option == option)
                return &p;
        return nullptr;
    }

    friend bool operator==(const DecisionRequest &, const DecisionRequest &) = default;
};

// Thrown by Chooser::ask() when the answer is not known yet: the engine keeps
// the command, the dice rolled so far and the answers given, and waits.
struct DecisionNeeded
{
    DecisionRequest request;
};

// Rules code asks its questions through a Chooser and is written straight
// through, as the rulebook reads. The engine resolves a command again from the
// start when an answer arrives, with the same dice (the dice consumed are
// recorded) and the answers given so far, until no question is left.
class Chooser
{
public:
    Chooser() = default;
    Chooser(std::vector<int> answers, bool useDefaults,
            std::vector<std::vector<QPointF>> paths = {})
        : m_answers(std::move(answers))
        , m_paths(std::move(paths))
        , m_useDefaults(useDefaults)
    { }

    // The answer to the next question: the next recorded answer, else the
    // default (when defaults are allowed, when there is only one option, or when
    // the question is nobody's: a UIO's or a Mine's defence, player -1), else
    // throws DecisionNeeded. An answer out of range is refused the same way.
    [[nodiscard]] int ask(const DecisionRequest &request)
    {
        if (m_next < m_answers.size()) {
            const std::size_t i = m_next++;
            const int a = m_answers[i];
            if (a >= 0 && a < request.optionCount()) {
                m_used.push_back(a);
                m_lastPath = i < m_paths.size() ? m_paths[i] : std::vector<QPointF> {};
                m_pathsUsed.push_back(m_lastPath);
                return a;
            }
            throw DecisionNeeded {request};
        }
        if ((m_useDefaults || request.optionCount() <= 1 || request.player < 0)
            && !request.pathOption(request.defaultOption)) {
            m_used.push_back(request.defaultOption);
            m_lastPath.clear();
            m_pathsUsed.emplace_back();
            ++m_next;
            return request.defaultOption;
        }
        throw DecisionNeeded {request};
    }
    // ask() for a question of `optionCount` options, none answered with a path, put to
    // `player` with `defaultOption`, when it answers without the question itself (an answer
    // recorded, or the default): the same answer, recorded alike. nullopt: ask() the question
    // (built only then: a question's sentences cost more than the answer).
    [[nodiscard]] std::optional<int> answerUnasked(int optionCount, int player, int defaultOption)
    {
        if (m_next < m_answers.size()) {
            const int a = m_answers[m_next];
            if (a < 0 || a >= optionCount)
                return std::nullopt;
            m_lastPath = m_next < m_paths.size() ? m_paths[m_next] : std::vector<QPointF> {};
            ++m_next;
            m_used.push_back(a);
            m_pathsUsed.push_back(m_lastPath);
            return a;
        }
        if (m_useDefaults || optionCount <= 1 || player < 0) {
            m_used.push_back(defaultOption);
            m_lastPath.clear();
            m_pathsUsed.emplace_back();
            ++m_next;
            return defaultOption;
        }
        return std::nullopt;
    }
    // The path given with the answer ask() just returned (empty: none).
    [[nodiscard]] const std::vector<QPointF> &lastPath() const { return m_lastPath; }
    [[nodiscard]] const std::vector<int> &answersUsed() const { return m_used; }
    [[nodiscard]] const std::vector<std::vector<QPointF>> &pathsUsed() const { return m_pathsUsed; }

private:
    std::vector<int> m_answers;
    std::vector<std::vector<QPointF>> m_paths; // per answer, empty when it has none
    std::vector<QPointF> m_lastPath;
    std::vector<std::vector<QPointF>> m_pathsUsed;
    std::size_t m_next = 0;
    bool m_useDefaults = false;
    std::vector<int> m_used;
};

} // namespace jw
