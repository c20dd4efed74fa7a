"""A whole round told at once: every player hears of their game once, in their language,
by e-mail unless they opted out, for the same few queries whatever the size of the field."""

from collections import Counter

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Plan
from games.models import Game
from notifications import services as notices
from notifications.kinds import Kind
from notifications.models import Notification
from tests.support.swiss_of_languages import READY, swiss_of
from tournaments import services
from tournaments.models import Match
from tournaments.services import notices as championship_notices

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def organiser(make_user):
    return make_user("organiser", plan=Plan.PAID)


def round_games(championship, number: int) -> list[Game]:
    return list(Game.objects.filter(match__stage__championship=championship, match__round=number))


def test_every_player_of_a_40_player_swiss_round_gets_one_notice_in_their_language(
    organiser, make_user
):
    championship, players = swiss_of(organiser, make_user, 40)
    notices.set_email_preferences(players[7], {Kind.ROUND_STARTED.value: False})
    mail.outbox.clear()

    services.start(championship.pk, by=organiser)

    games = round_games(championship, 1)
    assert len(games) == 20
    told = Notification.objects.filter(kind=Kind.ROUND_STARTED)
    assert Counter(told.values_list("user_id", flat=True)) == {p.pk: 1 for p in players}
    for game in games:
        seated = set(game.seats.values_list("user_id", flat=True))
        for note in told.filter(user_id__in=seated):
            assert note.url == f"/games/{game.pk}/"
            opponent = (seated - {note.user_id}).pop()
            assert note.params["opponent"] == f"p{[p.pk for p in players].index(opponent)}"
    ready = {m.to[0]: m for m in mail.outbox if any(w in m.body for w in READY.values())}
    assert "p7@example.org" not in ready  # opted out of this kind by e-mail: the site only
    for n, player in enumerate(players):
        if n != 7:
            assert READY[player.language] in ready[player.email].body


def test_a_round_told_again_tells_nobody_twice(organiser, make_user):
    championship, _players = swiss_of(organiser, make_user, 12)
    services.start(championship.pk, by=organiser)
    opened = [
        (
            game,
            Match.objects.select_related("first__player", "second__player", "stage").get(
                pk=game.match_id
            ),
        )
        for game in round_games(championship, 1)
    ]
    mail.outbox.clear()

    championship_notices.round_opened(championship, opened)

    assert Notification.objects.filter(kind=Kind.ROUND_STARTED).count() == 12
    assert not mail.outbox


def test_opening_a_round_costs_as_many_queries_for_40_players_as_for_8(organiser, make_user):
    # Without addresses: the e-mails' own tasks (run here, embedded) are the worker's work.
    def queries_to_start(count: int, prefix: str) -> int:
        championship, _players = swiss_of(organiser, make_user, count, prefix=prefix, mailed=False)
        with CaptureQueriesContext(connection) as queries:
            services.start(championship.pk, by=organiser)
        assert len(round_games(championship, 1)) == count // 2
        return len(queries)

    assert queries_to_start(40, "big") == queries_to_start(8, "small")
