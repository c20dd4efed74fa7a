"""Game pages: the live game, its actions, a new game, the rules."""

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts import guests
from games import (
    budgets,
    page_contents,
    registry,
    replay,
    rulebook,
    selectors,
    services,
    streams,
    visibility,
)
from games.boards import point_words
from games.engines import CPU_LEVELS, DEFAULT_CPU_LEVEL
from games.forms import new_game_form, quick_play
from games.models import CPU_PLAYER, Game, cpu_level_title
from infrastructure import throttling
from infrastructure.errors import DomainError, TooMany
from live import addresses, watching


def _game(request: HttpRequest, game_id: int) -> Game:
    """The game as it stands, if the visitor may see it (otherwise 404, as for a game that
    does not exist); a seated player asking for it is present (S5, S3). A read changes
    nothing: a game whose clock has run out is handed to the worker, which decides it."""
    return services.ask_worker_if_due(_seen_game(request, game_id))


def _seen_game(request: HttpRequest, game_id: int) -> Game:
    """The game if the visitor may see it, else 404; a seated player is shown present."""
    game = selectors.visible_game(game_id, request.user)
    if game is None:
        raise Http404
    if request.user.is_authenticated:
        services.touch_presence(game, request.user)
    return game


def _asked_move(request: HttpRequest, game: Game) -> replay.Asked:
    """The position `?move=N` asks to see (the permalink of a move); a position replayed
    is counted against the client's budget of replays (TooMany once it is spent)."""
    asked = replay.asked_move(request.GET.get("move"), game.move_count)
    if asked.number is not None and asked.number < game.move_count:
        budgets.spend_replay(request)
    return asked


@throttling.answers_over_budget
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """Anyone who may see the game watches it here; its players play it here; `?move=N`
    shows the position after move N."""
    game = _game(request, game_id)
    asked = _asked_move(request, game)
    context = page_contents.game_page(game, request.user, asked.number)
    context["move_note"] = asked.note
    # Only on the whole page: the part that changes with each move does not carry it.
    context["decision_url"] = visibility.decision_url(game, request.user)
    context["watching"] = watching.words(streams.watching(game.pk))
    context["events_url"] = addresses.stream_url(reverse("api-game-events", args=[game.pk]))
    context["events_cross_origin"] = addresses.cross_origin()
    context["quiet_seconds"] = settings.GAME_PAGE_QUIET_SECONDS
    context["texts"] = {
        "point_words": point_words(game.game),
        "not_your_move": gettext("It is not your move yet."),
        "not_sent": gettext("The move could not be sent; check the connection and try again."),
    }
    return render(request, "games/game.html", context)


@throttling.answers_over_budget
def game_live(request: HttpRequest, game_id: int) -> HttpResponse:
    """The changing part of the game page; 204 when the page already shows this version."""
    game = _game(request, game_id)
    if request.GET.get("version") == str(game.version):
        return HttpResponse(status=204)
    # A wrong move number gets the nearest position here; the page itself says why.
    context = page_contents.game_page(game, request.user, _asked_move(request, game).number)
    return render(request, "games/game_live.html", context)


def game_new(request: HttpRequest) -> HttpResponse:
    """A practice game or an invitation; `?game=` picks the game (the first by default).

    A visitor without an account is offered a practice game against the CPU as a guest.
    """
    game_name = request.POST.get("game") or request.GET.get("game") or registry.names()[0]
    if game_name not in registry.names():
        raise Http404
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.get_full_path())
        return render(request, "games/new.html", _visitor_context(request, game_name))
    declared = registry.declaration(game_name)
    guest = guests.is_guest(request.user)
    form = new_game_form(game_name, guest=guest)(request.POST or None)
    over_budget = None
    if request.method == "POST" and form.is_valid():
        try:
            game = services.create_game(creator=request.user, **form.service_arguments())
        except TooMany as refusal:
            form.add_error(None, refusal.message)
            over_budget = refusal
        except DomainError as error:
            field = error.field.split(".")[-1] if error.field else None
            # The service's names of what the form asks in other fields.
            field = {
                "move_s": "clock",
                "opponent": "player",
                "opponents": "player",
                "cpu_level": "opponent",
            }.get(field, field)
            form.add_error(field if field in form.fields else None, error.message)
        else:
            return redirect(game)
    note = declared.new_game_help(request.user) if declared.new_game_help else ""
    context = {
        "form": form,
        "game": game_name,
        "games": registry.names(),
        "note": note,
        # What a guest may not do is not offered; the page says so, and how to get it.
        "guest_note": guests.REFUSALS[guests.GuestRefusal.OTHER_GAMES] if guest else "",
        "refusal": services.guest_practice_refusal(request.user),
    }
    page = render(request, "games/new.html", context)
    return throttling.refused(page, over_budget.retry_after) if over_budget else page


def _visitor_context(request: HttpRequest, game_name: str) -> dict:
    """The new-game page of a visitor without an account: this game's quick play."""
    return {
        "game": game_name,
        "games": registry.names(),
        "quick_play": quick_play(request.user, [game_name]),
    }


@require_POST
def guest_game(request: HttpRequest) -> HttpResponse:
    """A practice game against the CPU at the level chosen (normal if none), with the game's
    usual options, for a visitor without an account: the first makes them a guest (on the
    per-address "guest" budget)."""
    game_name = request.POST.get("game", "")
    if game_name not in registry.names():
        messages.error(request, gettext("There is no such game here."))
        return redirect("game-new")
    back = reverse("game-new") + f"?game={game_name}"
    level = request.POST.get("cpu_level") or DEFAULT_CPU_LEVEL
    if level not in CPU_LEVELS:
        messages.error(
            request,
            gettext("Choose the CPU's strength: %(levels)s.")
            % {"levels": ", ".join(cpu_level_title(name) for name in CPU_LEVELS)},
        )
        return redirect(back)
    if request.user.is_authenticated and not guests.is_guest(request.user):
        return redirect(back)  # a player has the full new-game form
    if not request.user.is_authenticated:
        wait = throttling.address_wait(request, throttling.GUEST_SCOPE)
        if wait is not None:
            messages.error(
                request,
                gettext("Too many guests from your address.") + " " + throttling.try_again_in(wait),
            )
            page = render(request, "games/new.html", _visitor_context(request, game_name))
            return throttling.refused(page, wait)
        try:
            guest = guests.create_guest()
        except DomainError as error:
            messages.error(request, error.message)
            return redirect(back)
        login(request, guest, backend="django.contrib.auth.backends.ModelBackend")
    try:
        game = services.create_game(
            creator=request.user,
            game=game_name,
            options=None,
            format=None,
            opponent=CPU_PLAYER,
            cpu_level=level,
        )
    except TooMany as refusal:
        return throttling.too_many_page(request, refusal)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect(back)
    return redirect(game)


def _game_action(service, done: Callable[[Game], str], *, budgeted: bool = False):
    """A POST from the game page that runs one game service for the player, then shows the
    game; `budgeted`: one the player may repeat, on their budget of actions in the game."""

    @login_required
    @require_POST
    @throttling.answers_over_budget
    def action(request: HttpRequest, game_id: int) -> HttpResponse:
        if budgeted:
            budgets.spend_game_action(request.user, game_id)
        _seen_game(request, game_id)
        try:
            game = service(game_id, request.user)
        except DomainError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, done(game))
        return redirect("game", game_id=game_id)

    return action


def _draw_done(game: Game) -> str:
    if game.status == Game.Status.FINISHED:
        return gettext("The draw is agreed.")
    return gettext("You offered a draw; it stands until your opponent accepts it or moves.")


resign = _game_action(services.resign, lambda game: gettext("You resigned the game."))
offer_draw = _game_action(services.offer_draw, _draw_done, budgeted=True)
accept = _game_action(services.accept_invitation, lambda game: gettext("The game has started."))
decline = _game_action(
    services.decline_invitation, lambda game: gettext("The invitation is declined.")
)


def _undo_done(game: Game) -> str:
    if game.undo_request:
        return gettext("You asked to take back your move; your opponent decides.")
    return gettext("The move is taken back.")


undo = _game_action(services.undo, _undo_done, budgeted=True)
away = _game_action(
    lambda game_id, user: services.set_away(game_id, user, True),
    lambda game: gettext("You have left the game; the CPU plays for you until you come back."),
    budgeted=True,
)
back = _game_action(
    lambda game_id, user: services.set_away(game_id, user, False),
    lambda game: gettext("Welcome back: you play your own moves again."),
    budgeted=True,
)

berserk = _game_action(
    services.go_berserk,
    lambda game: gettext("You went berserk: your clock is halved."),
)


@login_required
@require_POST
@throttling.answers_over_budget
def rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    """Another game against the same opponent; by default the other player starts (D9)."""
    budgets.spend_game_action(request.user, game_id)
    _seen_game(request, game_id)
    try:
        game = services.another_game(game_id, request.user, swap=request.POST.get("swap") != "0")
    except TooMany:
        raise  # answered as a page of its own
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("game", game_id=game_id)
    return redirect(game)


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules_index.html", {"games": rulebook.overview()})


def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    try:
        page = rulebook.page(game)
    except KeyError:
        raise Http404(gettext("There are no rules for this game.")) from None
    return render(
        request,
        "games/rules.html",
        {
            "game": game,
            "page": page,
            "players": registry.declaration(game).players,
            "examples_legend": registry.declaration(game).examples_legend,
            "stylesheet": registry.declaration(game).stylesheet,
            "other_games": [other for other in registry.names() if other != game],
        },
    )
