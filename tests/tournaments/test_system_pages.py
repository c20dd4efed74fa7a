"""The pages of a Swiss and a double elimination: the championship page's standings,
schedule and brackets, and the rounds page with why each pairing is so."""

import random
import re
from html import unescape

import pytest
from django.urls import reverse

from accounts.models import Plan
from games.models import Game
from tests.support.championships import started_small
from tournaments import services
from tournaments.demo import play_for_both
from tournaments.models import Championship, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


def started(organiser, make_user, count, **settings) -> Championship:
    return started_small(organiser, make_user, count, name="Spring Open", **settings)


def running_games(championship) -> list[Game]:
    return list(
        Game.objects.filter(
            match__stage__championship=championship, status=Game.Status.ACTIVE
        ).order_by("pk")
    )


def play_one_round(championship) -> None:
    for game in running_games(championship):
        play_for_both(game.pk, random.Random(game.pk))
    championship.refresh_from_db()


def decide(game: Game, organiser, entry_id: int) -> None:
    """The organiser gives the game to the player of the entry."""
    match = game.match
    entry = match.first if match.first_id == entry_id else match.second
    services.adjudicate(
        game.pk, by=organiser, outcome="win", winner=entry.player.username, reason="Agreed."
    )


def play_to_the_end(championship, organiser, steps=60) -> None:
    for _step in range(steps):
        championship.refresh_from_db()
        if championship.status == Championship.Status.FINISHED:
            return
        play_one_round(championship)
    raise AssertionError("the championship did not finish")


def text(response) -> str:
    """The page's text without tags, spaces collapsed."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def section(response, section_id: str) -> str:
    """The HTML of one <section> of the page, by its id."""
    html = response.content.decode()
    start = html.index(f'<section id="{section_id}"')
    return html[start : html.index("</section>", start)]


def page(championship):
    return reverse("championship", args=[championship.pk])


def rounds_page(championship):
    return reverse("championship-rounds", args=[championship.pk])


# -- a Swiss ------------------------------------------------------------------------------


def test_a_running_swiss_shows_its_standings_with_pairing_numbers_and_tiebreaks(
    client, organiser, make_user
):
    championship = started(organiser, make_user, 5, system="swiss", swiss_rounds=3)
    play_one_round(championship)
    answer = client.get(page(championship))
    assert answer.status_code == 200
    table = section(answer, "standings")
    assert "Swiss standings" in table
    # One column a tie-break, in the championship's order, with the legend's words.
    headers = re.findall(r'class="number tiebreak"><abbr title="([^"]+)"', table)
    assert headers == [
        "Buchholz cut 1", "Buchholz", "Sonneborn-Berger", "Direct encounter", "Wins",
    ]  # fmt: skip
    assert "Lot" not in re.findall(r"<abbr[^>]*>([^<]+)</abbr>", table)
    rows = answer.context["swiss"]
    # A place is its position in the table, or the first of the places it shares.
    for position, row in enumerate(rows, start=1):
        assert row["rank"] == position or (row["shared"] and row["rank"] < position)
    assert sorted(row["pairing_number"] for row in rows) == [1, 2, 3, 4, 5]
    assert all(len(row["values"]) == 5 for row in rows)
    # Round 1 is over: with five players four played and one had the bye (no game).
    assert sorted(row["played"] for row in rows) == [0, 1, 1, 1, 1]
    # No playoff: nobody is marked as going on.
    assert not any(row["advances"] for row in rows) and "advance-mark" not in table


def test_a_running_swiss_marks_a_withdrawn_player_and_keeps_them_out_of_the_top(
    client, organiser, make_user
):
    championship = started(
        organiser, make_user, 6, system="swiss", swiss_rounds=3, playoff_players=2
    )
    play_one_round(championship)
    leader = client.get(page(championship)).context["swiss"][0]["username"]
    services.withdraw(championship.pk, by=organiser, username=leader)
    answer = client.get(page(championship))
    rows = {row["username"]: row for row in answer.context["swiss"]}
    assert rows[leader]["withdrawn"] and not rows[leader]["advances"]
    assert sum(row["advances"] for row in rows.values()) == 2
    table = section(answer, "standings")
    assert table.count('class="advance-mark"') == 2
    assert re.search(rf">{leader}</a>[^<]*<span class=\"badge\">withdrawn</span>", table)
    assert "The top 2 of the Swiss go on to this playoff" in text(answer)
    assert "Place 2 in the Swiss" in text(answer)  # the playoff's plan, named by Swiss place
    assert 'href="#playoff"' in answer.content.decode()


def test_the_swiss_schedule_titles_its_stage_and_links_each_round_to_its_explanation(
    client, organiser, make_user
):
    championship = started(organiser, make_user, 5, system="swiss", swiss_rounds=3)
    play_one_round(championship)
    answer = client.get(page(championship))
    games = section(answer, "games")
    assert '<h3 class="stage-title">Swiss</h3>' in games
    for number in (1, 2):
        link = f'href="{rounds_page(championship)}#round-swiss-{number}"'
        assert re.search(rf"<h4[^>]*><a {link}[^>]*>Round {number}</a></h4>", games)
    # Each round's bye is a row of its own.
    assert "has a bye" in text(answer)


def test_a_finished_swiss_shows_its_ranking_the_playoff_bracket_and_who_went_on(
    client, organiser, make_user
):
    championship = started(
        organiser, make_user, 6, system="swiss", swiss_rounds=3, playoff_players=4
    )
    play_to_the_end(championship, organiser)
    answer = client.get(page(championship))
    content = text(answer)
    assert "Final ranking" in content and "Champion" in content
    drawing = answer.context["drawing"]
    assert [h.text for h in drawing.headings][:2] == ["Semi-finals", "Final"]
    assert '<svg class="bracket-svg"' in section(answer, "playoff")
    rows = answer.context["swiss"]
    marked = [row["username"] for row in rows if row["advances"]]
    assert marked == [row["username"] for row in rows[:4]]
    playoff = championship.stages.get(kind="playoff")
    semi_finalists = {
        entry.player.shown_name
        for match in playoff.matches.filter(round=1).select_related(
            "first__player", "second__player"
        )
        for entry in (match.first, match.second)
    }
    assert semi_finalists == set(marked)
    titles = [stage["title"] for stage in answer.context["schedule"]]
    assert titles == ["Swiss", "Playoff"]


# -- the rounds page ----------------------------------------------------------------------


def test_the_rounds_page_says_why_each_pairing_and_the_bye_are_so(client, organiser, make_user):
    championship = started(organiser, make_user, 5, system="swiss", swiss_rounds=3)
    play_one_round(championship)
    answer = client.get(rounds_page(championship))
    assert answer.status_code == 200
    rounds = answer.context["rounds"]
    assert [r["title"] for r in rounds] == ["Swiss, round 1", "Swiss, round 2"]
    assert [r["anchor"] for r in rounds] == ["round-swiss-1", "round-swiss-2"]
    first = rounds[0]
    assert len(first["pairings"]) == 2 and len(first["byes"]) == 1
    html = unescape(answer.content.decode())
    for pairing in first["pairings"]:
        assert f'href="/games/{pairing["game"]}/"' in html
        assert pairing["why"] and pairing["why"] in html
        assert {p["seat"] for p in pairing["players"]} == {"Red", "Blue"}
    bye = first["byes"][0]
    assert "odd number of players (5)" in bye["why"]
    assert bye["why"] in html
    # Round 2 pairs within score groups, and someone floats when a group is odd.
    second = rounds[1]
    assert all(p["score_group"] != "" for p in second["pairings"])
    floats = [p["float"] for pairing in second["pairings"] for p in pairing["players"]]
    assert "down" in floats or "up" in floats
    assert "floated down" in text(answer) or "floated up" in text(answer)


def test_the_rounds_page_of_a_group_championship_names_its_rounds(client, organiser, make_user):
    championship = started(organiser, make_user, 4)
    answer = client.get(rounds_page(championship))
    titles = [r["title"] for r in answer.context["rounds"]]
    assert titles == ["Group stage, round 1", "Group stage, round 2", "Group stage, round 3"]
    assert "Berger table" in text(answer)


def test_the_rounds_page_before_the_start_says_nothing_is_paired(client, organiser):
    championship = services.create_championship(
        organiser=organiser, name="Later", game="kropki", options={}, rated=False,
        system="swiss",
    )  # fmt: skip
    answer = client.get(rounds_page(championship))
    assert answer.status_code == 200
    assert "No round has been paired yet" in text(answer)


def test_a_private_championships_rounds_page_is_not_found_for_outsiders(
    client, organiser, make_user
):
    organiser.plan = Plan.PAID
    organiser.save()
    championship = started(organiser, make_user, 5, system="swiss", visibility="private")
    assert client.get(rounds_page(championship)).status_code == 404
    client.force_login(make_user("stranger"))
    assert client.get(rounds_page(championship)).status_code == 404
    assert client.get(page(championship)).status_code == 404
    client.force_login(championship.entries.first().player)
    assert client.get(rounds_page(championship)).status_code == 200
    client.force_login(organiser)
    assert client.get(rounds_page(championship)).status_code == 200


# -- a double elimination -----------------------------------------------------------------


def test_a_running_double_elimination_draws_both_brackets_and_its_schedule(
    client, organiser, make_user
):
    championship = started(organiser, make_user, 5, system="double_elimination")
    play_one_round(championship)
    answer = client.get(page(championship))
    assert answer.status_code == 200
    drawing = answer.context["drawing"]
    assert [t.text for t in drawing.titles] == ["Winners' bracket", "Losers' bracket"]
    headings = [h.text for h in drawing.headings]
    assert headings[0] == "Winners' round 1" and "Losers' final" in headings
    assert headings[-2:] == ["Grand final", "Grand final reset"]
    assert drawing.connectors
    brackets = section(answer, "brackets")
    assert '<text class="bracket-title"' in brackets and "bracket-line" in brackets
    # The reset is drawn as played only if necessary; the schedule has no match for it yet.
    assert [box.if_necessary for box in drawing.boxes][-2:] == [False, True]
    assert "playoff-heading" not in answer.content.decode()
    (stage,) = answer.context["schedule"]
    assert stage["title"] == "Double elimination"
    titles = [r["title"] for r in stage["rounds"]]
    assert titles[0] == "Winners' round 1"
    assert titles.index("Winners' final") < titles.index("Losers' round 1")
    assert titles[-1] == "Grand final"
    assert [r["bracket"] for r in stage["rounds"]] == sorted(
        (r["bracket"] for r in stage["rounds"]), key=["winners", "losers", "final"].index
    )


def test_a_finished_double_elimination_with_its_reset_draws_it_and_ranks_everyone(
    client, organiser, make_user
):
    championship = started(organiser, make_user, 4, system="double_elimination")
    for _step in range(40):
        championship.refresh_from_db()
        if championship.status == Championship.Status.FINISHED:
            break
        for game in running_games(championship):
            match = game.match
            if match.bracket == Match.Bracket.FINAL and match.round == 1:
                decide(game, organiser, match.second_id)  # the losers' side forces the reset
            else:
                decide(game, organiser, match.first_id)
    assert championship.status == Championship.Status.FINISHED
    answer = client.get(page(championship))
    drawing = answer.context["drawing"]
    finals = [box for box in drawing.boxes if box.bracket == "final"]
    assert [box.round_name for box in finals] == ["Grand final", "Grand final reset"]
    assert all(box.decided for box in finals)
    assert "Grand final reset" in [r["title"] for r in answer.context["schedule"][0]["rounds"]]
    ranking = section(answer, "final-ranking")
    assert ranking.count("<tr") == 1 + 4
    assert [row["rank"] for row in answer.context["final"]][:2] == [1, 2]
