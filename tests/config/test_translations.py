"""Russian and Polish: complete catalogues, compiled as written, pages and plurals right."""

import gettext
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from accounts.models import User
from tests.support.processes import PROJECT, bare_environment, project_copy

LANGUAGES = ("ru", "pl")


def catalogue(language: str) -> Path:
    return PROJECT / "locale" / language / "LC_MESSAGES" / "django.po"


def statistics(po_file: Path) -> str:
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po_file)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    return result.stderr


@pytest.fixture(scope="module")
def gettext_tools():
    if not (shutil.which("msgfmt") and shutil.which("xgettext")):
        pytest.fail("GNU gettext (msgfmt, xgettext) is needed to check the catalogues")


def test_every_string_of_the_templates_and_code_is_translated(gettext_tools, tmp_path):
    """Extract the strings afresh: any new one would show up untranslated."""
    copy = project_copy(tmp_path)
    extracted = subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "ru", "-l", "pl",
         "--ignore", "tests/*", "--ignore", "bench/*", "--no-location"],
        cwd=copy, env=bare_environment(), capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert extracted.returncode == 0, extracted.stderr
    for language in LANGUAGES:
        report = statistics(copy / "locale" / language / "LC_MESSAGES" / "django.po")
        assert "untranslated" not in report and "fuzzy" not in report, f"{language}: {report}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalogue_is_the_one_written(gettext_tools, tmp_path, language):
    fresh = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "-o", str(fresh), str(catalogue(language))], check=True)
    committed = catalogue(language).with_suffix(".mo")
    with fresh.open("rb") as new, committed.open("rb") as old:
        assert gettext.GNUTranslations(new)._catalog == gettext.GNUTranslations(old)._catalog


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ru", ["Чемпионаты", "Правила", "Войти"]),
        ("pl", ["Mistrzostwa", "Zasady", "Zaloguj"]),
    ],
)
def test_pages_speak_the_browsers_language(db, language, words):
    for path in ("/", "/rules/", "/championships/"):
        html = Client(HTTP_ACCEPT_LANGUAGE=language).get(path).content.decode()
        for word in words:
            assert word in html, f"{path} in {language} lacks {word!r}"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("ru", ["1 ход", "2 хода", "5 ходов", "21 ход"]),
        ("pl", ["1 ruch", "2 ruchy", "5 ruchów", "22 ruchy"]),
    ],
)
def test_plural_forms(language, expected):
    counts = [int(text.split()[0]) for text in expected]
    with translation.override(language):
        shown = [
            translation.ngettext("%(moves)s move", "%(moves)s moves", n) % {"moves": n}
            for n in counts
        ]
    assert shown == expected


def test_api_error_message_in_russian_keeps_its_english_code(db):
    answer = Client(HTTP_ACCEPT_LANGUAGE="ru").post(
        "/api/accounts/register/", {}, content_type="application/json"
    )
    error = answer.json()["error"]
    assert answer.status_code == 400 and error["code"] == "invalid"
    assert error["details"]["username"] == ["Обязательное поле."]


@pytest.mark.parametrize(("language", "phrase"), [("ru", "окружени"), ("pl", "otocz")])
def test_rules_pages_are_written_in_each_language_with_the_same_rule_anchors(db, language, phrase):
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get("/rules/kropki/").content.decode()
    translated = Client(HTTP_ACCEPT_LANGUAGE=language).get("/rules/kropki/").content.decode()
    assert phrase in translated and phrase not in english
    for rule in ("K1", "K6", "K13", "K16"):
        assert f'id="{rule}"' in translated
    assert translated.count("board-kropki") == english.count("board-kropki")  # the drawings


@pytest.mark.django_db
def test_refused_move_speaks_russian_and_keeps_its_english_code(embedded, after_commit, make_user):
    from tests.conftest import client_with_token

    make_user("alice"), make_user("bob")
    alice = client_with_token(User.objects.get(username="alice"))
    bob = client_with_token(User.objects.get(username="bob"))
    body = {"game": "kropki", "options": {"width": 8, "height": 8, "start": "empty"}}
    game_id = alice.post("/api/games/", {**body, "opponent": "bob"}, format="json").json()["id"]
    bob.post(f"/api/games/{game_id}/accept/")
    alice.post(f"/api/games/{game_id}/moves/?wait=5", {"seq": 1, "move": [4, 4]}, format="json")
    refused = bob.post(
        f"/api/games/{game_id}/moves/?wait=5",
        {"seq": 2, "move": [4, 4]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="ru",
    ).json()
    assert refused["status"] == "refused"
    assert refused["reason"] == {"code": "occupied", "message": "Это место занято."}
    english = bob.get(f"/api/games/{game_id}/moves/?after=1").json()[0]["reason"]
    assert english == {"code": "occupied", "message": "4-4 already holds a dot (K9)."}
    malformed = bob.post(
        f"/api/games/{game_id}/moves/", {"seq": 2, "move": "e4"}, format="json",
        HTTP_ACCEPT_LANGUAGE="pl",
    ).json()["error"]  # fmt: skip
    assert malformed["code"] == "malformed"
    assert malformed["details"]["move"] == ["To nie jest ruch w tej grze."]


@pytest.mark.parametrize(("language", "shown"), [("en", "6.25"), ("ru", "6,25"), ("pl", "6,25")])
def test_standings_numbers_are_written_the_languages_way(language, shown):
    from tournaments.views import number

    with translation.override(language):
        assert [number(2.0), number(6.25)] == ["2", shown]


@pytest.mark.parametrize(
    ("language", "navigation", "won_column", "won_game"),
    [
        ("ru", "Основная навигация", "Победы", "Победа"),
        ("pl", "Nawigacja główna", "Wygrane", "Wygrana"),
    ],
)
def test_words_with_two_meanings_are_translated_for_each(
    db, language, navigation, won_column, won_game
):
    html = Client(HTTP_ACCEPT_LANGUAGE=language).get("/").content.decode()
    assert f'aria-label="{navigation}"' in html
    with translation.override(language):
        assert translation.pgettext("standings column", "Won") == won_column
        assert translation.gettext("Won") == won_game  # a player's result in their game list
