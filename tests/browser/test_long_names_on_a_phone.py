"""Long names on a phone: players whose names are thirty letters with no space to break at
(Latin and Cyrillic), in championships with long names of every system, and every page that
shows those names stays within a 390 pixel wide screen (and a desktop's). Only the designated
scroll boxes (a standings table's, the bracket's, a board's frame) may be wider than the screen
inside; a screenshot of each page on the phone is kept (the desktop's are the every-page
test's)."""

import pytest

from accounts.models import Plan
from games import services as games
from games.models import Game
from ratings.models import Rating
from tests.browser.conftest import log_in, screenshot
from tests.browser.test_every_page import DESKTOP, OFF_THE_SCREEN, PHONE
from tests.support.championships import wait_until_moved_on
from tournaments import selectors as championship_selectors
from tournaments import services as championships
from tournaments.models import Championship, Match

# Thirty letters each, with no space to break at; only the reader's own name has a hyphen (a
# place a line may break), so the others have none.
LATIN = [
    "Wolfeschlegelsteinhausenberger",
    "Maximilianbartholomewfitzgeral",
    "Konstantinoszacharopoulosidisx",
    "Bartholomewvanderwesthuizenaaa",
]
CYRILLIC = [
    "Александра-Константинопольская",
    "Константинопольскаяалександрыш",
    "Вольдемарвладиславовичпетрищев",
    "Святополкмстиславовичвеликолеп",
]
NAMES = LATIN + CYRILLIC
ORGANISER = "Organisatorinternationalekropk"
PLAYER = NAMES[4]  # the reader: in every championship, with games to play
# Championship names long enough to fill a phone's line more than once, with words longer
# than a phone's line.
LONG_TITLES = {
    "groups": "Международныйчемпионатпоточкамимениалександраконстантинопольского 2026",
    "swiss": "InternationalKropkiSwissChampionshipOfTheNorthernProvinces winter",
    "double": "Двойноевыбываниевсероссийскийкубокпоточкамзимнийсезон 2026",
    "finished": "TheFinishedInternationalKropkiChampionshipOfTheSouthernProvinces",
    "open": "Открытыйчемпионатдляприглашённыхигроковсдлиннымиименами весна",
}


# Text that runs past the sides of the screen, but for text in a box that scrolls or clips
# sideways: an element may fit while its words run out of it.
TEXT_PAST_THE_SIDE = """() => {
  const width = document.documentElement.clientWidth;
  const inBox = el => {
    for (let up = el; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    }
    return false;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent.trim() || !parent) continue;
    if (parent.closest('.visually-hidden, .skip, script, style') || inBox(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const past = [...range.getClientRects()].some(
      box => box.width && (box.left < -1 || box.right > width + 1));
    if (past) found.push(node.textContent.trim().slice(0, 80));
  }
  return found;
}"""

# Names (links to a player or a championship) cut by the screen's edge as the page opens: a
# table wider than the screen may scroll its later columns into view, but no name starts on
# the screen and runs off it (in the first column of a table, it wraps).
NAMES_CUT_OFF = """() => {
  const width = document.documentElement.clientWidth;
  const cut = box => box.left < -1 || (box.left < width - 1 && box.right > width + 1);
  const names = 'main a[href*="/players/"], main a[href*="/championships/"]';
  return [...document.querySelectorAll(names)]
    .filter(link => !link.closest('.visually-hidden, svg'))
    .filter(link => [...link.getClientRects()].some(cut))
    .map(link => link.textContent.trim().slice(0, 80));
}"""


def _championship(organiser, players, name: str, **settings) -> Championship:
    championship = championships.create_championship(
        organiser=organiser, name=name, game="kropki", options={"width": 5, "height": 5},
        rated=False, stage_format="express", playoff_format="express",
        round_deadline_s=3 * 86_400, **settings,
    )  # fmt: skip
    for player in players:
        championships.enter(championship.pk, by=player)
    return championships.start(championship.pk, by=organiser)


def _decide_round(championship: Championship, organiser, *, leave_reader: bool) -> None:
    """The organiser decides each running game (the first seat wins, with a reason naming
    both players), but the reader's own game when told to leave it."""
    playing = Match.objects.filter(
        stage__championship=championship, status=Match.Status.PLAYING
    ).select_related("first__player", "second__player")
    for match in list(playing):
        if match.second is None:
            continue
        names = {match.first.player.username, match.second.player.username}
        if leave_reader and PLAYER in names:
            continue
        game = match.games.get(status=Game.Status.ACTIVE)
        winner, loser = match.first.player.username, match.second.player.username
        championships.adjudicate(
            game.pk, by=organiser, outcome="win", winner=winner,
            reason=f"{loser} left the game; {winner} was ahead.",
        )  # fmt: skip


def _play_to_the_end(championship: Championship) -> None:
    """Every game ends by the second seat's resignation, round after round."""
    for _round in range(20):
        playing = championship_selectors.championship_games(championship, Game.Status.ACTIVE)
        running = list(playing.prefetch_related("seats"))
        if not running:
            return
        for game in running:
            loser = max(game.seats.all(), key=lambda seat: seat.order).user
            games.resign(game.pk, loser)
        wait_until_moved_on(championship)


@pytest.fixture
def long_named_world(site, make_user):
    organiser = make_user(ORGANISER, plan=Plan.PAID)
    players = [make_user(name) for name in NAMES]
    reader = next(player for player in players if player.username == PLAYER)
    groups = _championship(organiser, players, LONG_TITLES["groups"], group_size=4)
    _decide_round(groups, organiser, leave_reader=True)
    championships.announce(
        groups.pk, by=organiser,
        text=f"{NAMES[0]} and {NAMES[5]}: please play your game today.",
    )  # fmt: skip
    swiss = _championship(
        organiser, players, LONG_TITLES["swiss"], system="swiss", swiss_rounds=3, playoff_players=4
    )
    _decide_round(swiss, organiser, leave_reader=False)
    double = _championship(
        organiser, players[:6], LONG_TITLES["double"], system="double_elimination",
        grand_final_reset=True,
    )  # fmt: skip
    _decide_round(double, organiser, leave_reader=True)
    finished = _championship(organiser, players, LONG_TITLES["finished"], group_size=4)
    _play_to_the_end(finished)
    open_one = championships.create_championship(
        organiser=organiser, name=LONG_TITLES["open"], game="kropki"
    )
    for player in players[:3]:
        championships.enter(open_one.pk, by=player)
    championships.invite(open_one.pk, by=organiser, username=PLAYER)
    # A friendly game between two long names waiting for the reader's answer, one under way
    # and one over.
    games.create_game(creator=players[0], game="kropki", options={}, format=None, opponent=PLAYER)
    friendly = games.create_game(
        creator=reader, game="kropki", options={}, format=None, opponent=NAMES[1]
    )
    friendly = games.accept_invitation(friendly.pk, players[1])
    games.submit_move(game_id=friendly.pk, user=reader, seq=1, payload=[3, 3])
    over = games.create_game(
        creator=reader, game="kropki", options={}, format=None, opponent=NAMES[2]
    )
    over = games.accept_invitation(over.pk, players[2])
    games.resign(over.pk, players[2])
    # Leaderboards and the profile's rating: the long names rated.
    for rank, player in enumerate(players):
        Rating.objects.create(
            player=player, game="kropki", rating=1700 - 10 * rank, rd=60, volatility=0.06,
            games=30,
        )  # fmt: skip
    running = Game.objects.filter(
        match__stage__championship=groups, status=Game.Status.ACTIVE
    ).first()
    return {
        "groups": groups,
        "swiss": swiss,
        "double": double,
        "finished": finished,
        "open": open_one,
        "friendly": friendly,
        "over": over,
        "running": running,
        "finished_game": Game.objects.filter(match__stage__championship=finished).first(),
    }


def pages_to_visit(world) -> dict[str, tuple[str, str | None]]:
    """name → (path, who reads it)."""
    paths: dict[str, tuple[str, str | None]] = {
        "home": ("/", PLAYER),
        "championships": ("/championships/", PLAYER),
        "championships-visitor": ("/championships/", None),
        "account": ("/account/", PLAYER),
        "notifications": ("/notifications/", PLAYER),
        "organiser-notifications": ("/notifications/", ORGANISER),
        "profile": (f"/players/{PLAYER}/", None),
        "organiser-profile": (f"/players/{ORGANISER}/", None),
        "leaderboards": ("/leaderboards/", None),
        "friendly-game": (f"/games/{world['friendly'].pk}/", PLAYER),
        "finished-friendly-game": (f"/games/{world['over'].pk}/", PLAYER),
        "championship-game": (f"/games/{world['running'].pk}/", None),
        "finished-championship-game": (f"/games/{world['finished_game'].pk}/", PLAYER),
        "decide": (
            f"/championships/{world['groups'].pk}/games/{world['running'].pk}/decide/",
            ORGANISER,
        ),
    }
    for system in ("groups", "swiss", "double", "finished", "open"):
        pk = world[system].pk
        paths[f"championship-{system}"] = (f"/championships/{pk}/", PLAYER)
        paths[f"championship-{system}-visitor"] = (f"/championships/{pk}/", None)
        paths[f"organise-{system}"] = (f"/championships/{pk}/organise/", ORGANISER)
        if system != "open":
            paths[f"rounds-{system}"] = (f"/championships/{pk}/rounds/", PLAYER)
    return paths


# What each page must show for the test to mean something: the parts where long names sat
# past the screen's side before.
PARTS_SHOWN = {
    "home": ["text=Invitations", ".game-item"],
    "championship-groups": [
        ".your-games-list a.button", "#log li", "table.schedule .won", "#announcements li",
        "table.standings", ".bracket-scroll",
    ],
    "championship-swiss": ["table.swiss-table", "#log li", "table.schedule .won"],
    "championship-double": ["#brackets .bracket-scroll", ".your-games-list a.button"],
    "championship-finished": [".champion-name", "table.final-ranking"],
    "championship-open": ["#entrants"],
    "organise-open": ["table.entries"],
    "notifications": [".notification"],
    "profile": ["table.recent-games"],
    "leaderboards": ["table.leaderboard"],
    "finished-friendly-game": [".player.winner"],
}  # fmt: skip


def test_long_names_keep_every_page_within_a_phones_and_a_desktops_width(
    long_named_world, site, open_page
):
    too_wide: dict[str, object] = {}
    # The desktop too: what wraps on a phone keeps the wide screen's page within its width.
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        readers: dict[str | None, object] = {}
        for name, (path, reader) in pages_to_visit(long_named_world).items():
            if reader not in readers:
                readers[reader] = open_page(viewport=viewport)
                if reader:
                    log_in(readers[reader], site, reader)
            page = readers[reader]
            response = page.goto(f"{site}{path}")
            assert response.status == 200, f"{name}: {path} answered {response.status}"
            for part in PARTS_SHOWN.get(name, []):
                assert page.locator(part).count(), f"{name}: {part} not shown"
            if size == "phone":
                screenshot(page, f"long-names-{name}-{size}")
            # Every page is looked at before the test says which ones failed.
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            past_the_side = page.evaluate(OFF_THE_SCREEN) + page.evaluate(TEXT_PAST_THE_SIDE)
            past_the_side += page.evaluate(NAMES_CUT_OFF)
            if overflow > 0 or past_the_side:
                too_wide[f"{name} ({size})"] = (overflow, past_the_side)
    assert too_wide == {}, "\n".join(f"{name}: {found}" for name, found in too_wide.items())
