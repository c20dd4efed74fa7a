"""A Russian or Polish reader meets no English on a game's page or its rules page: not in
what the page says, not in what it says to a screen reader (labels, titles), not in the
words its scripts show (the composer's texts, the keyboard cursor's words)."""

import json
import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from games import services
from games.engines import engine
from games.models import Game
from tests.support.replays import OPTIONS, finished_game, players_turn

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

GAMES = ["kropki", "dots_and_boxes", "quadramids", "quadrotone"]
LANGUAGES = ["ru", "pl"]

# English once found on these pages in Russian and Polish: Quadrotone's names of the
# patterns the last move scored and of its tiles' colours, Dots and Boxes' won boxes.
ENGLISH_FOUND = [
    "line of",
    "2×2 block",
    "3×3 ring",
    "chain of",
    "enclosure of",
    "diagonal of",
    "Won by the",
    "In the drawings",
    "Scored by the last move",
    "RRGG",
]
# Words a page may show in Latin letters in any language: names and notation, and the
# title of the game the tests add (tests/noughts_and_crosses), which has no translations.
NAMES = {"Kropki", "Quadrotone", "Quadramids", "JSON", "SGF", "CPU", "Home", "End", "Shift"}
NAMES |= {"Noughts", "and", "Crosses"}
# Attributes whose words are read to the player.
READ_ATTRIBUTES = {"aria-label", "title", "placeholder", "alt"}


class Words(HTMLParser):
    """The words of a page a reader meets: its text, the attributes read out, the texts its
    scripts show (data-text-* and the page's JSON of words)."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self._skipping = False
        self._json = False

    def handle_starttag(self, tag, attrs) -> None:
        for name, value in attrs:
            if value and (name in READ_ATTRIBUTES or name.startswith("data-text")):
                self.words.append(value)
        self._json = tag == "script" and ("type", "application/json") in attrs
        self._skipping = tag in ("script", "style") and not self._json

    def handle_endtag(self, tag) -> None:
        if tag in ("script", "style"):
            self._skipping = self._json = False

    def handle_data(self, data) -> None:
        if self._json:
            self.words.extend(_strings(json.loads(data)))
        elif not self._skipping and data.strip():
            self.words.append(data.strip())


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def words_of(client: Client, path: str) -> list[str]:
    response = client.get(path)
    assert response.status_code == 200, path
    page = Words()
    page.feed(response.content.decode())
    return page.words


def scored_game(player, name: str) -> Game:
    """A game under way, the player's turn, whose last move scored where the game names
    what a move scored (Quadrotone's patterns)."""
    game = services.create_game(
        creator=player, game=name, options=OPTIONS[name], format=None, opponent="cpu"
    )
    rules = engine(name)
    for _move in range(20):
        current = players_turn(game.pk, player)
        state = rules.load(bytes(current.snapshot))
        view = rules.view(state)
        if current.move_count >= 2 and view.get("last_patterns", True):
            break
        move = rules.suggest(state, "easy")
        services.submit_move(game_id=game.pk, user=player, seq=current.move_count + 1, payload=move)
    return players_turn(game.pk, player)


def english_phrases(words: list[str]) -> list[str]:
    """Runs of two or more words in Latin letters (a Russian page has none but names)."""
    runs = re.findall(r"[A-Za-z']{2,}(?:[ ,-]+[A-Za-z']{2,})+", " | ".join(words))
    return [run for run in runs if not set(re.findall(r"[A-Za-z']+", run)) <= NAMES]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_a_games_pages_show_no_english_to_a_reader_of_another_language(name, language, make_user):
    lena = make_user("lena")
    under_way = scored_game(lena, name)
    if name == "quadrotone":
        view = engine(name).view(engine(name).load(bytes(under_way.snapshot)))
        assert view["last_patterns"], "the last move scored patterns, named on the page"
    finished = finished_game(lena, name)
    reader, in_english = Client(HTTP_ACCEPT_LANGUAGE=language), Client(HTTP_ACCEPT_LANGUAGE="en")
    reader.force_login(lena)
    in_english.force_login(lena)
    for path in (f"/games/{under_way.pk}/", f"/games/{finished.pk}/", f"/rules/{name}/"):
        shown = words_of(reader, path)
        text = " | ".join(shown)
        found = [phrase for phrase in ENGLISH_FOUND if phrase in text]
        assert found == [], (path, found)
        if language == "ru":
            assert english_phrases(shown) == [], path
        else:
            # Polish is written in Latin letters: none of the English page's phrases recurs.
            english = set(english_phrases(words_of(in_english, path)))
            assert set(english_phrases(shown)) & english == set(), path
