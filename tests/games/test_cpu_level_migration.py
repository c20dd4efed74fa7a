"""Games stored before the CPU had levels: the practice games were played at what is now
"normal", and say so; the games between players have no CPU level."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from accounts.models import User

BEFORE = [("games", "0009_game_names_from_the_registry")]
AFTER = [("games", "0010_game_cpu_level")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


# Transactional: migrating the schema back and forth needs the schema editor outside a
# transaction (SQLite's refuses to work inside one).
@pytest.mark.django_db(transaction=True)
def test_stored_practice_games_played_the_normal_cpu():
    try:
        Game = migrate(BEFORE).get_model("games", "Game")
        anna = User.objects.create_user(username="anna").pk
        practice = Game.objects.create(
            game="kropki", kind="practice", created_by_id=anna, snapshot=b"{}"
        ).pk
        friendly = Game.objects.create(
            game="kropki", kind="friendly", created_by_id=anna, snapshot=b"{}"
        ).pk
        Game = migrate(AFTER).get_model("games", "Game")
        assert Game.objects.get(pk=practice).cpu_level == "normal"
        assert Game.objects.get(pk=friendly).cpu_level == ""
        migrate(BEFORE)  # and back
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
