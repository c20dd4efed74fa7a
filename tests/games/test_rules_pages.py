"""The rules pages: every game's document rendered with anchors, badges, contents and examples.

The Kropki examples are replayed through the real engine; each test below checks that a
drawing shows what its caption says, so a wrong example fails here.
"""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from games import registry, rule_examples, rulebook
from games.catalog import BUILT_IN, game_name
from games.catalog.dots_and_boxes import examples as dots_and_boxes_examples
from games.catalog.kropki.examples import KROPKI_EXAMPLES, KropkiExample, kropki_position
from games.catalog.quadrotone import examples as quadrotone_examples
from games.engines import engine

RULE_IDS = {
    "kropki": [f"K{n}" for n in range(1, 17)],
    "dots_and_boxes": [f"D{n}" for n in range(1, 12)],
    "quadrotone": [f"Q{n}" for n in range(1, 25)],
    "quadramids": [f"M{n}" for n in range(1, 21)],
    "noughts_and_crosses": [f"N{n}" for n in range(1, 7)],  # the tests' own (tests/settings.py)
}
TITLES = {
    "kropki": "Kropki (Dots)",
    "dots_and_boxes": "Dots and Boxes",
    "quadrotone": "Quadrotone",
    "quadramids": "Quadramids",
    "noughts_and_crosses": "Noughts and Crosses",
}
OTHER = {"b": "r", "r": "b"}
BUILT_IN_GAMES = [game_name(package) for package in BUILT_IN]
LANGUAGES = ("en", "ru", "pl")
GUIDES = {"en": "guide.md", "ru": "guide.ru.md", "pl": "guide.pl.md"}


def _text(response) -> str:
    return response.content.decode()


def _examples(rule: str) -> list[KropkiExample]:
    return [example for example in KROPKI_EXAMPLES if example.rule == rule]


def _at(view: dict, x: int, y: int) -> tuple[str, str]:
    """(dot, owner) letters of point x-y in an engine view."""
    return view["dots"][y - 1][x - 1], view["owners"][y - 1][x - 1]


def _is_captured(view: dict, x: int, y: int) -> bool:
    dot, owner = _at(view, x, y)
    return dot in OTHER and owner == OTHER[dot]


def _dots(view: dict) -> dict[str, set[tuple[int, int]]]:
    found: dict[str, set[tuple[int, int]]] = {"blue": set(), "red": set()}
    for y, row in enumerate(view["dots"], start=1):
        for x, dot in enumerate(row, start=1):
            if dot != ".":
                found["blue" if dot == "b" else "red"].add((x, y))
    return found


# -- the index ---------------------------------------------------------------------------


def test_every_game_in_play_has_its_rules_pages_checked_here():
    assert set(RULE_IDS) == set(TITLES) == set(registry.names())


def test_rules_index_lists_every_game_with_links(client):
    response = client.get(reverse("rules"))
    assert response.status_code == 200
    html = _text(response)
    for game, title in TITLES.items():
        assert title in html
        assert f'href="{reverse("rules-game", args=[game])}"' in html
    assert "2 or 4 players" in html  # Quadramids, M4


# -- every game's page -------------------------------------------------------------------


@pytest.mark.parametrize("game", list(RULE_IDS))
def test_rules_page_has_title_contents_and_rule_anchors(client, game):
    response = client.get(reverse("rules-game", args=[game]))
    assert response.status_code == 200
    html = _text(response)
    assert f"<h1>Rules of {TITLES[game]}</h1>".replace("'", "&#x27;") in html
    assert 'class="rules-toc"' in html and "Contents" in html
    for rule in RULE_IDS[game]:
        assert f'<li id="{rule}">' in html
        assert f'<a class="rule-id" href="#{rule}">{rule}</a>' in html


@pytest.mark.parametrize("game", list(RULE_IDS))
def test_contents_list_every_rule_once_under_its_section(game):
    page = rulebook.page(game)
    assert list(page.rules) == RULE_IDS[game]
    assert [rule for section in page.sections for rule in section.rules] == RULE_IDS[game]
    html = page.html
    for section in page.sections:
        assert f'id="{section.anchor}"' in html


def test_there_is_one_h1_on_a_rules_page(client):
    html = _text(client.get(reverse("rules-game", args=["quadrotone"])))
    assert html.count("<h1") == 1


def test_unknown_game_has_no_rules_page(client):
    assert client.get("/rules/chess/").status_code == 404
    with pytest.raises(KeyError):
        rulebook.page("chess")


def test_rules_page_is_built_once_and_kept():
    assert rulebook.page("kropki") is rulebook.page("kropki")


def test_documents_ship_with_the_project():
    for game in RULE_IDS:
        assert registry.declaration(game).rules_document("en").is_file()
    for game in BUILT_IN_GAMES:
        for language in LANGUAGES:
            assert (registry.directory(game) / GUIDES[language]).is_file()


# -- pages for players, in every language -------------------------------------------------

# What only the people who build the service should read: where the texts come from, and
# words about the program behind the games.
NOT_FOR_PLAYERS = re.compile(
    r"\.\./|seeds/|rules/[\w-]*\.md|rules\.(?:\w\w\.)?md|Source:|engine|implement|decision"
    r"|\[decision|catalogue file|were lost|specification|спецификац|specyfikac|движ[оеуа]к|silnik",
    re.I,
)
# A rule id as the specification numbers it ("- K6. ...").
SPEC_RULE = re.compile(r"^\s*- ([A-Z]\d{1,3})\.\s", re.M)
# A rule id cited in the service's own texts: refusals, option help, result reasons.
CITED_RULE = re.compile(r"\(([KDQM]\d{1,2})\)")
PREFIX = {"K": "kropki", "D": "dots_and_boxes", "Q": "quadrotone", "M": "quadramids"}
CYRILLIC = re.compile(r"[а-яё]", re.I)
POLISH = re.compile(r"[ąćęłńóśźż]", re.I)


def _page_in(client, game: str, language: str) -> str:
    response = client.get(reverse("rules-game", args=[game]), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return _text(response)


def _words(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def _main(html: str) -> str:
    """The page's own part: its header, its rules and its drawings."""
    return html[html.index('<div class="rules-page">') : html.index('<nav class="rules-others"')]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", BUILT_IN_GAMES)
def test_rules_page_speaks_to_players_with_no_repository_path_or_implementer_word(
    client, game, language
):
    main = _main(_page_in(client, game, language))
    # What the reader sees: the words, the drawings' labels and where the links go.
    seen = [_words(main), *re.findall(r'(?:aria-label|href|title)="([^"]*)"', main)]
    found = NOT_FOR_PLAYERS.findall("\n".join(seen))
    assert not found, f"{game} ({language}): {found}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", BUILT_IN_GAMES)
def test_rules_page_is_in_the_reader_s_language(client, game, language):
    text = rulebook.document(game, language)
    assert text == (registry.directory(game) / GUIDES[language]).read_text(encoding="utf-8")
    article = _main(_page_in(client, game, language))
    article = article[article.index('<article class="rules-text">') :]
    words = _words(article)
    if language == "ru":
        assert len(CYRILLIC.findall(words)) > len(re.findall(r"[a-z]", words))
    elif language == "pl":
        assert len(POLISH.findall(words)) > 50 and not CYRILLIC.search(words)
    else:
        assert not CYRILLIC.search(words) and not POLISH.search(words)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", BUILT_IN_GAMES)
def test_every_rule_of_the_specification_is_an_anchor_of_the_players_page(client, game, language):
    spec = registry.declaration(game).rules_document("en").read_text(encoding="utf-8")
    html = _page_in(client, game, language)
    rules = SPEC_RULE.findall(spec)
    assert rules == RULE_IDS[game]
    for rule in rules:
        assert f'<li id="{rule}">' in html, f"{game} ({language}) lacks the anchor {rule}"
        assert f'href="#{rule}"' in html


def _cited_rules() -> set[str]:
    """The rule ids the service's own texts cite, by the ids' letter."""
    root = registry.directory("kropki").parents[2]
    cited: set[str] = set()
    for folder in ("games", "templates", "tournaments", "live", "accounts"):
        for path in (root / folder).rglob("*"):
            if path.suffix in (".py", ".html", ".js") and "engine" not in path.parts:
                cited.update(CITED_RULE.findall(path.read_text(encoding="utf-8")))
    return cited


def test_every_rule_the_service_cites_is_an_anchor_on_its_game_s_page(client):
    cited = _cited_rules()
    assert {"K9", "D2", "Q9", "M5"} <= cited  # refusals of each game
    for language in LANGUAGES:
        pages = {game: _page_in(client, game, language) for game in PREFIX.values()}
        for rule in sorted(cited):
            assert f'<li id="{rule}">' in pages[PREFIX[rule[0]]], f"{rule} ({language})"


def test_each_game_has_its_own_legend_on_its_page(client):
    legends = {game: str(registry.declaration(game).examples_legend) for game in BUILT_IN_GAMES}
    assert all(legends.values())
    assert len(set(legends.values())) == len(legends)
    words = {
        "kropki": "dots",
        "dots_and_boxes": "box",
        "quadrotone": "pattern",
        "quadramids": "cells",
    }
    for game, legend in legends.items():
        assert words[game] in legend
        main = _main(_page_in(client, game, "en"))
        assert f'<p id="board-help" class="rules-legend muted">{escape(legend)}</p>' in main
        for other, other_legend in legends.items():
            if other != game:
                assert escape(other_legend) not in main
    assert "players' dots" not in legends["dots_and_boxes"] + legends["quadramids"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_index_speaks_to_players(client, language):
    html = _text(client.get(reverse("rules"), HTTP_ACCEPT_LANGUAGE=language))
    index = _words(html[html.index('<div class="rules-index">') :])
    assert not NOT_FOR_PLAYERS.findall(index) and "binding" not in index


# -- Markdown details ------------------------------------------------------------------------


def test_Q8_table_stays_inside_its_rule_and_Q9_is_the_next_rule():
    html = rulebook.page("quadrotone").html
    q8 = html.index('<li id="Q8">')
    q9 = html.index('<li id="Q9">')
    assert q8 < html.index("<table>") < html.index("</table>") < q9
    assert "- Q9." not in html


def test_list_right_under_a_paragraph_is_a_list():
    # K14 follows "A *move* here is one dot..." without a blank line (CommonMark style).
    html = rulebook.page("kropki").html
    assert '<li id="K14">' in html
    assert "- K15." not in html
    assert '<li id="Q10">' in rulebook.page("quadrotone").html


def test_M20_end_conditions_are_a_nested_list():
    html = rulebook.page("quadramids").html
    m20 = html[html.index('<li id="M20">') :]
    assert re.search(r"ends:</p>\s*<ul>\s*<li>when the move limit is reached", m20)


def test_raw_html_in_a_document_is_shown_as_text():
    page = rulebook.render("test", 'Hi <script>alert(1)</script>\n\n<div onclick="x">x</div>\n')
    assert "<script>" not in page.html and "<div" not in page.html
    assert "&lt;script&gt;" in page.html


def test_rule_id_anchor_works_in_loose_list_items():
    page = rulebook.render("test", "- X1. first\n\n- X2. second\n")
    assert '<li id="X1">' in page.html and '<li id="X2">' in page.html


def test_a_rule_named_in_the_text_links_to_it_and_an_unknown_id_stays_text():
    page = rulebook.render("test", "- X1. first, see X2 and Y7.\n- X2. as in X1 (X1, X2).\n")
    assert 'see <a class="rule-ref" href="#X2">X2</a> and Y7.' in page.html
    assert (
        '(<a class="rule-ref" href="#X1">X1</a>, <a class="rule-ref" href="#X2">X2</a>)'
        in page.html
    )
    assert 'href="#Y7"' not in page.html
    assert '<a class="rule-id" href="#X1">X1</a>' in page.html  # the rule's own number


def test_a_game_without_a_guide_shows_its_rules_without_the_specification_markers():
    # The tests' own game has only its rules document.
    text = rulebook.document("noughts_and_crosses")
    assert "[decision" not in text
    assert '<li id="N1">' in rulebook.page("noughts_and_crosses").html


def test_an_example_for_a_rule_the_document_lacks_is_refused():
    figure = rule_examples.Figure(rule="X9", caption="c", svg="<svg></svg>")
    with pytest.raises(ValueError, match="X9"):
        rulebook.render("test", "- X1. only rule\n", {"X9": [figure]})


# -- examples on the pages --------------------------------------------------------------------


def test_kropki_page_shows_each_example_figure_right_after_its_rule(client):
    html = _text(client.get(reverse("rules-game", args=["kropki"])))
    assert html.count('<figure class="rule-example">') == len(KROPKI_EXAMPLES)
    for rule in {example.rule for example in KROPKI_EXAMPLES}:
        start = html.index(f'<li id="{rule}">')
        end = html.index("</li>", html.index('<div class="rule-examples">', start))
        item = html[start:end]
        assert item.count("<figure") == len(_examples(rule))
        assert item.count(f'<figcaption><a class="rule-ref" href="#{rule}">{rule}</a>') == len(
            _examples(rule)
        )
        assert '<li id="' not in item[1:]  # nothing of another rule in between
    assert 'id="board-help"' in html  # the drawings' aria-describedby target


def test_example_drawings_are_labelled_images():
    figures = rule_examples.figures("kropki")["K6"]
    svg = str(figures[0].svg)
    assert 'role="img"' in svg
    assert 'aria-label="Example for K6: 6×6 board.' in svg
    assert "Captured: 3-3. Score 1:0." in svg
    assert figures[0].note == "Score 1:0 (blue:red)."


# A game may come without drawn examples (the tests' own has none); the built-in ones have some.
@pytest.mark.parametrize("game", [game_name(package) for package in BUILT_IN])
def test_every_built_in_game_rules_page_has_drawings(client, game):
    assert rule_examples.figures(game)
    html = _text(client.get(reverse("rules-game", args=[game])))
    assert "<figure" in html


def test_every_registered_game_has_an_engine():
    for game in registry.names():
        assert engine(game).name == game


# -- what each Kropki example shows -------------------------------------------------------


def test_K3_example_is_the_starting_cross_with_blue_to_move():
    (example,) = _examples("K3")
    view, score = kropki_position(example)
    assert _dots(view) == {"blue": {(3, 3), (4, 4)}, "red": {(4, 3), (3, 4)}}
    assert view["moves"] == 0
    assert score == {"blue": 0, "red": 0}


def test_K6_example_blue_captures_the_red_dot_score_1_0():
    (example,) = _examples("K6")
    view, score = kropki_position(example)
    assert score == {"blue": 1, "red": 0}
    assert _at(view, 3, 3) == ("r", "b")
    assert view["last"] == [3, 4]


def test_K7_empty_contour_makes_no_territory():
    empty, _filled = _examples("K7")
    view, score = kropki_position(empty)
    assert score == {"blue": 0, "red": 0}
    assert _at(view, 3, 3) == (".", ".")
    assert all(owner == "." for row in view["owners"] for owner in row)


def test_K7_dot_put_into_an_enemy_empty_contour_is_captured():
    _empty, filled = _examples("K7")
    view, score = kropki_position(filled)
    assert view["last"] == [3, 3]
    assert _is_captured(view, 3, 3)
    assert score == {"blue": 1, "red": 0}


def test_K8_larger_red_contour_takes_blue_contour_and_its_territory():
    before, after = _examples("K8")
    view, score = kropki_position(before)
    assert score == {"blue": 1, "red": 0}
    assert _at(view, 4, 4) == ("r", "b")
    view, score = kropki_position(after)
    assert score == {"blue": 0, "red": 4}
    for x, y in [(4, 3), (3, 4), (5, 4), (4, 5)]:
        assert _at(view, x, y) == ("b", "r")
    assert _at(view, 4, 4) == ("r", "r")  # blue's territory is now red's


def test_K10_border_dot_surrounded_on_every_side_is_not_captured():
    (example,) = _examples("K10")
    view, score = kropki_position(example)
    assert _at(view, 3, 1) == ("b", ".")
    assert score == {"blue": 0, "red": 0}


def test_K13_contour_linked_to_the_edge_only_diagonally_is_not_secured():
    diagonal, _orthogonal = _examples("K13")
    view, score = kropki_position(diagonal)
    assert score == {"blue": 1, "red": 0}
    assert view["secured"] is False


def test_K13_contour_touching_the_edge_orthogonally_secures_the_lead_and_ends_the_game():
    _diagonal, orthogonal = _examples("K13")
    rules = engine("kropki")
    state = rules.new(orthogonal.game_options())
    for move in orthogonal.moves:
        state, _step = rules.apply(state, list(move), record=True)
    assert rules.view(state)["secured"] is True
    result = rules.result(state)
    assert (result.over, result.winner, result.reason) == (True, "blue", "secured_lead")


@pytest.mark.parametrize("example", KROPKI_EXAMPLES, ids=lambda e: e.rule)
def test_every_kropki_example_claim_holds(example):
    view, score = kropki_position(example)
    assert (score["blue"], score["red"]) == example.score
    for x, y in example.captured:
        assert _is_captured(view, x, y), f"{x}-{y} should be captured"
    for x, y in example.free:
        assert _at(view, x, y) == (".", "."), f"{x}-{y} should be free"
    for colour, points in (example.territory or {}).items():
        for x, y in points:
            assert _at(view, x, y)[1] == colour[0], f"{x}-{y} should be {colour}'s"
    if example.dots is not None:
        assert _dots(view) == {colour: set(points) for colour, points in example.dots.items()}
    if example.secured is not None:
        assert view["secured"] is example.secured


# -- what each Dots and Boxes example shows -----------------------------------------------


def test_D3_example_one_line_completes_two_boxes():
    (example,) = [e for e in dots_and_boxes_examples.DOTS_AND_BOXES_EXAMPLES if e.rule == "D3"]
    view, score, to_move = dots_and_boxes_examples.dots_and_boxes_position(example)
    seats = ("first", "second")
    assert score == {"first": 2, "second": 0} == dict(zip(seats, example.score, strict=True))
    assert view["boxes"] == ["ff"] and to_move is example.to_move is None


def test_D4_example_the_box_taker_draws_again_before_the_turn_passes():
    (example,) = [e for e in dots_and_boxes_examples.DOTS_AND_BOXES_EXAMPLES if e.rule == "D4"]
    view, score, to_move = dots_and_boxes_examples.dots_and_boxes_position(example)
    assert score == {"first": 0, "second": 1} and view["boxes"][0][0] == "s"
    assert view["h"][0][1] == "s"  # the second player's extra line after taking the box
    assert to_move == example.to_move == "first"


def test_dots_and_boxes_rules_page_shows_its_examples_after_their_rules(client):
    html = _text(client.get(reverse("rules-game", args=["dots_and_boxes"])))
    assert html.count("board-dots-and-boxes") == 2
    assert html.index('id="D3"') < html.index("board-dots-and-boxes") < html.index('id="D5"')
    assert "Score 2:0 (first, blue : second, red)." in html  # the drawing's seats and colours
    assert 'id="D11"' in html  # the stand-in's limits


# -- the Quadrotone catalogue, drawn ---------------------------------------------------------


def test_quadrotone_rules_page_draws_every_catalogue_pattern_with_its_points(client):
    from games.catalog.quadrotone.engine.catalogue import load_catalogue

    catalogue = load_catalogue(None)
    html = _text(client.get(reverse("rules-game", args=["quadrotone"])))
    patterns = (*catalogue.one_colour, *catalogue.two_colour)
    drawings = sum(len(pattern.orientations(rotations=True)) for pattern in patterns)
    assert html.count('class="pattern-drawing"') == drawings
    for pattern in patterns:
        assert f"{pattern.name}: {pattern.points} points" in html
    one_colour = html.index('id="Q10"')
    assert one_colour < html.index("pattern-drawing") < html.index('id="Q11"')


def test_Q14_every_pattern_that_looks_different_turned_opens_on_its_turned_versions():
    from games.catalog.quadrotone.engine.catalogue import load_catalogue

    catalogue = load_catalogue(None)
    drawn = quadrotone_examples.figures()
    for pattern, figure in zip((*catalogue.one_colour, *catalogue.two_colour), drawn, strict=True):
        svg = str(figure.svg)
        turns = len(pattern.orientations(rotations=True)) - 1
        if turns:
            assert svg.startswith('<details class="pattern-turns"><summary><svg')
            turned = svg[svg.index('<span class="pattern-turned">') :]
            assert turned.count('class="pattern-turn"') == turns, pattern.name
            assert "turned 90° clockwise" in turned
            assert figure.note == "Click the pattern to see it turned."
        else:
            assert "<details" not in svg and figure.note == "It looks the same turned."
    names = {
        pattern.key: len(pattern.orientations(rotations=True)) for pattern in catalogue.one_colour
    }
    assert (names["line4"], names["l"], names["block2"]) == (2, 4, 1)


def test_Q10_catalogue_drawing_has_one_square_per_shape_square():
    from games.catalog.quadrotone.engine.catalogue import load_catalogue

    cross = next(p for p in load_catalogue(None).one_colour if p.points == 250)
    figure = next(f for f in quadrotone_examples.figures() if str(cross.points) in f.caption)
    assert str(figure.svg).count("<rect") == len(cross.shape.squares) == 9
