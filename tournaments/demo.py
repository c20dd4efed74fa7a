"""The demo championships of `make demo`: two groups of demo players with half their games
played, a Swiss and a double elimination a few rounds in, and one still taking entries.
Their games are rated, so the leaderboards have players from the start."""

import random
from datetime import timedelta

from django.utils import timezone

from accounts.models import User
from games import publishing, registry
from games import selectors as game_selectors
from games import services as game_services
from games.models import Game
from games.outcomes import MatchFormat
from games.registry import GameDeclaration
from tournaments import selectors, services
from tournaments.models import Championship

DEMO_NAME = "Demo Cup"
SCHEDULED_NAME = "Demo Cup: next season"
SWISS_NAME = "Demo Swiss"
DOUBLE_ELIMINATION_NAME = "Demo Double Elimination"
ARENA_NAME = "Demo Arena"
DEMO_DESCRIPTION = (
    "Two groups of demo players, then a playoff.\n"
    "Each round has three days; a game still running then is decided by the score."
)
# How often a demo player plays its game's demo move instead of the CPU's.
RANDOM_SHARE = 0.3
DEMO_CPU_LEVEL = "easy"


def demo_game() -> GameDeclaration:
    """The game of the demo championship: the first in play that has demo options."""
    return next(game for game in registry.declarations() if game.demo_options is not None)


def play_for_both(game_id: int, chooser: random.Random, wait: float = 0) -> None:
    """Play a game to its end, each move sent by the player to move through the pipeline.

    With a real worker, `wait` is how long to wait for each verdict.
    """
    declared = registry.declaration(Game.objects.values_list("game", flat=True).get(pk=game_id))
    rules = declared.engine
    while True:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            return
        state = rules.load(bytes(game.snapshot))
        if declared.demo_move is not None and chooser.random() < RANDOM_SHARE:
            move = declared.demo_move(state, chooser)
        else:
            # The easy CPU plays sensible moves at a fraction of the normal one's work: the
            # demo's many games are made in seconds.
            move = rules.suggest(state, level=DEMO_CPU_LEVEL)
        if move is None:
            return
        player = User.objects.get(pk=game_selectors.players_by_seat(game)[game.to_move])
        sent, _created = game_services.submit_move(
            game_id=game_id, user=player, seq=game.move_count + 1, payload=move
        )
        publishing.wait_for_move(sent.pk, wait)


def create_demo_championship(organiser: User, players: list[User], rounds_played: int = 2):
    """Create, fill and start the demo championship, and play its first rounds."""
    return _started_and_played(
        organiser, players, rounds_played, name=DEMO_NAME, seed=2026,
        description=DEMO_DESCRIPTION,
    )  # fmt: skip


def play_rounds(championship: Championship, rounds: int, chooser: random.Random) -> None:
    """Play every running game to its end, `rounds` times over: each time the games that
    the ones before opened."""
    for _ in range(rounds):
        playing = selectors.championship_games(championship, Game.Status.ACTIVE)
        for game_id in list(playing.values_list("id", flat=True)):
            play_for_both(game_id, chooser)


def create_demo_swiss(organiser: User, players: list[User], rounds_played: int = 1) -> Championship:
    """A Swiss of the demo players with a playoff of its top four, its first rounds played."""
    return _started_and_played(
        organiser,
        players,
        rounds_played,
        name=SWISS_NAME,
        description=(
            "A Swiss of five rounds: each round pairs players with the same score who have "
            "not met yet. The top four then play a knockout playoff."
        ),
        system="swiss",
        swiss_rounds=5,
        playoff_players=4,
    )


def create_demo_double_elimination(
    organiser: User, players: list[User], rounds_played: int = 1
) -> Championship:
    """A double elimination of the demo players, its first rounds played."""
    return _started_and_played(
        organiser,
        players,
        rounds_played,
        name=DOUBLE_ELIMINATION_NAME,
        description=(
            "A player is out after a second lost match. The winner of the losers' bracket "
            "must beat the winner of the winners' bracket twice in the grand final."
        ),
        system="double_elimination",
        grand_final_reset=True,
    )


def create_demo_arena(organiser: User, players: list[User], rounds_played: int = 1) -> Championship:
    """An Arena of the demo players running for twelve hours, its first wave played."""
    return _started_and_played(
        organiser,
        players,
        rounds_played,
        name=ARENA_NAME,
        description=(
            "For twelve hours, whoever is free is paired at once with someone near them in "
            "the standings. Two wins in a row and every further game counts double; going "
            "berserk (half your clock) earns a point more for a win."
        ),
        system="arena",
        arena_minutes=720,
    )


def _started_and_played(
    organiser: User,
    players: list[User],
    rounds_played: int,
    *,
    name: str,
    seed: int | str | None = None,
    **settings,
) -> Championship:
    """The organiser's championship of that name, or a new one of every demo player,
    started and `rounds_played` rounds in (the demo players' random moves drawn from
    `seed`, the name by default)."""
    existing = Championship.objects.filter(name=name, organiser=organiser).first()
    if existing is not None:
        return existing
    championship = services.create_championship(
        organiser=organiser,
        name=name,
        game=demo_game().name,
        options=dict(demo_game().demo_options),
        stage_format=MatchFormat.EXPRESS,
        playoff_format=MatchFormat.EXPRESS,
        # Rated: the games played here fill the leaderboards the demo shows.
        rated=True,
        round_deadline_s=3 * 86_400,
        **settings,
    )
    for player in players:
        services.enter(championship.pk, by=player)
    services.start(championship.pk, by=organiser)
    play_rounds(championship, rounds_played, random.Random(name if seed is None else seed))
    championship.refresh_from_db()
    return championship


def create_scheduled_demo_championship(organiser: User, players: list[User]) -> Championship:
    """A championship still taking entries, with its start and the close of entries set:
    the beat (or the first reader after the time) starts it."""
    existing = Championship.objects.filter(name=SCHEDULED_NAME, organiser=organiser).first()
    if existing is not None:
        return existing
    now = timezone.now().replace(minute=0, second=0, microsecond=0)
    championship = services.create_championship(
        organiser=organiser,
        name=SCHEDULED_NAME,
        game=demo_game().name,
        options=dict(demo_game().demo_options),
        rated=True,
        description="Enter before the entries close; the championship starts by itself.",
        round_deadline_s=86_400,
        entries_close_at=now + timedelta(days=6),
        starts_at=now + timedelta(days=7),
    )
    for player in players[: len(players) // 2]:
        services.enter(championship.pk, by=player)
    for player in players[len(players) // 2 :][:2]:
        services.invite(championship.pk, by=organiser, username=player.username)
    return championship
