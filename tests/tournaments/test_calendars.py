"""The calendars: a championship's schedule and a player's private calendar of their games."""

from datetime import UTC, datetime, timedelta, timezone

import icalendar
import pytest
from django.db.models import Q
from django.test import Client
from django.urls import reverse
from django.utils import timezone as django_timezone

from accounts.models import Plan
from games import services as game_services
from games.models import Game
from tests.conftest import TEST_PASSWORD, client_with_token
from tests.support.championships import small_championship as championship_of
from tournaments import calendars, services
from tournaments.models import CalendarFeed, Championship, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

OPENED = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DEADLINE = OPENED + timedelta(days=7)


@pytest.fixture
def organiser(make_user):
    return make_user("olga", plan=Plan.PAID)


def entered(championship, make_user, count, prefix="player") -> list:
    players = [make_user(f"{prefix}{n}") for n in range(count)]
    for player in players:
        services.enter(championship.pk, by=player)
    return players


def open_rounds(championship, opened=OPENED, deadline=DEADLINE) -> None:
    """The rounds that have just opened (now, by the clock) are given these times instead,
    so the calendar's events are known in advance; rounds given times before keep them."""
    Match.objects.filter(
        stage__championship=championship,
        status=Match.Status.PLAYING,
        opened_at__gte=django_timezone.now() - timedelta(minutes=5),
    ).update(opened_at=opened, deadline=deadline)


def decide_every_game(championship) -> None:
    """The second seat of every game in play resigns (the next round may open)."""
    for game in Game.objects.filter(
        match__stage__championship=championship, status=Game.Status.ACTIVE
    ):
        loser = game.seats.order_by("order")[1].user
        game_services.resign(game.pk, loser)


def parsed(answer) -> icalendar.Calendar:
    assert answer.status_code == 200, answer.content
    assert answer["Content-Type"] == "text/calendar; charset=utf-8"
    return icalendar.Calendar.from_ical(answer.content)


def events(document: icalendar.Calendar) -> dict[str, icalendar.Event]:
    return {str(event["summary"]): event for event in document.walk("VEVENT")}


def times(event: icalendar.Event) -> tuple[datetime, datetime]:
    start, end = event.decoded("dtstart"), event.decoded("dtend")
    assert start.utcoffset() == timedelta(0) and end.utcoffset() == timedelta(0)
    return start, end


def calendar_url(championship) -> str:
    return reverse("championship-calendar", args=[championship.pk])


def logged_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=TEST_PASSWORD)
    return client


# -- the iCalendar text ------------------------------------------------------------------


def test_an_ics_document_writes_every_time_in_utc_with_a_uid_and_a_stamp():
    warsaw_summer = timezone(timedelta(hours=2))
    stamp = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
    text = calendars.ics(
        "Cup",
        [
            calendars.Event(
                uid="round@example.org",
                summary="Round 1",
                start=datetime(2026, 5, 4, 10, 0, tzinfo=warsaw_summer),
                end=datetime(2026, 5, 11, 10, 0, tzinfo=warsaw_summer),
                url="https://example.org/championships/1/",
            ),
            calendars.Event(uid="start@example.org", summary="Start", start=stamp),
        ],
        stamp=stamp,
    )
    assert b"DTSTART:20260504T080000Z" in text
    document = icalendar.Calendar.from_ical(text)
    assert str(document["x-wr-calname"]) == "Cup"
    assert b"REFRESH-INTERVAL;VALUE=DURATION:PT1H" in text and b"X-PUBLISHED-TTL:PT1H" in text
    found = events(document)
    assert list(found) == ["Start", "Round 1"]  # in the order they happen
    start, end = times(found["Round 1"])
    assert (start, end) == (
        datetime(2026, 5, 4, 8, 0, tzinfo=UTC),
        datetime(2026, 5, 11, 8, 0, tzinfo=UTC),
    )
    assert str(found["Round 1"]["uid"]) == "round@example.org"
    assert found["Round 1"].decoded("dtstamp") == stamp
    assert str(found["Round 1"]["url"]) == "https://example.org/championships/1/"
    assert times(found["Start"]) == (stamp, stamp)  # a moment, not a stretch of time


def test_a_time_without_a_time_zone_is_refused():
    with pytest.raises(ValueError, match="time zone"):
        calendars.ics(
            "Cup",
            [calendars.Event(uid="x@y", summary="x", start=datetime(2026, 5, 4, 10))],
            stamp=datetime(2026, 5, 1, tzinfo=UTC),
        )


# -- a championship's schedule -----------------------------------------------------------


def test_the_championship_calendar_holds_its_start_the_close_of_entries_and_each_open_round(
    client, organiser, make_user
):
    championship = championship_of(organiser)
    starts, closes = OPENED - timedelta(hours=1), OPENED - timedelta(days=1)
    entered(championship, make_user, 8)
    Championship.objects.filter(pk=championship.pk).update(
        starts_at=starts, entries_close_at=closes
    )
    services.start(championship.pk, by=organiser)
    Championship.objects.filter(pk=championship.pk).update(started_at=starts)
    open_rounds(championship)

    answer = client.get(calendar_url(championship))
    document = parsed(answer)
    assert answer["Content-Disposition"] == f'inline; filename="championship-{championship.pk}.ics"'
    found = events(document)
    assert set(found) == {
        "Spring Cup starts",
        "Spring Cup: entries close",
        "Spring Cup: Group A, round 1",
        "Spring Cup: Group B, round 1",
    }
    assert times(found["Spring Cup starts"]) == (starts, starts)
    assert times(found["Spring Cup: entries close"]) == (closes, closes)
    assert times(found["Spring Cup: Group B, round 1"]) == (OPENED, DEADLINE)
    page = f"http://testserver/championships/{championship.pk}/"
    assert all(str(event["url"]) == page for event in found.values())
    assert all("dtstamp" in event for event in found.values())


def test_a_round_keeps_its_uid_when_its_deadline_moves_and_a_new_round_adds_an_event(
    client, organiser, make_user
):
    championship = championship_of(organiser)
    entered(championship, make_user, 4)
    services.start(championship.pk, by=organiser)
    open_rounds(championship)
    before = events(parsed(client.get(calendar_url(championship))))
    round_one = before["Spring Cup: Group A, round 1"]

    later = DEADLINE + timedelta(days=1)
    Match.objects.filter(stage__championship=championship, round=1).update(deadline=later)
    decide_every_game(championship)  # round 1 is over and round 2 opens
    open_rounds(championship, opened=later, deadline=later + timedelta(days=7))
    after = events(parsed(client.get(calendar_url(championship))))

    assert str(after["Spring Cup: Group A, round 1"]["uid"]) == str(round_one["uid"])
    assert times(after["Spring Cup: Group A, round 1"]) == (OPENED, later)
    assert times(after["Spring Cup: Group A, round 2"]) == (later, later + timedelta(days=7))
    assert str(after["Spring Cup: Group A, round 2"]["uid"]) != str(round_one["uid"])
    assert len({str(event["uid"]) for event in after.values()}) == len(after)


def test_playoff_rounds_are_named_as_the_bracket_names_them_in_the_readers_language(
    client, organiser, make_user
):
    championship = championship_of(organiser, group_size=2, playoff_players_per_group=1)
    entered(championship, make_user, 8)
    services.start(championship.pk, by=organiser)
    open_rounds(championship)
    decide_every_game(championship)  # four groups of two: their winners make the semi-finals
    semis_open = OPENED + timedelta(days=8)
    open_rounds(championship, opened=semis_open, deadline=semis_open + timedelta(days=3))

    found = events(parsed(client.get(calendar_url(championship))))
    assert times(found["Spring Cup: Semi-finals"]) == (semis_open, semis_open + timedelta(days=3))
    # One event for the round however many matches it has; the final is not open yet.
    assert [name for name in found if "Semi" in name or "Final" in name] == [
        "Spring Cup: Semi-finals"
    ]

    russian = events(parsed(client.get(calendar_url(championship), HTTP_ACCEPT_LANGUAGE="ru")))
    assert "«Spring Cup»: Полуфиналы" in russian


def test_a_private_championships_calendar_is_404_to_whoever_may_not_see_it(
    client, organiser, make_user
):
    championship = championship_of(organiser, visibility="private")
    player = entered(championship, make_user, 2)[0]
    url = calendar_url(championship)
    assert client.get(url).status_code == 404
    assert logged_in(make_user("stranger")).get(url).status_code == 404
    assert logged_in(player).get(url).status_code == 200
    assert logged_in(organiser).get(url).status_code == 200
    assert client.get(reverse("championship-calendar", args=[987654])).status_code == 404


# -- a player's private calendar -----------------------------------------------------------


def feed_url(user) -> str:
    answer = client_with_token(user).get("/api/accounts/me/calendar/")
    assert answer.status_code == 200
    return answer.json()["url"]


def test_a_players_calendar_holds_their_matches_to_play_until_the_rounds_deadline(
    organiser, make_user
):
    championship = championship_of(organiser)
    players = entered(championship, make_user, 4)
    services.start(championship.pk, by=organiser)
    open_rounds(championship)
    me = players[0]
    match = Match.objects.get(
        Q(first__player=me) | Q(second__player=me), stage__championship=championship, round=1
    )
    opponent = match.second if match.first.player_id == me.pk else match.first
    game = match.games.get()

    url = feed_url(me)
    assert url.startswith("http://testserver/calendar/") and url.endswith(".ics")
    answer = Client().get(url)  # no log-in: calendar apps cannot log in
    document = parsed(answer)
    found = events(document)
    summary = f"Kropki (Dots): you v. {opponent.player.username} — Spring Cup, group A round 1"
    assert list(found) == [summary]
    assert times(found[summary]) == (OPENED, DEADLINE)
    assert str(found[summary]["url"]) == f"http://testserver/games/{game.pk}/"
    assert answer["Cache-Control"] == "private, no-cache"
    round_one = str(found[summary]["uid"])

    decide_every_game(championship)  # round 1 is played and round 2 opens
    second = OPENED + timedelta(days=7)
    open_rounds(championship, opened=second, deadline=second + timedelta(days=7))
    [(summary, event)] = events(parsed(Client().get(url))).items()
    assert summary.endswith("— Spring Cup, group A round 2")
    assert times(event) == (second, second + timedelta(days=7))
    assert str(event["uid"]) != round_one


def test_a_move_on_the_clock_that_runs_out_before_the_round_is_listed_for_the_player_to_move(
    organiser, make_user
):
    championship = championship_of(organiser, time_control={"initial_s": 600, "increment_s": 0})
    players = entered(championship, make_user, 2)
    services.start(championship.pk, by=organiser)
    soon = django_timezone.now() - timedelta(minutes=1)
    open_rounds(championship, opened=soon, deadline=soon + timedelta(days=7))
    game = Game.objects.get(match__stage__championship=championship)
    seats = {seat.user_id: seat.seat for seat in game.seats.all()}
    to_move = next(p for p in players if seats[p.pk] == game.to_move)
    waiting = next(p for p in players if p is not to_move)
    game.refresh_from_db()
    assert game.deadline is not None

    mine = events(parsed(Client().get(feed_url(to_move))))
    move = f"Kropki (Dots): your move v. {waiting.username}"
    assert move in mine and len(mine) == 2
    assert times(mine[move])[1] == game.deadline.replace(microsecond=0)
    theirs = events(parsed(Client().get(feed_url(waiting))))
    assert len(theirs) == 1 and not any("your move" in name for name in theirs)


def test_a_friendly_game_on_the_clock_is_in_the_calendar_of_the_player_to_move(make_user):
    anna, boris = make_user("anna"), make_user("boris")
    game = game_services.create_game(
        creator=anna,
        game="kropki",
        options={"width": 10, "height": 10, "start": "empty"},
        format=None,
        opponent="boris",
        time_control={"initial_s": 600, "increment_s": 5},
    )
    game_services.accept_invitation(game.pk, boris)
    game.refresh_from_db()
    first = anna if game.seats.get(user=anna).seat == game.to_move else boris
    found = events(parsed(Client().get(feed_url(first))))
    other = "boris" if first is anna else "anna"
    assert list(found) == [f"Kropki (Dots): your move v. {other}"]
    assert str(found[f"Kropki (Dots): your move v. {other}"]["url"]).endswith(f"/games/{game.pk}/")


def test_the_calendar_speaks_the_language_its_player_chose(organiser, make_user):
    championship = championship_of(organiser)
    players = entered(championship, make_user, 2)
    services.start(championship.pk, by=organiser)
    open_rounds(championship)
    players[0].language = "ru"
    players[0].save(update_fields=["language"])
    answer = Client().get(feed_url(players[0]))
    assert answer["Content-Language"] == "ru"
    [summary] = events(parsed(answer))
    assert summary.startswith("Точки (Kropki): ")


def test_a_new_address_stops_the_old_one_at_once(make_user):
    player = make_user("anna")
    old = feed_url(player)
    assert feed_url(player) == old  # the same address until the player asks for a new one
    answer = client_with_token(player).post("/api/accounts/me/calendar/")
    assert answer.status_code == 200
    new = answer.json()["url"]
    assert new != old
    assert Client().get(old).status_code == 404
    assert Client().get(new).status_code == 200


def test_an_unknown_key_is_404_and_the_address_api_needs_a_log_in(make_user):
    assert Client().get("/calendar/not-a-key-of-anyone.ics").status_code == 404
    assert Client().get("/api/accounts/me/calendar/").status_code == 401
    assert Client().post("/api/accounts/me/calendar/").status_code == 401


def test_the_account_page_shows_the_address_and_replaces_it_with_the_button(make_user):
    player = make_user("anna")
    client = logged_in(player)
    page = client.get(reverse("account")).content.decode()
    assert 'id="calendar-feed"' in page and "Make my calendar's address" in page
    assert not CalendarFeed.objects.exists()  # showing the page makes no address

    answer = client.post(reverse("account-calendar"), follow=True)
    assert answer.redirect_chain[-1][0] == reverse("account") + "#calendar-feed"
    first = CalendarFeed.objects.get(player=player).key
    page = answer.content.decode()
    assert f"/calendar/{first}.ics" in page and "New address" in page

    client.post(reverse("account-calendar"))
    second = CalendarFeed.objects.get(player=player).key
    assert second != first
    assert Client().get(f"/calendar/{first}.ics").status_code == 404
    assert f"/calendar/{second}.ics" in client.get(reverse("account")).content.decode()


def test_the_address_button_needs_a_log_in_and_a_post(client, make_user):
    answer = client.post(reverse("account-calendar"))
    assert answer.status_code == 302 and "login" in answer["Location"]
    assert logged_in(make_user("anna")).get(reverse("account-calendar")).status_code == 405


def test_a_double_eliminations_rounds_are_events_of_their_own_bracket(client, organiser, make_user):
    championship = championship_of(organiser, system="double_elimination")
    entered(championship, make_user, 4)
    services.start(championship.pk, by=organiser)
    open_rounds(championship)
    decide_every_game(championship)  # the winners' final and the losers' round 1 open
    later = OPENED + timedelta(days=8)
    open_rounds(championship, opened=later, deadline=later + timedelta(days=3))

    document = parsed(client.get(calendar_url(championship)))
    found = events(document)
    assert {"Spring Cup: Winners' round 1", "Spring Cup: Winners' final"} <= set(found)
    assert any("Losers'" in name for name in found)
    uids = [str(event["uid"]) for event in document.walk("VEVENT")]
    assert len(uids) == len(set(uids))  # winners' and losers' round 1 are two events
    russian = events(parsed(client.get(calendar_url(championship), HTTP_ACCEPT_LANGUAGE="ru")))
    assert "«Spring Cup»: Финал верхней сетки" in russian
