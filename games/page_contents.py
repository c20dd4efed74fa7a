"""What a game's page shows: the board, the seats, the clocks, the result, the move list and
the steps through it; built from the selectors and what the services allow the viewer."""

from django.utils.translation import gettext, pgettext

from accounts.models import User
from games import registry, replay, selectors, services, visibility
from games.boards import board_svg
from games.engines import engine
from games.models import Game, Seat
from games.titles import game_title, result_reason, seat_title


def game_page(game: Game, viewer: User | None, move: int | None = None) -> dict:
    """What the game page shows: the board, each seat's player, score and clock, the result,
    the move list; with `move`, the board and scores after that move (the replay)."""
    detail = selectors.game_detail(game)
    seats = sorted(game.seats.all(), key=lambda seat: seat.order)
    mine = next(
        (s.seat for s in seats if viewer and viewer.is_authenticated and s.user_id == viewer.pk),
        None,
    )
    active = game.status == Game.Status.ACTIVE
    can_rematch = services.may_rematch(game, mine)
    # A move before the last shows the game as it stood then; the last is the game now.
    replaying = move is not None and move < game.move_count
    shown = replay.position_at(game, move, mine) if replaying else None
    position = shown.view if replaying else detail["position"]
    score = shown.score if replaying else detail["score"]
    players = [
        {
            "seat": seat.seat,
            "title": seat_title(seat.seat, game.game),
            "username": seat.user.shown_name if seat.user_id else None,
            "page": seat.user.profile_url if seat.user_id else None,
            "score": score.get(seat.seat, 0),
            "clock": detail["clocks"].get(seat.seat),
            "to_move": active and game.to_move == seat.seat,
            "clock_running": active and game.to_move == seat.seat and bool(detail["clocks"]),
            "is_viewer": seat.seat == mine,
            "winner": game.status == Game.Status.FINISHED and game.winner == seat.seat,
        }
        for seat in seats
    ]
    to_move = next((p for p in players if p["to_move"]), None)
    across = position.get("width") or position.get("columns")
    down = position.get("height") or position.get("rows")
    if across and down:
        label = gettext("%(game)s board, %(width)s × %(height)s") % {
            "game": game_title(game.game),
            "width": across,
            "height": down,
        }
    else:
        label = gettext("%(game)s board") % {"game": game_title(game.game)}
    if replaying:
        label += "; " + gettext("after move %(number)s of %(total)s") % {
            "number": shown.number,
            "total": game.move_count,
        }
    elif to_move:
        label += "; " + gettext("%(colour)s to move") % {"colour": to_move["title"]}
    rules = engine(game.game)
    declared = registry.declaration(game.game)
    away = any(seat.away for seat in seats if seat.seat == mine)
    hands = position.get("hands") or {}
    out = position.get("out") or []
    stood_in = detail["result"].get("stand_in_moves") or {}
    for player, seat in zip(players, seats, strict=True):
        player["away"] = seat.away
        player["stand_in_moves"] = stood_in.get(seat.seat, 0)  # S4: shown on the page
        # Figures still in hand, where the game counts them; a player who left is out.
        in_hand = hands.get(seat.seat)
        player["in_hand"] = in_hand if isinstance(in_hand, int) else None
        player["out"] = seat.seat in out
        player["berserk"] = seat.seat in game.berserk
    return {
        "game": game,
        "detail": detail,
        "players": players,
        "my_seat": mine,
        "can_move": active and mine is not None and game.to_move == mine,
        "next_seq": game.move_count + 1,
        "board": board_svg(
            game.game, position, label=label, playable=active and mine is not None and not replaying
        ),
        "replay": _replay_context(game, shown.number if replaying else None, seats),
        "finished": game.status == Game.Status.FINISHED,
        "winner": next((p for p in players if p["winner"]), None),
        "reason": result_reason(game.result_reason, game.game) if game.result_reason else "",
        "draw_offered_by": seat_title(game.draw_offer, game.game) if game.draw_offer else "",
        "draw_offer_mine": bool(game.draw_offer) and game.draw_offer == mine,
        "invited": game.status == Game.Status.INVITED
        and mine is not None
        and game.created_by_id != viewer.pk,
        "inviting": game.status == Game.Status.INVITED
        and mine is not None
        and game.created_by_id == viewer.pk,
        "championship": visibility.belongs_to(game),
        "other_record_formats": [form for form in rules.record_formats if form != "json"],
        # The actions offered are those the services accept, by their own rules.
        "allows_undo": services.may_undo(game, mine),
        "undo_requested_by": seat_title(game.undo_request, game.game) if game.undo_request else "",
        "undo_request_mine": bool(game.undo_request) and game.undo_request == mine,
        "stand_in": services.may_set_away(game, mine, not away),  # to leave, or come back
        "away": away,
        # A past position is only looked at: its panel shows no one's hand.
        "panel": declared.panel.build(position, None if replaying else mine)
        if declared.panel
        else None,
        "panel_template": declared.panel.template if declared.panel else "",
        "board_help": declared.board_help,
        "script": declared.script,
        "stylesheet": declared.stylesheet,
        "draw_offers": services.may_offer_draw(game, mine),
        "may_go_berserk": services.may_go_berserk(game, mine),
        "can_rematch": can_rematch,
        # A guest at their limit of unfinished games sees the button disabled, and why.
        "rematch_refusal": services.guest_practice_refusal(viewer) if can_rematch else None,
    }


def _replay_context(game: Game, number: int | None, seats: list[Seat]) -> dict:
    """The move list and the steps through it; `number`: the move shown (None: the game
    as it stands, its last move)."""
    total = game.move_count
    at = total if number is None else number
    order = [seat.seat for seat in seats]
    lines = [
        {
            "number": line.number,
            "seat": line.seat,
            "title": seat_title(line.seat, game.game),
            "text": line.text,
            # A move of several parts wraps between them, not inside one.
            "parts": line.text.split(", "),
            "points": line.points,
            "score": [line.score_after.get(seat, 0) for seat in order],
            "shown": line.number == at,
        }
        for line in replay.move_list(game)
    ]

    def step(to: int) -> int | None:
        """The move a step goes to, None where it goes nowhere."""
        return to if 0 <= to <= total and to != at else None

    return {
        "replaying": number is not None,
        "number": at,
        "total": total,
        "moves": lines,
        # (name, the move it goes to or None, its sign, its words)
        "steps": [
            ("first", step(0), "«", pgettext("replay", "First")),
            ("back", step(at - 1), "‹", pgettext("replay", "Back")),
            ("forward", step(at + 1), "›", pgettext("replay", "Forward")),
            ("last", step(total), "»", pgettext("replay", "Last")),
        ],
    }
