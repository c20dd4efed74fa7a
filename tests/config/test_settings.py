"""Settings come from the environment; production refuses to start half-configured."""

import secrets

import pytest

from tests.support.processes import PROJECT, bare_environment, manage

PRODUCTION = {
    "DJANGO_ENV": "production",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "championships.example.org",
    "DATABASE_URL": "postgres://nobody@127.0.0.1:1/nothing",
}


def test_deployment_check_is_clean_in_production():
    result = manage(
        PROJECT, bare_environment(**PRODUCTION), "check", "--deploy", "--fail-level", "WARNING"
    )
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS"])
def test_production_without_a_required_setting_refuses_to_start(missing):
    env = {key: value for key, value in PRODUCTION.items() if key != missing}
    result = manage(PROJECT, bare_environment(**env), "check")
    assert result.returncode != 0
    assert missing in result.stderr


def test_unreadable_boolean_setting_is_named():
    result = manage(PROJECT, bare_environment(DEBUG="maybe"), "check")
    assert result.returncode != 0
    assert "DEBUG must be one of" in result.stderr


def test_unknown_environment_name_is_refused():
    result = manage(PROJECT, bare_environment(DJANGO_ENV="staging"), "check")
    assert result.returncode != 0
    assert "DJANGO_ENV" in result.stderr
