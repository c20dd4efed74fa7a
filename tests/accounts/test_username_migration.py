"""Accounts made before names had a canonical form get one when the database migrates."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("accounts", "0002_account_language")]

# Transactional: migrating the schema back and forth needs the schema editor outside a
# transaction (SQLite's refuses to work inside one).
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def old_users():
    """The User model as it was before the canonical name; the database migrated back to it."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    yield executor.loader.project_state(BEFORE).apps.get_model("accounts", "User")
    MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())


def migrate_forward() -> None:
    # To the newest migrations: the tests then read accounts with today's model.
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_existing_accounts_get_their_canonical_name(old_users):
    old_users.objects.create(username="Ärger", password="!")
    old_users.objects.create(username="bob", password="!")
    migrate_forward()
    from accounts.models import User

    assert User.objects.named("ÄRGER").get().username == "Ärger"
    assert User.objects.named("ＢＯＢ").get().username == "bob"


def test_migrating_stops_and_names_accounts_whose_names_read_the_same(old_users):
    old_users.objects.create(username="strasse", password="!")
    old_users.objects.create(username="Straße", password="!")
    with pytest.raises(RuntimeError, match="'strasse' and 'Straße'"):
        migrate_forward()
    old_users.objects.filter(username="Straße").update(username="Strasse-2")
    migrate_forward()
    from accounts.models import User

    assert User.objects.count() == 2
