"""What each box of a bracket says, through GET .../bracket/ and the championship page: the
matches lettered in the order of play and the slots that wait on them ("Winner of A"), the
scores, the grand final's reset "if necessary", the reader's own matches, and before the
draw the entrants in their seeded slots as the seeding stands."""

import html
import random
import re

import pytest

from games import services as game_services
from games.models import Game
from tests.conftest import client_with_token
from tests.support.championships import small_championship
from tests.tournaments.test_bracket_before_the_playoff import (
    bracket_of,
    entered,
    resign_every_active_game,
)
from tournaments import services
from tournaments.demo import play_for_both
from tournaments.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


MINE = re.compile(r'class="bracket-match[^"]* mine"')


def matches_of(bracket):
    return [match for round_ in bracket["rounds"] for match in round_["matches"]]


def entrants(match):
    return [(match["from"][side] or {}).get("entrant") for side in ("a", "b")]


def short(match):
    return [(match["from"][side] or {}).get("short_label") for side in ("a", "b")]


def test_every_playoff_match_has_a_letter_in_the_order_of_play_and_a_bye_has_none(
    api, organiser, make_user
):
    # Twelve players in three groups of four, six going on: two byes in the quarter-finals.
    championship = small_championship(organiser, group_size=4, playoff_players_per_group=2)
    entered(championship, organiser, make_user, 12)
    quarters, semis, final, third = bracket_of(api, championship)["rounds"]
    assert [m["label"] for m in quarters["matches"]] == [None, "A", None, "B"]
    assert [m["label"] for m in semis["matches"]] == ["C", "D"]
    assert (final["matches"][0]["label"], third["matches"][0]["label"]) == ("E", "F")
    # A side that waits on a match names it by its letter; a bye's seed comes straight on.
    assert short(semis["matches"][0]) == [None, "Winner of A"]
    assert short(semis["matches"][1]) == [None, "Winner of B"]
    assert semis["matches"][0]["from"]["b"]["match_label"] == "A"
    assert short(final["matches"][0]) == ["Winner of C", "Winner of D"]
    assert short(third["matches"][0]) == ["Loser of C", "Loser of D"]
    # The long words stay for readers of the API.
    assert semis["matches"][0]["from"]["b"]["label"] == "Winner of quarter-final 2"


def test_a_double_eliminations_matches_are_lettered_in_the_order_they_can_be_played(
    api, organiser, make_user
):
    championship = small_championship(organiser, system="double_elimination")
    entered(championship, organiser, make_user, 4)
    rounds = {r["name"]: r["matches"] for r in bracket_of(api, championship)["rounds"]}
    letters = {name: [m["label"] for m in matches] for name, matches in rounds.items()}
    # Winners' round 1, then the losers' round that takes its losers, then the next rounds.
    assert letters == {
        "Winners' round 1": ["A", "B"],
        "Losers' round 1": ["C"],
        "Winners' final": ["D"],
        "Losers' final": ["E"],
        "Grand final": ["F"],
        "Grand final reset": ["G"],
    }
    assert short(rounds["Losers' round 1"][0]) == ["Loser of A", "Loser of B"]
    assert short(rounds["Losers' final"][0]) == ["Loser of D", "Winner of C"]
    assert short(rounds["Grand final"][0]) == ["Winner of D", "Winner of E"]


def test_the_grand_final_reset_is_shown_if_necessary_until_the_grand_final_decides(
    api, organiser, make_user
):
    championship = small_championship(organiser, system="double_elimination")
    entered(championship, organiser, make_user, 2)
    planned = bracket_of(api, championship)["rounds"]
    assert [r["name"] for r in planned] == ["Winners' final", "Grand final", "Grand final reset"]
    (reset,) = planned[-1]["matches"]
    assert reset["if_necessary"] is True and planned[-2]["matches"][0]["if_necessary"] is False
    assert short(reset) == ["Loser of B", "Winner of B"]
    assert [side["label"] for side in reset["from"].values()] == [
        "Loser of the grand final",
        "Winner of the grand final",
    ]

    services.start(championship.pk, by=organiser)
    resign_every_active_game(championship)  # the first seat wins the winners' final
    drawn = bracket_of(api, championship)["rounds"]
    assert drawn[-1]["name"] == "Grand final reset" and drawn[-1]["matches"][0]["if_necessary"]
    assert drawn[-1]["matches"][0]["id"] is None

    # The winners' bracket winner takes the grand final too: no reset.
    grand_final = Match.objects.get(stage__championship=championship, bracket="final")
    game = grand_final.games.get()
    game_services.resign(game.pk, grand_final.second.player)
    after = bracket_of(api, championship)["rounds"]
    assert [r["name"] for r in after] == ["Winners' final", "Grand final"]


def test_a_reset_that_is_played_is_no_longer_if_necessary(api, organiser, make_user):
    championship = small_championship(organiser, system="double_elimination")
    entered(championship, organiser, make_user, 2)
    services.start(championship.pk, by=organiser)
    resign_every_active_game(championship)
    grand_final = Match.objects.get(stage__championship=championship, bracket="final")
    game_services.resign(grand_final.games.get().pk, grand_final.first.player)
    (reset,) = bracket_of(api, championship)["rounds"][-1]["matches"]
    assert reset["id"] is not None and reset["if_necessary"] is False
    assert reset["label"] == "C" and reset["a"] and reset["b"]


def test_a_played_match_gives_each_sides_score(api, organiser, make_user):
    championship = small_championship(organiser, system="double_elimination")
    entered(championship, organiser, make_user, 2)
    services.start(championship.pk, by=organiser)
    (game,) = Game.objects.filter(match__stage__championship=championship)
    play_for_both(game.pk, random.Random(7))
    game.refresh_from_db()
    (match,) = bracket_of(api, championship)["rounds"][0]["matches"]
    first_seat = next(seat.seat for seat in game.seats.all() if seat.user.username == match["a"])
    second_seat = next(seat for seat in game.score if seat != first_seat)
    assert match["score"] == {
        "a": game.score[first_seat],
        "b": game.score[second_seat],
        "in": "points",
    }
    (waiting,) = bracket_of(api, championship)["rounds"][-1]["matches"]
    assert waiting["score"] is None


def test_before_the_draw_a_double_eliminations_seeds_are_the_entrants_as_seeded_now(
    api, organiser, make_user
):
    championship = small_championship(organiser, system="double_elimination")
    players = entered(championship, organiser, make_user, 4)
    first = bracket_of(api, championship)["rounds"][0]["matches"]
    assert [entrants(m) for m in first] == [["player00", "player03"], ["player01", "player02"]]
    # The organiser's seeds move them at once.
    services.set_seeds(championship.pk, by=organiser, order=["player03"])
    first = bracket_of(api, championship)["rounds"][0]["matches"]
    assert entrants(first[0]) == ["player03", "player02"]
    assert players  # every entrant is somewhere in the first round
    services.start(championship.pk, by=organiser)
    drawn = bracket_of(api, championship)["rounds"][0]["matches"]
    assert [[m["a"], m["b"]] for m in drawn] == [["player03", "player02"], ["player00", "player01"]]


def test_before_the_swiss_its_playoff_places_name_the_entrants_as_seeded_now(
    api, organiser, make_user
):
    championship = small_championship(organiser, system="swiss", playoff_players=4)
    entered(championship, organiser, make_user, 6)
    semis = bracket_of(api, championship)["rounds"][0]["matches"]
    assert [entrants(m) for m in semis] == [["player00", "player03"], ["player01", "player02"]]
    services.start(championship.pk, by=organiser)
    # Once the Swiss is played, its places are earned: no names until then.
    semis = bracket_of(api, championship)["rounds"][0]["matches"]
    assert [entrants(m) for m in semis] == [[None, None], [None, None]]


def test_before_the_groups_are_drawn_a_group_place_names_whom_the_snake_draw_puts_there(
    api, organiser, make_user
):
    # Eight players in two groups of four: A takes seeds 1, 4, 5, 8 and B seeds 2, 3, 6, 7.
    championship = small_championship(organiser, group_size=4, playoff_players_per_group=2)
    entered(championship, organiser, make_user, 8)
    semis = bracket_of(api, championship)["rounds"][0]["matches"]
    named = {
        source["label"]: source["entrant"] for match in semis for source in match["from"].values()
    }
    assert named == {
        "Winner of group A": "player00",
        "Runner-up of group A": "player03",
        "Winner of group B": "player01",
        "Runner-up of group B": "player02",
    }


def test_the_page_draws_the_entrants_in_their_seeded_slots_marked_as_provisional(
    client, organiser, make_user
):
    championship = small_championship(organiser, system="double_elimination")
    entered(championship, organiser, make_user, 3)
    page = html.unescape(client.get(f"/championships/{championship.pk}/").content.decode())
    assert 'class="bracket-name empty provisional"' in page
    assert ">player02<" in page and ">Seed 3<" in page
    assert "provisional" in page.split('id="brackets"')[1].split("</p>")[0]


def test_the_page_marks_the_readers_own_matches(organiser, make_user):
    championship = small_championship(organiser, system="double_elimination")
    players = entered(championship, organiser, make_user, 4)
    services.start(championship.pk, by=organiser)
    reader = client_with_token(players[0])
    reader.force_login(players[0])
    page = reader.get(f"/championships/{championship.pk}/").content.decode()
    assert len(MINE.findall(page)) == 1
    assert 'class="bracket-name me"' in page
    stranger = client_with_token(make_user("stranger"))
    stranger.force_login(make_user("stranger2"))
    assert MINE.findall(stranger.get(f"/championships/{championship.pk}/").content.decode()) == []
