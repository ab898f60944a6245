#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Turns the rules texts (text extractions of the rules web site) into the
Markdown chapters jwfleet ships in resources/rules/ for Help > Rules Reference.

    scripts/rules-to-markdown.py RULES_DIR [OUT_DIR]

RULES_DIR holds v1.2.2-core-rules.txt and the other texts, RULINGS.md and
UNITS.md (the project's shared/rules folder). The texts have no markup: a
heading is a short Title Case line between blank lines. Chapter names (the
rulebook's top level) become '#', every other heading '##'; a few headings
inside the Traits and Actions chapters that only label a paragraph are kept as
bold text. Run again when the texts change and commit the result.
"""
import os
import re
import shutil
import sys

CHAPTERS = {
    "Jovian Wars", "Catch-All Rules", "Design Notes", "Gameplay", "Component Overview",
    "Components", "Unit Cards", "Sequence", "States", "Dice System", "Movement", "Attack",
    "Weapons", "Damage", "Action", "Assault", "Boarding", "Bombing", "Dogfight", "Ramming",
    "Repair", "Traits", "Terrain", "Fleet", "Scenarios",
}
# Lines that look like headings but only label the paragraph below them.
LABELS = {"System Trait", "PDF Version", "Rules PDF"}
SMALL = {"a", "an", "and", "or", "of", "the", "to", "in", "on", "for", "vs", "by", "with", "versus", "per"}

TEXTS = [
    ("v1.2.2-core-rules.txt", "core-rules-v1.2.2.md", "Jovian Wars Rules v1.2.2"),
    ("v1.2.3-states.txt", "states-v1.2.3.md", "States (v1.2.3)"),
    ("v1.2.4-states.txt", "states-v1.2.4.md", "States (v1.2.4)"),
    ("v1.2.4-dice-system.txt", "dice-system-v1.2.4.md", "Dice System (v1.2.4)"),
]


def is_heading(line, prev_blank, next_blank):
    s = line.strip()
    if not s or not prev_blank or not next_blank or line.startswith(" "):
        return False
    if len(s) > 48 or s[-1] in ".:;,!?\"”)" or s.startswith(("-", "*", "•", "[", "Example")):
        return False
    if s.isdigit():
        return False
    words = s.split()
    if len(words) > 7:
        return False
    for w in words:
        if w.lower() in SMALL:
            continue
        if not (w[0].isupper() or w[0].isdigit()):
            return False
    return True


def convert(text, title):
    lines = text.splitlines()
    out = []
    first = True
    for i, line in enumerate(lines):
        prev_blank = i == 0 or not lines[i - 1].strip()
        next_blank = i + 1 >= len(lines) or not lines[i + 1].strip()
        s = line.strip()
        if not first and s == title.split(" (")[0] and len(out) <= 3:
            continue  # "States" right under our "# States (v1.2.4)"
        if first and s:
            # The texts open with their title ("Rules v1.2.3"): one '#' of ours.
            out.append("# " + title)
            first = False
            continue
        label = ""
        if s.endswith("**System Trait**"):
            # "Hangers**System Trait**": the heading and its label on one line.
            s, label, line = s[: -len("**System Trait**")], "**System Trait**", s[: -len("**System Trait**")]
        if is_heading(line, prev_blank, next_blank):
            if s in LABELS:
                out.append("**" + s + "**")
            elif s in CHAPTERS or s == title:
                out.append("# " + s)
            else:
                out.append("## " + s)
            if label:
                out += ["", label]
            continue
        m = re.match(r"^\s*•\s*(.*)$", line)
        if m:
            out.append("- " + m.group(1))
            continue
        m = re.match(r"^\s+(\d+\.\s.*)$", line)
        if m:
            out.append(m.group(1))
            continue
        out.append(line.rstrip())
    # Collapse runs of blank lines.
    text = "\n".join(out)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip() + "\n"


def house_rulings(coverage_path):
    """jwfleet's house rulings from docs/rules-coverage.md: its list, and every
    table row that names one (section: what the row says)."""
    with open(coverage_path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    out = ["# jwfleet's house rulings", "",
           "Where the rules are silent or unclear, jwfleet decides; these decisions are "
           "ours, not the rulebook's (docs/rules-coverage.md lists them with the code "
           "that applies them).", ""]
    start = next(i for i, l in enumerate(lines) if l.startswith("## House rulings of the engine"))
    out += ["## The engine's house rulings", ""]
    for l in lines[start + 1:]:
        if l.startswith("## "):
            break
        out.append(l)
    out += ["", "## House rulings in the rules coverage", ""]
    chapter = ""
    for l in lines:
        if l.startswith("## "):
            chapter = l[3:].strip()
        if l.startswith("|") and "house ruling" in l.lower():
            cells = [c.strip() for c in l.strip("|").split("|")]
            if len(cells) >= 2:
                out.append("- **%s › %s**: %s" % (chapter, cells[0], cells[1]))
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip() + "\n"


def main():
    src = sys.argv[1]
    dst = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "resources", "rules")
    os.makedirs(dst, exist_ok=True)
    for name, out, title in TEXTS:
        with open(os.path.join(src, name), encoding="utf-8") as f:
            md = convert(f.read(), title)
        with open(os.path.join(dst, out), "w", encoding="utf-8") as f:
            f.write(md)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    with open(os.path.join(dst, "house-rulings.md"), "w", encoding="utf-8") as f:
        f.write(house_rulings(os.path.join(root, "docs", "rules-coverage.md")))
    for name in ("RULINGS.md", "UNITS.md"):
        shutil.copyfile(os.path.join(src, name), os.path.join(dst, name))


if __name__ == "__main__":
    main()
