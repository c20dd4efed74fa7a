"""With no environment at all the site runs embedded: SQLite in its folder, tasks in-process."""

import json
import re

import pytest

from tests.support.processes import (
    bare_environment,
    get,
    manage,
    post_json,
    project_copy,
    running_site,
)


@pytest.fixture(scope="module")
def embedded_site(tmp_path_factory):
    folder = project_copy(tmp_path_factory.mktemp("embedded"))
    env = bare_environment()
    migrated = manage(folder, env, "migrate", "--noinput")
    assert migrated.returncode == 0, migrated.stderr
    with running_site(folder, env) as base:
        yield folder, base


def test_site_starts_with_no_environment_and_keeps_its_data_in_its_folder(embedded_site):
    folder, base = embedded_site
    status, body, _headers = get(f"{base}/healthz")
    assert status == 200
    health = json.loads(body)
    assert health["status"] == "ok"
    assert health["database"]["vendor"] == "sqlite"
    assert health["broker"]["mode"] == "eager"
    assert (folder / "db.sqlite3").is_file()


def test_embedded_site_registers_a_player(embedded_site):
    _folder, base = embedded_site
    status, body = post_json(
        f"{base}/api/accounts/register/",
        {"username": "first-player", "password": "a-long-and-unusual-passphrase"},
    )
    assert status == 201, body
    assert body["token"]


def test_embedded_site_serves_home_admin_and_api_docs_with_their_assets(embedded_site):
    _folder, base = embedded_site
    assert get(f"{base}/")[0] == 200
    assert get(f"{base}/admin/login/")[0] == 200
    status, docs, _headers = get(f"{base}/api/docs/")
    assert status == 200
    assets = re.findall(rb'(?:src|href)="(/static/[^"]+)"', docs)
    assert assets, "the docs page should load its scripts from this site, not a CDN"
    for asset in assets:
        assert get(f"{base}{asset.decode()}")[0] == 200, asset
    status, schema, _headers = get(f"{base}/api/schema/")
    assert status == 200
    assert b"/api/accounts/register/:" in schema
