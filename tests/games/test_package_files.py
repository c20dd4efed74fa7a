"""A game's package brings its own front-end module and templates, found as an app's are."""

from pathlib import Path

from django.contrib.staticfiles import finders
from django.template.loader import get_template

from games import registry
from games.package_files import GamePackageStaticFinder


def test_every_declared_front_end_module_and_stylesheet_is_found_in_its_games_package():
    scripts = [(game, game.script) for game in registry.declarations() if game.script]
    styles = [(game, game.stylesheet) for game in registry.declarations() if game.stylesheet]
    assert scripts and styles  # some games compose moves in the browser, some style boards
    for game, path in scripts + styles:
        found = Path(finders.find(path))
        assert registry.directory(game.name) in found.parents, game.name


def test_the_rules_page_links_the_games_own_stylesheet_and_no_other(client):
    for game in registry.declarations():
        html = client.get(f"/rules/{game.name}/").content.decode()
        for other in registry.declarations():
            if other.stylesheet:
                assert (f"/static/{other.stylesheet}" in html) is (other is game), game.name


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
