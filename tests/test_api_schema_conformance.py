"""The API answers as its schema says: schemathesis against /api/schema/, served in-process.

Every operation of the schema the site serves is called with generated requests,
valid and invalid, as a real player with a real token, against real games and
championships: no answer may be a 500, every status must be documented, every
body must match its documented schema, and a request the schema forbids must be
refused. (A request the schema allows may still be refused for reasons of the
game or the championship, which no schema can state, so valid requests are not
required to succeed.)
"""

import zlib
from collections.abc import Iterator

import pytest
import schemathesis
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.core.parameters import ParameterLocation

from accounts.services import api_token
from config.wsgi import application
from games import services as game_services
from tests.conftest import embedded_for_a_module, new_user
from tests.support.examples import examples
from tournaments import services as championship_services

SCHEMA = schemathesis.openapi.from_wsgi("/api/schema/", application)
# Bounded, and the same examples on every run: the module stays within half a minute or so
# of each parallel worker on a small machine, and CI fails only on what a developer can
# reproduce (`CI=true make test` draws CI's count: tests/support/examples.py). Every
# operation still gets valid and invalid requests of every parameter.
SCHEMA.config.generation.update(max_examples=examples(25))

# Generated path values are mapped onto real rows this often (1 in N stays as drawn, mostly 404).
KEEP_AS_DRAWN = 5


class World:
    """Players, games and championships for the generated requests to hit."""

    def __init__(self, make_user) -> None:
        self.alice = make_user("alice", staff=True)
        self.bob = make_user("bob")
        carol, dave = make_user("carol"), make_user("dave")
        friendly = game_services.create_game(
            creator=self.alice,
            game="kropki",
            options={"width": 10, "height": 10, "start": "empty"},
            format=None,
            opponent="bob",
        )
        game_services.accept_invitation(friendly.pk, self.bob)
        invitation = game_services.create_game(
            creator=self.bob, game="dots_and_boxes", options={}, format=None, opponent="alice"
        )
        practice = game_services.create_game(
            creator=self.alice, game="quadrotone", options={}, format=None, opponent="cpu"
        )
        quadramids = game_services.create_game(
            creator=self.alice, game="quadramids", options={}, format=None, opponent="cpu"
        )
        started = championship_services.create_championship(
            organiser=self.alice, name="Started", game="kropki"
        )
        for player in (self.alice, self.bob, carol, dave):
            championship_services.enter(started.pk, by=player)
        championship_services.start(started.pk, by=self.alice)
        open_one = championship_services.create_championship(
            organiser=self.bob, name="Open", game="dots_and_boxes"
        )
        championship_services.enter(open_one.pk, by=self.bob)
        match_game = started.stages.get().matches.first().games.first()
        self.ids = {
            "game_id": [friendly.pk, invitation.pk, practice.pk, quadramids.pk, match_game.pk],
            "championship_id": [started.pk, open_one.pk],
            "username": ["alice", "bob", "carol"],
        }
        self.tokens = [api_token(self.alice).key, api_token(self.bob).key]

    def aim(self, case) -> dict[str, str]:
        """Point the case's path at real rows (mostly), and pick whose token it carries.

        A path drawn to break the schema is left as it is: it is the point of that case.
        """
        drawn = repr(sorted((case.path_parameters or {}).items()))
        pick = zlib.crc32(drawn.encode())
        aimed = pick % KEEP_AS_DRAWN and not case.meta.is_negative_at(ParameterLocation.PATH)
        for name, known in self.ids.items():
            if aimed and name in (case.path_parameters or {}):
                case.path_parameters[name] = known[pick % len(known)]
        return {"Authorization": f"Token {self.tokens[pick % len(self.tokens)]}"}


@pytest.fixture(scope="module")
def world_of_the_module(django_db_setup, django_db_blocker) -> Iterator[World]:
    """The world, made once for the module (on each parallel worker that runs its tests) and
    committed; each test's own requests are rolled back with the test, so every operation
    meets the same world. Emptied as a transactional test leaves the database."""
    with django_db_blocker.unblock(), embedded_for_a_module():
        made = World(new_user)
    yield made
    with django_db_blocker.unblock():
        call_command("flush", verbosity=0, interactive=False, reset_sequences=False)


@pytest.fixture
def world(world_of_the_module, db, embedded) -> World:
    return world_of_the_module


@pytest.fixture
def connection_kept_between_requests():
    """The requests go straight to the WSGI handler, which closes the database connection
    around each one; the test's transaction lives on that connection (as Django's own test
    client arranges, the closing waits until the test is over)."""
    signals = (request_started, request_finished)
    for signal in signals:
        signal.disconnect(close_old_connections)
    yield
    for signal in signals:
        signal.connect(close_old_connections)


@SCHEMA.parametrize()
@settings(deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_its_schema_says(case, world, connection_kept_between_requests):
    headers = world.aim(case)
    case.call_and_validate(
        headers=headers, excluded_checks=[schemathesis.checks.positive_data_acceptance]
    )
