"""A game's package brings its own front-end module and templates, found as an app's are."""

from pathlib import Path

from django.contrib.staticfiles import finders
from django.template.loader import get_template

from games import registry
from games.package_files import GamePackageStaticFinder


def test_every_declared_front_end_module_is_found_in_its_games_package():
    declared = [game for game in registry.declarations() if game.script]
    assert declared  # some games compose their moves in the browser
    for game in declared:
        found = Path(finders.find(game.script))
        assert registry.directory(game.name) in found.parents, game.name


def test_every_declared_panel_template_loads_from_its_games_package():
    declared = [game for game in registry.declarations() if game.panel]
    assert declared
    for game in declared:
        origin = Path(get_template(game.panel.template).origin.name)
        assert registry.directory(game.name) in origin.parents, game.name


def test_collectstatic_lists_each_games_files_under_the_games_name():
    listed = [path for path, _storage in GamePackageStaticFinder().list(ignore_patterns=[])]
    for game in registry.declarations():
        if game.script:
            assert game.script in listed
    assert all(path.split("/")[0] in registry.names() for path in listed)


def test_a_path_that_climbs_out_of_a_games_static_folder_finds_nothing():
    game = next(game for game in registry.declarations() if game.script)
    climbing = f"{game.name}/../../declaration.py"
    assert GamePackageStaticFinder().find(climbing) == []
    assert GamePackageStaticFinder().find(climbing, find_all=True) == []
