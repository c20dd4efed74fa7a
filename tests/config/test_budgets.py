"""Every per-client budget is a setting read from the environment, so that load tests and
benchmarks can raise it; a mistyped one stops the site at its start; the README and the
operations guide list them all."""

import json
import re

from tests.support.processes import PROJECT, bare_environment, manage

SETTINGS_TEXT = (PROJECT / "config" / "settings.py").read_text()
# Each rate's variable and the budget it sets, as config/settings.py writes them.
BUDGETS = dict(re.findall(r'"(\w+)": env_rate\("(THROTTLE_\w+)"', SETTINGS_TEXT))
COUNTS = ["PENDING_MOVES_PER_PLAYER"]
THE_KIND = {
    "moves_burst",
    "moves",
    "game_actions",
    "cpu_games",
    "invitations",
    "championship_invitations",
    "replays",
    "downloads",
    "calendars",
}


def settings_seen_with(**variables: str) -> dict:
    shown = (
        "import json; from django.conf import settings; print(json.dumps({"
        "'rates': settings.REST_FRAMEWORK['DEFAULT_THROTTLE_RATES'], "
        "'pending': settings.PENDING_MOVES_PER_PLAYER}))"
    )
    result = manage(PROJECT, bare_environment(**variables), "shell", "-c", shown)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_every_budget_is_a_setting_from_the_environment():
    assert set(BUDGETS) >= THE_KIND
    chosen = {variable: f"{n + 7}/minute" for n, variable in enumerate(BUDGETS.values())}
    seen = settings_seen_with(**chosen, PENDING_MOVES_PER_PLAYER="4")
    for scope, variable in BUDGETS.items():
        assert seen["rates"][scope] == chosen[variable], variable
    assert seen["pending"] == 4


def test_a_mistyped_budget_stops_the_site_at_its_start_naming_it():
    result = manage(PROJECT, bare_environment(THROTTLE_MOVES="ten a second"), "check")
    assert result.returncode != 0
    assert "THROTTLE_MOVES must be a number of requests per" in result.stderr
    result = manage(PROJECT, bare_environment(PENDING_MOVES_PER_PLAYER="0"), "check")
    assert result.returncode != 0
    assert "PENDING_MOVES_PER_PLAYER must be 1 or more" in result.stderr


def test_the_readme_and_the_operations_guide_list_every_budget():
    readme = (PROJECT / "README.md").read_text()
    operations = (PROJECT / "docs" / "operations.md").read_text()
    for variable in [*BUDGETS.values(), *COUNTS]:
        assert f"`{variable}`" in readme, variable
        assert f"`{variable}`" in operations, variable
