"""The API docs' words read as written: the docs' page renders the schema's introduction and
every description as Markdown, where a bare placeholder such as <game> is taken for an HTML
tag and vanishes ("rules are at /rules//.")."""

from html.parser import HTMLParser

import markdown
import pytest

from tests.config.test_bad_input import served_schema

pytestmark = pytest.mark.django_db

# What Markdown itself makes of the schema's words; any other tag came from the text.
MARKDOWN_TAGS = {"p", "code", "pre", "em", "strong", "ul", "ol", "li", "a", "br"}


class Rendered(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.tags.add(tag)

    def handle_data(self, data) -> None:
        self.text.append(data)


def rendered(words: str) -> Rendered:
    """The words as the docs' page shows them: their Markdown's tags and text."""
    page = Rendered()
    page.feed(markdown.markdown(words))
    return page


def schema_words(node, where: str = "") -> list[tuple[str, str]]:
    """(where, words) of every description and summary in the schema."""
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("description", "summary") and isinstance(value, str):
                found.append((f"{where}/{key}", value))
            else:
                found.extend(schema_words(value, f"{where}/{key}"))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(schema_words(value, f"{where}[{index}]"))
    return found


def test_the_introduction_names_the_rules_address_with_its_placeholder(api):
    introduction = served_schema(api)["info"]["description"]
    text = "".join(rendered(introduction).text)
    assert "/rules/{game}/" in text
    assert "//" not in text.replace("://", "")


def test_no_description_loses_words_to_markdown(api):
    words = schema_words(served_schema(api))
    assert len(words) > 100  # every operation and field, not an empty schema
    for where, description in words:
        page = rendered(description)
        assert page.tags <= MARKDOWN_TAGS, (where, page.tags - MARKDOWN_TAGS, description)
        text = "".join(page.text)
        assert "//" not in text.replace("://", ""), (where, text)
