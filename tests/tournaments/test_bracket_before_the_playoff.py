"""The bracket from day one: before the playoff is drawn, GET .../bracket/ is the plan the
draw will follow, every slot naming where its player comes from."""

import pytest

from games import services as game_services
from games.models import Game
from tests.conftest import client_with_token
from tests.support.championships import invite_and_accept, small_championship
from tournaments import services
from tournaments.models import Championship

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def entered(championship, organiser, make_user, count, prefix="player"):
    players = [make_user(f"{prefix}{n:02d}") for n in range(count)]
    invite_and_accept(championship, organiser, *players)
    return players


def bracket_of(api, championship):
    answer = api.get(f"/api/championships/{championship.pk}/bracket/")
    assert answer.status_code == 200, answer.content
    return answer.json()


def sides(match):
    return [match["from"]["a"], match["from"]["b"]]


def labels(match):
    return [side and side["label"] for side in sides(match)]


def resign_every_active_game(championship):
    """The second seat resigns every running game of the championship."""
    for game in Game.objects.filter(
        match__stage__championship=championship, status=Game.Status.ACTIVE
    ):
        loser = game.seats.order_by("order").last().user
        game_services.resign(game.pk, loser)


def test_with_fewer_than_two_entrants_the_bracket_is_an_empty_plan(api, organiser, make_user):
    championship = small_championship(organiser)
    entered(championship, organiser, make_user, 1)
    assert bracket_of(api, championship) == {"rounds": [], "planned": True, "entrants": 1}


def test_during_registration_the_plan_counts_on_the_players_entered_so_far(
    api, organiser, make_user
):
    # Twelve players in groups of four: groups A, B and C send their top two, six players
    # in a bracket of eight where the two best group winners have a bye.
    championship = small_championship(organiser, group_size=4, playoff_players_per_group=2)
    entered(championship, organiser, make_user, 12)
    bracket = bracket_of(api, championship)
    assert (bracket["planned"], bracket["entrants"]) == (True, 12)
    assert [r["name"] for r in bracket["rounds"]] == [
        "Quarter-finals",
        "Semi-finals",
        "Final",
        "Third place",
    ]
    first_round = bracket["rounds"][0]["matches"]
    named = [side for match in first_round for side in sides(match) if side]
    assert sorted((side["group"], side["place"]) for side in named) == [
        (group, place) for group in "ABC" for place in (1, 2)
    ]
    assert {side["label"] for side in named} == {
        f"{word} of group {group}" for group in "ABC" for word in ("Winner", "Runner-up")
    }
    # Nobody has a place yet: no player, no game, no id.
    for round_ in bracket["rounds"]:
        for match in round_["matches"]:
            assert (match["id"], match["a"], match["b"], match["games"]) == (None, None, None, [])
    byes = [match for match in first_round if match["bye"]]
    assert sorted(label for match in byes for label in labels(match) if label) == [
        "Winner of group A",
        "Winner of group B",
    ]
    # A seed with a bye is named straight in the semi-final it goes to.
    semi_sources = [label for m in bracket["rounds"][1]["matches"] for label in labels(m)]
    assert "Winner of group A" in semi_sources and "Winner of group B" in semi_sources
    assert sum(label.startswith("Winner of quarter-final") for label in semi_sources) == 2
    assert labels(bracket["rounds"][2]["matches"][0]) == [
        "Winner of semi-final 1",
        "Winner of semi-final 2",
    ]
    assert labels(bracket["rounds"][3]["matches"][0]) == [
        "Loser of semi-final 1",
        "Loser of semi-final 2",
    ]
    # Group mates do not meet in the first round.
    for match in first_round:
        groups = {side["group"] for side in sides(match) if side}
        assert len(groups) == len([side for side in sides(match) if side])


def test_third_and_later_places_are_named_by_their_place(api, organiser, make_user):
    championship = small_championship(organiser, group_size=4, playoff_players_per_group=4)
    entered(championship, organiser, make_user, 8)
    first_round = bracket_of(api, championship)["rounds"][0]["matches"]
    named = {label for match in first_round for label in labels(match)}
    assert {"3rd of group A", "4th of group B"} <= named


def test_no_match_for_third_place_when_the_settings_leave_it_out(api, organiser, make_user):
    championship = small_championship(organiser, group_size=2, playoff_players_per_group=1)
    championship.third_place = False
    championship.save()
    entered(championship, organiser, make_user, 8)
    names = [r["name"] for r in bracket_of(api, championship)["rounds"]]
    assert names == ["Semi-finals", "Final"]


@pytest.mark.parametrize(("players", "names"), [(4, ["Final"]), (6, ["Semi-finals", "Final"])])
def test_no_match_for_third_place_without_two_semi_finals(
    api, organiser, make_user, players, names
):
    # Groups of two sending one each: two players make only a final; three make one real
    # semi-final and a bye, so nobody would meet its loser.
    championship = small_championship(organiser, group_size=2, playoff_players_per_group=1)
    entered(championship, organiser, make_user, players)
    assert [r["name"] for r in bracket_of(api, championship)["rounds"]] == names


def test_three_qualifiers_and_third_place_set_still_finish(api, organiser, make_user):
    championship = small_championship(organiser, group_size=2, playoff_players_per_group=1)
    entered(championship, organiser, make_user, 6)
    services.start(championship.pk, by=organiser)
    for _ in range(4):
        resign_every_active_game(championship)
    championship.refresh_from_db()
    assert championship.status == Championship.Status.FINISHED
    names = [r["name"] for r in bracket_of(api, championship)["rounds"]]
    assert names == ["Semi-finals", "Final"]


def test_the_playoff_puts_every_group_finisher_where_the_plan_named_them(api, organiser, make_user):
    championship = small_championship(organiser, group_size=2, playoff_players_per_group=1)
    entered(championship, organiser, make_user, 8)
    services.start(championship.pk, by=organiser)
    plan = bracket_of(api, championship)
    assert (plan["planned"], plan["entrants"]) == (True, None)
    resign_every_active_game(championship)  # each group of two plays one game
    standings = api.get(f"/api/championships/{championship.pk}/standings/").json()
    finisher = {
        (group["name"], row["rank"]): row["username"]
        for group in standings["groups"]
        for row in group["rows"]
    }
    drawn = bracket_of(api, championship)
    assert drawn["planned"] is False
    for planned, played in zip(
        plan["rounds"][0]["matches"], drawn["rounds"][0]["matches"], strict=True
    ):
        for key in ("a", "b"):
            source = planned["from"][key]
            assert played[key] == finisher[(source["group"], source["place"])]
            assert played["from"][key] is None  # filled: the player, as before
    # The final waits for its players: each side says where they come from.
    assert labels(drawn["rounds"][1]["matches"][0]) == [
        "Winner of semi-final 1",
        "Winner of semi-final 2",
    ]
    final = drawn["rounds"][1]["matches"][0]
    assert (final["a"], final["b"]) == (None, None)


def test_the_plan_during_the_groups_follows_the_groups_drawn(api, organiser, make_user):
    # Seven players in groups of four, dealt like a snake: A holds three and B four.
    championship = small_championship(organiser, group_size=4, playoff_players_per_group=4)
    entered(championship, organiser, make_user, 7)
    services.start(championship.pk, by=organiser)
    first_round = bracket_of(api, championship)["rounds"][0]["matches"]
    named = sorted(
        (side["group"], side["place"]) for match in first_round for side in sides(match) if side
    )
    assert named == [("A", 1), ("A", 2), ("A", 3), ("B", 1), ("B", 2), ("B", 3), ("B", 4)]


def test_the_labels_are_in_the_readers_language(organiser, make_user):
    championship = small_championship(organiser, group_size=4, playoff_players_per_group=2)
    entered(championship, organiser, make_user, 8)
    reader = client_with_token(make_user("reader"))
    answer = reader.get(f"/api/championships/{championship.pk}/bracket/", HTTP_ACCEPT_LANGUAGE="pl")
    first = answer.json()["rounds"][0]["matches"][0]
    assert first["from"]["a"]["group"] == "A" and first["from"]["a"]["place"] == 1
    assert first["from"]["a"]["label"] == "Zwycięzca grupy A"


def test_a_private_championships_plan_is_hidden_from_strangers(organiser, make_user):
    organiser.plan = "paid"
    organiser.save()
    championship = small_championship(organiser, visibility="private")
    stranger = client_with_token(make_user("stranger"))
    answer = stranger.get(f"/api/championships/{championship.pk}/bracket/")
    assert answer.status_code == 404


def test_the_bracket_of_no_championship_is_not_found(api):
    assert api.get("/api/championships/999999/bracket/").status_code == 404
