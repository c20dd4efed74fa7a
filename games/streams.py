"""A game's live stream (`/api/games/{id}/events/`): its topic, its state and who may follow
it, as published after each change (the `live` package does the streaming; who may open
the stream is `games.stream_source`)."""

from collections.abc import Iterable

from django.contrib.auth.models import AnonymousUser

from games import visibility
from games.models import Game
from live import publishing, sources
from live.topics import Topic

KIND = "game"


def topic(game_id: int) -> Topic:
    return Topic(KIND, game_id)


def state(game: Game) -> dict:
    """What a stream opens with, and what a reader needs to tell a clock that ran out."""
    deadline = game.deadline
    return {
        "game": game.pk,
        "status": game.status,
        "move_count": game.move_count,
        "score": game.score,
        "due_at": deadline.timestamp() if deadline is not None else None,
    }


def access(game: Game) -> dict:
    """What a stream's opening reads of who may follow the game (loaded `with_related`)."""
    return {"public": visibility.visible(game, AnonymousUser())}


def publish_access(game_ids: Iterable[int]) -> None:
    """Who may see these games changed (and committed): the streams that open next read it,
    and each open stream asks again whether its viewer still may. A game deleted meanwhile
    is shown to nobody."""
    game_ids = set(game_ids)
    for game in visibility.with_related(Game.objects.filter(pk__in=game_ids)):
        game_ids.discard(game.pk)
        publishing.publish_access(topic(game.pk), access(game))
    for gone in game_ids:
        publishing.publish_access(topic(gone), {"public": False})


def watching(game_id: int) -> int:
    return sources.watching_now(topic(game_id))
