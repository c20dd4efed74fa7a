"""The registry refuses a game package it cannot use, at once and naming the package."""

import pytest

from games import engines, registry

DECLARATION = """
from games.registry import GameDeclaration

GAME = GameDeclaration(name={name!r}, title="T", summary="S", player_counts=(2,){extra})
"""


def package(tmp_path, monkeypatch, folder: str, name: str, extra: str = "") -> str:
    (tmp_path / folder).mkdir()
    (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / folder / "declaration.py").write_text(DECLARATION.format(name=name, extra=extra))
    monkeypatch.syspath_prepend(str(tmp_path))
    return folder


def test_a_declaration_of_another_name_than_its_package_is_refused(tmp_path, monkeypatch):
    listed = package(tmp_path, monkeypatch, "misnamed_game", "other_game", ", drawing=str")
    before = engines.GAMES
    with pytest.raises(ValueError, match="misnamed_game: its declaration is of 'other_game'"):
        registry._declarations((listed,))
    assert before == engines.GAMES  # the games in play are left as they were


def test_a_game_without_a_drawing_is_refused_naming_its_package(tmp_path, monkeypatch):
    listed = package(tmp_path, monkeypatch, "undrawn_game", "undrawn_game")
    with pytest.raises(ValueError, match=r"undrawn_game: no drawing\.py"):
        registry._declarations((listed,))
    assert "undrawn_game" not in engines.GAMES
