"""The organise page says where each entrant truly stands and links the corrections that
are still possible; the championship page shows the bracket before the playoff, marks
nobody as advancing before their group has played, and takes a player to their own game."""

import re

import pytest
from django.urls import reverse

from games import services as game_services
from games.models import Game
from tests.support.championships import invite_and_accept, small_championship
from tournaments import services
from tournaments.models import Championship

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def entered(championship, organiser, make_user, count):
    players = [make_user(f"player{n:02d}") for n in range(count)]
    invite_and_accept(championship, organiser, *players)
    return players


def resign_every_active_game(championship):
    for game in Game.objects.filter(
        match__stage__championship=championship, status=Game.Status.ACTIVE
    ):
        game_services.resign(game.pk, game.seats.order_by("order").last().user)


def text(response):
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def states(client, championship):
    """Each entrant's name and state as the organise page's entries table shows them."""
    html = client.get(reverse("championship-organise", args=[championship.pk])).content.decode()
    table = re.search(r'<table class="entries">.*?</table>', html, re.S)[0]
    rows = {}
    for row in re.findall(r"<tr>.*?</tr>", table, re.S)[1:]:
        name = re.sub(r"<[^>]+>", "", re.search(r"<th[^>]*>(.*?)</th>", row, re.S)[1]).strip()
        cell = re.search(r'<td class="entrant-state">(.*?)</td>', row, re.S)[1]
        rows[name] = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip()
    return rows


def test_entrants_are_entered_during_registration_not_playing(client, organiser, make_user):
    championship = small_championship(organiser)
    entered(championship, organiser, make_user, 3)
    client.force_login(organiser)
    assert states(client, championship) == dict.fromkeys(
        ["player00", "player01", "player02"], "entered"
    )


def test_entrants_play_in_their_group_then_go_on_or_out(client, organiser, make_user):
    championship = small_championship(organiser, group_size=2, playoff_players_per_group=1)
    entered(championship, organiser, make_user, 4)
    services.start(championship.pk, by=organiser)
    client.force_login(organiser)
    during_groups = states(client, championship)
    assert sorted(during_groups.values()) == [
        "playing in group A",
        "playing in group A",
        "playing in group B",
        "playing in group B",
    ]
    resign_every_active_game(championship)  # one game a group: the final is drawn
    in_playoff = states(client, championship)
    playoff = "playing in the playoff"
    assert sorted(in_playoff.values()) == ["out", "out", playoff, playoff]


def test_a_withdrawn_player_reads_withdrawn_not_playing(client, organiser, make_user):
    championship = small_championship(organiser)
    players = entered(championship, organiser, make_user, 4)
    services.start(championship.pk, by=organiser)
    services.withdraw(championship.pk, by=players[0])
    client.force_login(organiser)
    assert states(client, championship)["player00"] == "withdrawn"


def finished_final(organiser, make_user):
    """Two groups of two, the final played: (championship, the final's game)."""
    championship = small_championship(organiser, group_size=2, playoff_players_per_group=1)
    entered(championship, organiser, make_user, 4)
    services.start(championship.pk, by=organiser)
    resign_every_active_game(championship)
    final = Game.objects.get(match__stage__kind="playoff", status=Game.Status.ACTIVE)
    resign_every_active_game(championship)
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    final.refresh_from_db()
    return championship, final


def test_after_the_final_the_states_are_the_places(client, organiser, make_user):
    championship, _final = finished_final(organiser, make_user)
    client.force_login(organiser)
    shown = states(client, championship)
    assert shown[championship.winner.username] == "Champion"
    assert sorted(shown.values()) == ["Champion", "place 2", "place 3", "place 4"]


def test_after_the_final_the_organise_page_links_the_correction(client, organiser, make_user):
    championship, final = finished_final(organiser, make_user)
    client.force_login(organiser)
    answer = client.get(reverse("championship-organise", args=[championship.pk]))
    decide = reverse("championship-decide", args=[championship.pk, final.pk])
    assert f'href="{decide}"' in answer.content.decode()
    assert f"Correct the final (game #{final.pk})" in text(answer)
    assert "Nothing is left to organise" not in text(answer)
    # The link leads to the correction form, and the correction goes through.
    loser = next(seat.user for seat in final.seats.all() if seat.seat != final.winner)
    corrected = client.post(decide, {"result": f"win:{loser.username}", "reason": "Misclick."})
    assert corrected.status_code == 302
    championship.refresh_from_db()
    assert championship.winner == loser


def test_a_finalist_is_not_offered_the_correction_of_their_own_final(client, organiser, make_user):
    championship, final = finished_final(organiser, make_user)
    finalist = final.seats.first().user
    championship.co_organisers.add(finalist)
    client.force_login(finalist)
    answer = client.get(reverse("championship-organise", args=[championship.pk]))
    assert "Correct the final" not in text(answer)
    assert "Nothing is left to organise" in text(answer)
    game_page = client.get(reverse("game", args=[final.pk]))
    assert "Correct the result" not in text(game_page)


def test_the_game_page_links_the_correction_for_whoever_may_decide(client, organiser, make_user):
    championship, final = finished_final(organiser, make_user)
    decide = reverse("championship-decide", args=[championship.pk, final.pk])
    client.force_login(organiser)
    answer = client.get(reverse("game", args=[final.pk]))
    assert f'href="{decide}"' in answer.content.decode()
    assert "Correct the result" in text(answer)
    client.force_login(make_user("spectator"))
    assert "Correct the result" not in text(client.get(reverse("game", args=[final.pk])))
    client.logout()
    assert "Correct the result" not in text(client.get(reverse("game", args=[final.pk])))


def test_a_group_result_that_stands_has_no_correction_link(client, organiser, make_user):
    finished_final(organiser, make_user)
    group_game = Game.objects.filter(match__stage__kind="groups").first()
    client.force_login(organiser)
    assert "Correct the result" not in text(client.get(reverse("game", args=[group_game.pk])))


def test_a_running_game_page_offers_its_decision_to_the_organiser(client, organiser, make_user):
    championship = small_championship(organiser)
    entered(championship, organiser, make_user, 4)
    services.start(championship.pk, by=organiser)
    game = Game.objects.filter(status=Game.Status.ACTIVE).first()
    client.force_login(organiser)
    answer = client.get(reverse("game", args=[game.pk]))
    decide = reverse("championship-decide", args=[championship.pk, game.pk])
    assert f'href="{decide}"' in answer.content.decode() and "Decide this game" in text(answer)


def test_nobody_is_marked_advancing_before_their_group_has_played(client, organiser, make_user):
    championship = small_championship(organiser, group_size=2, playoff_players_per_group=1)
    entered(championship, organiser, make_user, 4)
    services.start(championship.pk, by=organiser)
    page = reverse("championship", args=[championship.pk])
    assert "advance-mark" not in client.get(page).content.decode()
    game = Game.objects.filter(status=Game.Status.ACTIVE, match__group__name="A").get()
    game_services.resign(game.pk, game.seats.order_by("order").last().user)
    html = client.get(page).content.decode()
    group_a = re.search(r'id="group-A".*?</table>', html, re.S)[0]
    group_b = re.search(r'id="group-B".*?</table>', html, re.S)[0]
    assert group_a.count('class="advance-mark"') == 1
    assert "advance-mark" not in group_b


def test_the_championship_page_draws_the_bracket_before_the_groups(client, organiser, make_user):
    championship = small_championship(organiser, group_size=4, playoff_players_per_group=2)
    page = reverse("championship", args=[championship.pk])
    entered(championship, organiser, make_user, 1)
    assert "The bracket appears here once two players have entered" in text(client.get(page))
    entered_more = [make_user(f"late{n}") for n in range(7)]
    invite_and_accept(championship, organiser, *entered_more)
    answer = client.get(page)
    svg = re.search(r'<svg class="bracket-svg".*?</svg>', answer.content.decode(), re.S)[0]
    for label in ("Winner of group A", "Runner-up of group B", "Loser of semi-final 1"):
        assert label in svg
    assert "The bracket as it stands with the 8 players entered so far (groups: 2" in text(answer)


def test_a_player_reaches_their_own_game_from_the_top_of_the_page(client, organiser, make_user):
    championship = small_championship(organiser)
    players = entered(championship, organiser, make_user, 4)
    services.start(championship.pk, by=organiser)
    game = Game.objects.get(status=Game.Status.ACTIVE, seats__user=players[0])
    page = reverse("championship", args=[championship.pk])
    client.force_login(players[0])
    html = client.get(page).content.decode()
    card = re.search(r'<section class="card your-games".*?</section>', html, re.S)[0]
    assert f'href="/games/{game.pk}/"' in card
    assert html.index("your-games") < html.index('id="games"')
    client.force_login(make_user("spectator"))
    assert "your-games" not in client.get(page).content.decode()
