"""The championship pages: list, create form, championship page, organiser page."""

import random
import re
import time

import pytest
from django.urls import reverse

from accounts.models import Plan
from games.models import Game
from tests.support.championships import invite_and_accept
from tests.support.mfa import log_in_with_second_factor
from tournaments import services
from tournaments.demo import play_for_both
from tournaments.models import Championship, Entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def championship_of(organiser, **settings):
    fields = {
        "name": "Autumn Cup",
        "game": "kropki",
        "options": {"width": 5, "height": 5},
        "stage_format": "express",
        "playoff_format": "express",
        "rated": False,
        **settings,
    }
    return services.create_championship(organiser=organiser, **fields)


def with_players(championship, organiser, make_user, count, prefix="player"):
    players = [make_user(f"{prefix}{n:02d}") for n in range(count)]
    for player in players:
        services.enter(championship.pk, by=player)
    return players


def active_games(championship):
    return list(
        Game.objects.filter(
            match__stage__championship=championship, status=Game.Status.ACTIVE
        ).values_list("id", flat=True)
    )


def play_round(championship):
    for game_id in active_games(championship):
        play_for_both(game_id, random.Random(game_id))


def play_to_the_end(championship, seconds=120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        championship.refresh_from_db()
        if championship.status == Championship.Status.FINISHED:
            return
        play_round(championship)
    raise AssertionError("the championship did not finish")


def page(championship):
    return reverse("championship", args=[championship.pk])


def organise_page(championship):
    return reverse("championship-organise", args=[championship.pk])


def text(response):
    """The page's text without tags and with spaces collapsed, for reading assertions."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def messages_of(response):
    return [str(message) for message in response.context["messages"]]


# -- the list --------------------------------------------------------------------------


def test_championship_list_shows_live_open_and_finished_sections(client, organiser, make_user):
    open_one = championship_of(organiser, name="Open Cup")
    live_one = championship_of(organiser, name="Live Cup")
    with_players(live_one, organiser, make_user, 2)
    with_players(open_one, organiser, make_user, 1, prefix="early")
    services.start(live_one.pk, by=organiser)

    answer = client.get(reverse("championships"))
    assert answer.status_code == 200
    content = text(answer)
    live_at = content.index("Being played")
    open_at = content.index("Open for registration")
    finished_at = content.index("Finished")
    assert live_at < content.index("Live Cup") < open_at < content.index("Open Cup") < finished_at
    assert "No championship has finished yet." in content
    assert "Kropki (Dots)" in content
    assert 'href="/championships/new/"' not in answer.content.decode().split("Log in", 1)[0]
    assert "Create a championship" not in content


def test_championship_list_offers_creating_to_players_and_says_when_empty(client, organiser):
    client.force_login(organiser)
    answer = client.get(reverse("championships"))
    content = text(answer)
    assert "Create a championship" in content
    assert "No championship is being played right now." in content
    assert "No championship is open for registration." in content


def test_championship_list_hides_private_championships_from_others(client, organiser, make_user):
    organiser.plan = Plan.PAID
    organiser.save()
    championship_of(organiser, name="Secret Cup", visibility="private")
    assert "Secret Cup" not in text(client.get(reverse("championships")))
    client.force_login(make_user("stranger"))
    assert "Secret Cup" not in text(client.get(reverse("championships")))
    client.force_login(organiser)
    assert "Secret Cup" in text(client.get(reverse("championships")))


# -- creating --------------------------------------------------------------------------


def form_data(**fields):
    data = {
        "name": "Winter Cup",
        "game": "kropki",
        "width": "20",
        "height": "18",
        "group_size": "4",
        "playoff_players_per_group": "2",
        "stage_format": "extended",
        "playoff_format": "full",
        "third_place": "on",
        "rated": "on",
        "clock": "custom",
        "initial_minutes": "10",
        "increment_seconds": "5",
        "move_seconds": "",
        "points_system": "3-1-0",
        "tiebreak_1": "sonneborn_berger",
        "tiebreak_2": "koya",
        "tiebreak_3": "direct_encounter",
        "visibility": "public",
    }
    data.update(fields)
    return data


def test_create_page_needs_a_login(client):
    answer = client.get(reverse("championship-new"))
    assert answer.status_code == 302
    assert "next=/championships/new/" in answer["Location"]


def test_create_form_shows_every_setting_with_the_defaults(client, organiser):
    client.force_login(organiser)
    answer = client.get(reverse("championship-new"))
    assert answer.status_code == 200
    html = answer.content.decode()
    for name in (
        "name", "game", "width", "height", "group_size", "playoff_players_per_group",
        "stage_format", "playoff_format", "third_place", "rated", "initial_minutes",
        "increment_seconds",
        "move_seconds", "points_system", "visibility", "tiebreak_1",
    ):  # fmt: skip
        assert f'name="{name}"' in html, name
    assert re.search(r'<label for="id_name">', html)
    # The default tie-breaks are chosen in their order.
    for position, name in enumerate(
        ("direct_encounter", "sonneborn_berger", "wins", "game_score_difference", "lots"), 1
    ):
        select = re.search(rf'<select name="tiebreak_{position}".*?</select>', html, re.S)[0]
        assert f'<option value="{name}" selected>' in select
    assert "Private championships come with the paid plan" in text(answer)
    assert "80 moves" in text(answer)  # the formats are explained


def test_create_form_creates_the_championship_and_opens_the_organiser_page(client, organiser):
    client.force_login(organiser)
    answer = client.post(reverse("championship-new"), form_data())
    championship = Championship.objects.get()
    assert answer.status_code == 302
    assert answer["Location"] == organise_page(championship)
    assert championship.organiser == organiser
    assert championship.options == {"width": 20, "height": 18}
    assert (championship.stage_format, championship.playoff_format) == ("extended", "full")
    assert championship.time_control == {"initial_s": 600.0, "increment_s": 5.0, "move_s": None}
    assert championship.points_system == "3-1-0"
    assert championship.tiebreaks == ["sonneborn_berger", "koya", "direct_encounter"]
    assert championship.third_place and championship.rated


def test_create_form_without_clock_and_unchecked_boxes(client, organiser):
    client.force_login(organiser)
    data = form_data(clock="none", initial_minutes="", increment_seconds="")
    del data["third_place"], data["rated"]
    client.post(reverse("championship-new"), data)
    championship = Championship.objects.get()
    assert championship.time_control is None
    assert not championship.third_place and not championship.rated


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        (
            {"playoff_players_per_group": "5"},
            "playoff_players_per_group",
            "from 1 to the group size",
        ),
        ({"group_size": "1"}, "group_size", "from 2 to 16 players"),
        ({"width": "2"}, "width", "a whole number from 4 to 60"),
        ({"move_seconds": "0"}, "move_seconds", "seconds from 1 to 86400"),
        ({"initial_minutes": "0"}, "initial_minutes", "From 1 second to 1440 minutes"),
        ({"tiebreak_2": "sonneborn_berger"}, "tiebreak_1", "chosen twice"),
        ({"name": ""}, "name", "This field is required."),
        ({"stage_format": "blitz"}, "stage_format", "Select a valid choice"),
    ],
)
def test_create_form_errors_are_shown_at_their_field_and_nothing_is_created(
    client, organiser, fields, field, message
):
    client.force_login(organiser)
    answer = client.post(reverse("championship-new"), form_data(**fields))
    assert answer.status_code == 200
    assert not Championship.objects.exists()
    html = answer.content.decode()
    errors = re.search(rf'<ul class="errorlist" id="id_{field}_errors">(.*?)</ul>', html, re.S)
    assert errors is not None, html
    assert message in errors[1]
    assert "The championship was not created." in text(answer)


def test_private_championship_on_a_free_plan_is_refused_at_visibility(client, organiser):
    client.force_login(organiser)
    answer = client.post(reverse("championship-new"), form_data(visibility="private"))
    assert not Championship.objects.exists()
    errors = re.search(r'id="id_visibility_errors">(.*?)</ul>', answer.content.decode(), re.S)
    assert "Private championships come with a paid plan." in errors[1]
    organiser.plan = Plan.PAID
    organiser.save()
    answer = client.post(reverse("championship-new"), form_data(visibility="private"))
    assert answer.status_code == 302
    assert Championship.objects.get().visibility == "private"


# -- the championship page ---------------------------------------------------------------


def test_anonymous_visitors_see_a_public_championship(client, organiser, make_user):
    championship = championship_of(organiser, time_control={"initial_s": 300, "move_s": 30})
    with_players(championship, organiser, make_user, 2)
    answer = client.get(page(championship))
    assert answer.status_code == 200
    content = text(answer)
    assert "Autumn Cup" in content
    assert "Registration" in content
    assert "organised by organiser" in content
    assert "5 min per player, at most 30 s per move" in content
    assert "player00" in content and "player01" in content
    assert "Log in to enter" in content
    assert "Organise" not in content


def test_private_championship_is_not_found_for_others(client, organiser, make_user):
    organiser.plan = Plan.PAID
    organiser.save()
    championship = championship_of(organiser, visibility="private")
    entrant = make_user("entrant")
    invite_and_accept(championship, organiser, entrant)
    assert client.get(page(championship)).status_code == 404
    client.force_login(make_user("stranger"))
    assert client.get(page(championship)).status_code == 404
    client.force_login(entrant)
    assert client.get(page(championship)).status_code == 200


def test_players_enter_and_withdraw_from_the_page(client, organiser, make_user):
    championship = championship_of(organiser)
    anna = make_user("anna")
    client.force_login(anna)
    assert "Enter this championship" in text(client.get(page(championship)))

    answer = client.post(reverse("championship-enter", args=[championship.pk]), follow=True)
    assert answer.redirect_chain[-1][0] == page(championship)
    assert "You have entered Autumn Cup." in messages_of(answer)
    assert Entry.objects.filter(championship=championship, player=anna).exists()
    assert "Withdraw my entry" in text(answer)

    again = client.post(reverse("championship-enter", args=[championship.pk]), follow=True)
    assert "anna has already entered." in messages_of(again)

    answer = client.post(reverse("championship-withdraw", args=[championship.pk]), follow=True)
    assert "anna is no longer entered." in messages_of(answer)
    assert not Entry.objects.filter(championship=championship, player=anna).exists()


def test_entering_needs_a_login_and_a_post(client, organiser):
    championship = championship_of(organiser)
    answer = client.post(reverse("championship-enter", args=[championship.pk]))
    assert answer.status_code == 302
    assert "login" in answer["Location"]
    assert f"next={page(championship)}" in answer["Location"].replace("%2F", "/")
    client.force_login(organiser)
    assert client.get(reverse("championship-enter", args=[championship.pk])).status_code == 405
    assert not Entry.objects.exists()


def test_standings_schedule_and_live_games_after_the_first_round(client, organiser, make_user):
    championship = championship_of(organiser)
    players = with_players(championship, organiser, make_user, 4)
    services.start(championship.pk, by=organiser)
    first_games = active_games(championship)
    assert len(first_games) == 2
    play_for_both(first_games[0], random.Random(1))

    client.force_login(players[0])
    answer = client.get(page(championship))
    assert answer.status_code == 200
    html = answer.content.decode()
    content = text(answer)
    assert "Group standings" in content and "Group A" in content
    # Every tie-break has its column and its explanation; lots come last.
    for heading in ("DE", "SB", "Wins", "Diff", "Lot"):
        assert f">{heading}</abbr>" in html
    assert "Sonneborn-Berger" in content and "drawing of lots is always last" in content
    assert "2-1-0: a win 2 points" in content
    # Rows link to the players; the logged-in player's row is highlighted.
    assert 'href="/players/player00/"' in html
    row = re.search(r'<tr class="highlight[^"]*">.*?</tr>', html, re.S)[0]
    assert "player00" in row
    # The schedule: round one with its games and their pages, a live game marked.
    assert "Games and results" in content and "Round 1" in content and "Round 3" in content
    for game_id in first_games:
        assert f'href="/games/{game_id}/"' in html
    assert "badge live" in html
    assert "Waiting" in content  # rounds two and three wait for their turn


def test_finished_championship_shows_champion_bracket_and_final_ranking(
    client, organiser, make_user
):
    championship = championship_of(organiser)
    with_players(championship, organiser, make_user, 4)
    services.start(championship.pk, by=organiser)
    play_to_the_end(championship)
    champion = championship.winner.username

    answer = client.get(page(championship))
    assert answer.status_code == 200
    html = answer.content.decode()
    content = text(answer)
    champion_card = re.search(r'<section class="card champion".*?</section>', html, re.S)[0]
    assert champion in champion_card
    assert "Final ranking" in content
    ranking = re.search(r'<table class="final-ranking">.*?</table>', html, re.S)[0]
    assert ranking.index(champion) < ranking.index("player0", ranking.index(champion) + 1)
    # The bracket: an accessible SVG with the final linked to its game.
    svg = re.search(r"<svg class=\"bracket-svg\".*?</svg>", html, re.S)[0]
    assert 'role="img"' in svg and '<title id="bracket-title">' in svg
    assert "Final" in svg and champion in svg
    final_game = Game.objects.filter(match__stage__kind="playoff").order_by("-id").first()
    assert f'href="/games/{final_game.pk}/"' in svg
    assert "Playoff" in content and "Group stage" in content


def test_bracket_is_drawn_with_empty_slots_while_the_playoff_waits(client, organiser, make_user):
    championship = championship_of(organiser, group_size=2, playoff_players_per_group=1)
    with_players(championship, organiser, make_user, 8)
    services.start(championship.pk, by=organiser)
    # Four groups of two: one game each; their winners make a bracket of four.
    play_round(championship)
    championship.refresh_from_db()
    assert championship.status == "playoff"
    html = client.get(page(championship)).content.decode()
    svg = re.search(r"<svg class=\"bracket-svg\".*?</svg>", html, re.S)[0]
    assert "Semi-finals" in svg and "Third place" in svg
    assert svg.count('class="bracket-box"') == 2 + 1 + 1
    assert svg.count('class="bracket-line"') == 2
    # A slot still waiting says where its player comes from.
    assert "Winner of semi-final 1" in svg and "Loser of semi-final 2" in svg


# -- organising --------------------------------------------------------------------------


def test_organise_page_is_for_the_organiser_and_staff(client, organiser, make_user):
    championship = championship_of(organiser)
    answer = client.get(organise_page(championship))
    assert answer.status_code == 302 and "login" in answer["Location"]
    client.force_login(make_user("stranger"))
    assert client.get(organise_page(championship)).status_code == 403
    client.logout()
    log_in_with_second_factor(client, make_user("staff-member", staff=True))
    assert client.get(organise_page(championship)).status_code == 200
    client.force_login(organiser)
    answer = client.get(organise_page(championship))
    assert answer.status_code == 200
    content = text(answer)
    assert "Organise Autumn Cup" in content
    assert "seeded by their rating" in content
    assert "A championship needs at least two players" in content


def test_organiser_invites_and_removes_players_by_username(client, organiser, make_user):
    championship = championship_of(organiser)
    boris = make_user("boris")
    client.force_login(organiser)
    enter_url = reverse("championship-enter", args=[championship.pk])

    answer = client.post(enter_url, {"username": "boris", "next": "organise"}, follow=True)
    assert answer.redirect_chain[-1][0] == organise_page(championship)
    assert "boris is invited to Autumn Cup and enters on accepting." in messages_of(answer)
    assert "Waiting for an answer boris" in text(answer)
    assert not Entry.objects.exists()

    answer = client.post(enter_url, {"username": "nobody", "next": "organise"}, follow=True)
    assert "There is no player called nobody." in messages_of(answer)

    withdraw_url = reverse("championship-withdraw", args=[championship.pk])
    answer = client.post(withdraw_url, {"username": "boris", "next": "organise"}, follow=True)
    assert "The invitation of boris is cancelled." in messages_of(answer)

    services.enter(championship.pk, by=boris)
    answer = client.post(withdraw_url, {"username": "boris", "next": "organise"}, follow=True)
    assert "boris is no longer entered." in messages_of(answer)
    assert not Entry.objects.exists()


def test_other_players_cannot_enter_someone_else(client, organiser, make_user):
    championship = championship_of(organiser)
    make_user("boris")
    client.force_login(make_user("anna"))
    answer = client.post(
        reverse("championship-enter", args=[championship.pk]),
        {"username": "boris", "next": "organise"},
        follow=True,
    )
    # Not the organiser: the refusal is a message on the championship page.
    assert answer.redirect_chain[-1][0] == page(championship)
    assert "Only the organiser invites other players." in messages_of(answer)
    assert not Entry.objects.exists()


def test_starting_from_the_organiser_page_draws_groups_and_schedules_games(
    client, organiser, make_user
):
    championship = championship_of(organiser)
    with_players(championship, organiser, make_user, 5)
    client.force_login(organiser)
    assert "this makes 2 groups" in text(client.get(organise_page(championship)))

    answer = client.post(
        reverse("championship-start", args=[championship.pk]), {"next": "organise"}, follow=True
    )
    assert answer.redirect_chain[-1][0] == organise_page(championship)
    assert "2 groups are drawn" in " ".join(messages_of(answer))
    championship.refresh_from_db()
    assert championship.status == "groups"
    assert len(active_games(championship)) == 2  # a group of three has a bye in each round
    assert "remaining games" in text(answer)  # withdrawals now forfeit

    again = client.post(
        reverse("championship-start", args=[championship.pk]), {"next": "organise"}, follow=True
    )
    assert "The championship has already started." in messages_of(again)


def test_only_the_organiser_starts_from_the_page(client, organiser, make_user):
    championship = championship_of(organiser)
    players = with_players(championship, organiser, make_user, 2)
    client.force_login(players[0])
    answer = client.post(reverse("championship-start", args=[championship.pk]), follow=True)
    assert "Only the organiser starts the championship." in messages_of(answer)
    championship.refresh_from_db()
    assert championship.status == Championship.Status.REGISTRATION


def test_withdrawing_after_the_start_forfeits_the_remaining_games(client, organiser, make_user):
    championship = championship_of(organiser)
    players = with_players(championship, organiser, make_user, 4)
    services.start(championship.pk, by=organiser)
    quitter = players[0]
    client.force_login(quitter)
    content = text(client.get(page(championship)))
    assert "every game you have left is forfeited" in content

    answer = client.post(reverse("championship-withdraw", args=[championship.pk]), follow=True)
    assert "player00 has withdrawn; their remaining games are forfeited." in messages_of(answer)
    game = Game.objects.filter(seats__user=quitter).order_by("id").first()
    assert (game.status, game.result_reason) == (Game.Status.FINISHED, "forfeit")
    assert "withdrawn" in text(answer)
