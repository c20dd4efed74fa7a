"""The rules pages: each game's rules for players, in the reader's language.

A game's package holds two kinds of rules. `rules.md` (and its translations) is the binding
specification the engine follows; `guide.md`, `guide.ru.md`, `guide.pl.md` tell the same
rules to players, in plain words, with the same rule numbers. The public page renders the
guide (a game without one falls back on its rules document, its markers of the project's
own choices left out) and adds what a reader needs: an anchor on every numbered rule
(`<li id="K6">`, so `/rules/<game>/#K6` links to it, its number a link to itself), a table
of contents (sections and their rules), and the drawn examples of `games.rule_examples`
right after the rule each illustrates. Pages are built once per game and language and kept
in memory.
"""

import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass
from functools import lru_cache

import markdown
from django.conf import settings
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext
from markdown.extensions import Extension
from markdown.extensions.toc import slugify_unicode
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from games import registry, rule_examples

# A numbered rule: a list item starting "K6. ", "D4. ", "Q11. ", "M14. ".
RULE_ID = re.compile(r"\s*([A-Z]\d{1,3})\.(?=\s)")
# A specification's marker of the project's own choice: `**[decision]**`,
# `**[decision: limit 80 moves]**`, a heading's `[decision]`. Players read them as the rules.
DECISION = re.compile(r"\s*(?:\*\*)?\[decision(?:[^\]]*)\](?:\*\*)?", re.S)
GUIDE = "guide"
# A rule named in running text: "as in K12", "(M9, M14, M16)".
MENTION = re.compile(r"\b([A-Z]\d{1,3})\b")
LIST_ITEM = re.compile(r"\s*(?:[-*+]|\d+[.)])\s+\S")
TABLE_ROW = re.compile(r"\s*\|")


@dataclass(frozen=True)
class Section:
    """One entry of the table of contents: a heading and the rules under it."""

    title: str
    anchor: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class RulesPage:
    game: str
    html: SafeString
    sections: tuple[Section, ...]
    rules: tuple[str, ...]
    examples: int


@dataclass(frozen=True)
class GameRules:
    """A game as the rules index lists it."""

    game: str
    summary: str
    players: str
    rules: int


def document(game: str, language: str = "en") -> str:
    """The game's rules for players (Markdown) in `language`, else in English; a game
    without a guide has its rules document instead. KeyError for an unknown game."""
    declared = registry.declaration(game)
    folder = declared.rules_dir
    base = language.split("-")[0]
    for name in (f"{GUIDE}.{base}.md", f"{GUIDE}.md"):
        guide = folder / name
        if guide.is_file():
            return guide.read_text(encoding="utf-8")
    return DECISION.sub("", declared.rules_document(language).read_text(encoding="utf-8"))


def page(game: str) -> RulesPage:
    """The game's rules page in the active language; KeyError for an unknown game."""
    registry.declaration(game)  # KeyError for an unknown game
    return _page(game, get_language() or settings.LANGUAGE_CODE)


def overview() -> list[GameRules]:
    """Every game for the rules index, in the site's order."""
    games = []
    for declared in registry.declarations():
        rules_page = page(declared.name)
        games.append(
            GameRules(
                game=declared.name,
                summary=str(declared.summary),
                players=declared.players,
                rules=len(rules_page.rules),
            )
        )
    return games


@lru_cache(maxsize=64)  # the games × a few languages
def _page(game: str, language: str) -> RulesPage:
    # Captions use the active translation; the text is the language's document.
    return render(game, document(game, language), rule_examples.figures(game))


def render(
    game: str, text: str, figures: dict[str, list[rule_examples.Figure]] | None = None
) -> RulesPage:
    """A rules document as a page; `figures` go after the rules they illustrate."""
    figures = figures or {}
    extension = _RulebookExtension(figures)
    converter = markdown.Markdown(
        extensions=["toc", "tables", "fenced_code", extension],
        # Russian and Polish headings keep their letters in their anchors.
        extension_configs={"toc": {"slugify": slugify_unicode}},
        # The documents indent nested blocks (a table in Q8, the list in M20) by two spaces.
        tab_length=2,
        output_format="html",
    )
    html = converter.convert(text)
    tree = extension.tree
    missing = sorted(set(figures) - set(tree.rules))
    if missing:
        raise ValueError(f"{game}: examples for rules the document does not have: {missing}")
    return RulesPage(
        game=game,
        html=mark_safe(html),  # our own document, and any raw HTML in it is escaped
        sections=tuple(tree.sections),
        rules=tuple(tree.rules),
        examples=sum(len(drawn) for drawn in figures.values()),
    )


def figures_html(figures: list[rule_examples.Figure]) -> SafeString:
    """A rule's examples as <figure>s, side by side."""
    return format_html(
        '<div class="rule-examples">{}</div>',
        format_html_join(
            "",
            '<figure class="rule-example">{}<figcaption><a class="rule-ref" href="#{}">{}</a>. '
            '{} <span class="example-note">{}</span></figcaption></figure>',
            (
                (figure.svg, figure.rule, figure.rule, figure.caption, figure.note)
                for figure in figures
            ),
        ),
    )


# -- Markdown extension --------------------------------------------------------------------


class _RulebookExtension(Extension):
    def __init__(self, figures: dict[str, list[rule_examples.Figure]]) -> None:
        super().__init__()
        self.figures = figures
        self.tree: _RulesTree

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        # The documents are plain Markdown: any HTML in them is shown as text.
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        # After fenced code is set aside (25), before the blocks are parsed.
        md.preprocessors.register(_CommonMarkBlocks(md), "rulebook_blocks", 15)
        # After the table of contents gave the headings their ids (5).
        self.tree = _RulesTree(md, self.figures)
        md.treeprocessors.register(self.tree, "rulebook", 4)


class _CommonMarkBlocks(Preprocessor):
    """Blank lines where CommonMark needs none but Python-Markdown does.

    The documents are written for CommonMark/GitHub: a list may start right under a
    paragraph ("...120 dots each.\\n- K14."), and a table ends where the next list item
    starts. Python-Markdown needs a blank line in both places.
    """

    def run(self, lines: list[str]) -> list[str]:
        result: list[str] = []
        in_list = False
        previous = ""
        for line in lines:
            blank = not line.strip()
            starts_item = bool(LIST_ITEM.match(line))
            if not blank and previous.strip():
                table_ends = TABLE_ROW.match(previous) and not TABLE_ROW.match(line)
                list_interrupts = starts_item and not in_list
                if table_ends or list_interrupts:
                    result.append("")
            if starts_item:
                in_list = True
            elif line.startswith("#") or (not blank and not previous.strip() and line[0] != " "):
                in_list = False
            result.append(line)
            previous = line
        return result


class _RulesTree(Treeprocessor):
    """Rule anchors, contents, examples and scrolling tables."""

    def __init__(self, md: markdown.Markdown, figures: dict[str, list[rule_examples.Figure]]):
        super().__init__(md)
        self.figures = figures
        self.sections: list[Section] = []
        self.rules: list[str] = []

    def run(self, root: etree.Element) -> None:
        # The page's own <h1> names the game; the document's title would be a second one.
        for title in root.findall("h1"):
            root.remove(title)
        self._wrap_tables(root)
        heading: tuple[str, str] | None = None
        rules: list[str] = []
        for element in root:
            if element.tag == "h2":
                self._close_section(heading, rules)
                heading, rules = (_heading_text(element), element.get("id", "")), []
            for item in element.iter("li"):
                rule = self._anchor(item)
                if rule is None:
                    continue
                if heading is None:  # rules before the first heading
                    heading = (gettext("Rules"), rule)
                rules.append(rule)
                self.rules.append(rule)
                if rule in self.figures:
                    # A stashed block in its own paragraph: Markdown puts it in place of the <p>.
                    examples = etree.SubElement(item, "p")
                    examples.text = self.md.htmlStash.store(figures_html(self.figures[rule]))
        self._close_section(heading, rules)
        self._link_mentions(root)

    def _close_section(self, heading: tuple[str, str] | None, rules: list[str]) -> None:
        if heading is not None:
            self.sections.append(Section(title=heading[0], anchor=heading[1], rules=tuple(rules)))

    def _anchor(self, item: etree.Element) -> str | None:
        """Give a numbered rule's item its id and turn the number into a link to it."""
        holder = item
        if not (item.text or "").strip() and len(item) and item[0].tag == "p":
            holder = item[0]  # a loose list item: the text is in a paragraph
        match = RULE_ID.match(holder.text or "")
        if match is None:
            return None
        rule = match.group(1)
        item.set("id", rule)
        link = etree.Element("a", {"class": "rule-id", "href": f"#{rule}"})
        link.text = rule
        link.tail = holder.text[match.end(1) :]
        holder.text = ""
        holder.insert(0, link)
        return rule

    def _link_mentions(self, root: etree.Element) -> None:
        """A rule named in the text ("as in K12") links to it."""
        known = set(self.rules)
        parents = {child: parent for parent in root.iter() for child in parent}
        for element in list(root.iter()):
            if element.tag not in ("a", "code", "pre"):
                links = _mentions(element.text, known)
                if links:
                    element.text = links[0]
                    for position, link in enumerate(links[1:]):
                        element.insert(position, link)
            parent = parents.get(element)
            if parent is not None and parent.tag not in ("a", "code", "pre"):
                links = _mentions(element.tail, known)
                if links:
                    element.tail = links[0]
                    after = list(parent).index(element) + 1
                    for position, link in enumerate(links[1:]):
                        parent.insert(after + position, link)

    @staticmethod
    def _wrap_tables(root: etree.Element) -> None:
        """Wide tables scroll on their own instead of widening the page."""
        tables = [
            (parent, child) for parent in root.iter() for child in parent if child.tag == "table"
        ]
        for parent, table in tables:
            position = list(parent).index(table)
            wrapper = etree.Element("div", {"class": "table-wrap"})
            wrapper.tail, table.tail = table.tail, None
            parent.remove(table)
            wrapper.append(table)
            parent.insert(position, wrapper)


def _mentions(text: str | None, known: set[str]) -> list:
    """The text before the first mention of a known rule, then a link per mention (the text
    up to the next one as its tail); [] when the text names none."""
    pieces = MENTION.split(text or "")
    if not any(rule in known for rule in pieces[1::2]):
        return []
    result: list = [pieces[0]]
    for rule, after in zip(pieces[1::2], pieces[2::2], strict=True):
        if rule not in known:
            # An id of no rule of this page stays text.
            if len(result) == 1:
                result[0] += rule + after
            else:
                result[-1].tail += rule + after
            continue
        link = etree.Element("a", {"class": "rule-ref", "href": f"#{rule}"})
        link.text = rule
        link.tail = after
        result.append(link)
    return result


def _heading_text(heading: etree.Element) -> str:
    """A heading's words."""
    return " ".join("".join(heading.itertext()).split())
