"""The pages that read many apps: the home page, the account page, a player's profile."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.models import Token

from accounts import emails, guests, mfa, plans, selectors
from accounts.models import Plan, User
from accounts.tokens import NEW_TOKEN_SESSION_KEY
from billing import selectors as billing_selectors
from games import registry
from games import selectors as game_selectors
from games.forms import quick_play
from games.models import Game
from games.titles import result_reason
from infrastructure import time_zones
from notifications import selectors as notification_selectors
from pages import entitlements
from ratings import chart
from ratings import selectors as rating_selectors
from ratings.selectors import leaderboard
from tournaments.models import Championship, Entry
from tournaments.selectors import invitations_for
from tournaments.systems.registry import playing_statuses
from tournaments.visibility import visible_championships

RECENT_GAMES = 20
RECENT_RATING_CHANGES = 10

OUTCOMES = {
    "won": gettext_lazy("Won"),
    "lost": gettext_lazy("Lost"),
    "drawn": gettext_lazy("Drawn"),
    "active": gettext_lazy("In progress"),
}


def home(request: HttpRequest) -> HttpResponse:
    """Live and open championships for everyone; a player's own games, their move first."""
    championships = visible_championships(request.user).order_by("-created_at")
    context = {
        "live": list(championships.filter(status__in=playing_statuses())[:10]),
        "open": list(championships.filter(status=Championship.Status.REGISTRATION)[:10]),
        "finished": list(championships.filter(status=Championship.Status.FINISHED)[:5]),
        "being_played": game_selectors.games_being_played(request.user),
        "leaders": leaderboard(registry.names()[0], limit=5),
        "leaders_game": registry.names()[0],
        # A visitor's or a guest's quick play: the CPU at the strength they choose.
        "quick_play": quick_play(request.user, registry.names()),
        "game_titles": get_text_list(
            [str(game.title) for game in registry.declarations()], _("and")
        ),
    }
    if request.user.is_authenticated:
        context["games"] = game_selectors.games_for_home(request.user)
        context["invitations"] = {
            "games": context["games"]["invitations"],
            "championships": invitations_for(request.user),
        }
        context["latest_notification"] = notification_selectors.latest_id(request.user)
    return render(request, "home.html", context)


def home_invitations(request: HttpRequest) -> HttpResponse:
    """The home page's invitations, which the open page reads again when a notification
    comes; a visitor without an account has none."""
    invitations = {"games": [], "championships": []}
    if request.user.is_authenticated:
        invitations = {
            "games": game_selectors.invitations_to(request.user),
            "championships": invitations_for(request.user),
        }
    return render(request, "pages/home_invitations.html", {"invitations": invitations})


@login_required
def account(request: HttpRequest) -> HttpResponse:
    user = request.user
    if guests.is_guest(user):
        messages.info(
            request,
            _("You are playing as a guest. Sign up to have an account; your games stay yours."),
        )
        return redirect("signup")
    held = plans.entitlements(user)
    token = Token.objects.filter(user=user).first()
    return render(
        request,
        "accounts/account.html",
        {
            "plan": plans.effective_plan(user),
            "paid": plans.effective_plan(user) is Plan.PAID,
            "paid_until": plans.paid_until(user),
            "features": [
                {
                    "entitlement": entitlement.value,
                    "description": entitlements.description(entitlement),
                    "held": entitlement in held,
                }
                for entitlement in plans.Entitlement
            ],
            "entrant_limit": plans.championship_entrant_limit(user),
            "free_entrant_limit": plans.FREE_CHAMPIONSHIP_ENTRANT_LIMIT,
            "token": token,
            "new_token": request.session.pop(NEW_TOKEN_SESSION_KEY, None),
            "time_zones": time_zones.choices(),
            "browser_time_zone": user.browser_time_zone,
            "billing": billing_selectors.plan_section(user),
            "email_verified": bool(emails.verified_address(user)),
            "pending_email": emails.pending_address(user),
            "two_factor": mfa.has_totp(user),
        },
    )


def player(request: HttpRequest, username: str) -> HttpResponse:
    profile = selectors.active_user_by_username(username)
    ratings = [
        {
            "game": game,
            "rating": data["rating"],
            "rd": data["rd"],
            "games": data["games"],
            "provisional": data["provisional"],
            "chart": chart.rating_chart(data["history"], width=480, height=200),
            "recent_changes": list(reversed(data["history"][-RECENT_RATING_CHANGES:])),
        }
        for game, data in rating_selectors.player_ratings(profile).items()
    ]
    games = (
        game_selectors.games_of(profile, viewer=request.user)
        .filter(status__in=[Game.Status.ACTIVE, Game.Status.FINISHED])
        .order_by("-created_at", "-id")[:RECENT_GAMES]
    )
    entries = (
        Entry.objects.filter(
            player=profile,
            championship__in=visible_championships(request.user).values("pk"),
        )
        .select_related("championship")
        .order_by("-entered_at", "-id")
    )
    return render(
        request,
        "accounts/player.html",
        {
            "profile": profile,
            "plan": plans.effective_plan(profile),
            "paid": plans.effective_plan(profile) is Plan.PAID,
            "ratings": ratings,
            "games": [game_row(game, profile) for game in games],
            "entries": entries,
        },
    )


def game_row(game: Game, player: User) -> dict:
    """One game as a player's profile lists it: opponents, result and score from their side."""
    names = game_selectors.seat_names(game)
    mine = [seat.seat for seat in game.seats.all() if seat.user_id == player.pk]
    people = {seat.seat: seat.user for seat in game.seats.all() if seat.user_id}
    opponents = [
        {
            "name": _("CPU") if seat not in people else name,
            "is_cpu": seat not in people,
            "page": people[seat].profile_url if seat in people else None,
        }
        for seat, name in names.items()
        if seat not in mine
    ]
    if game.status != Game.Status.FINISHED:
        outcome = "active"
    elif not game.winner:
        outcome = "drawn"
    else:
        outcome = "won" if game.winner in mine else "lost"
    score = game.score or {}
    my_points = [score[seat] for seat in mine if seat in score]
    their_points = [score[seat] for seat in names if seat not in mine and seat in score]
    return {
        "game": game,
        "opponents": opponents,
        "outcome": outcome,
        "outcome_label": OUTCOMES[outcome],
        "reason": result_reason(game.result_reason, game.game) if game.result_reason else "",
        "score": " : ".join(str(points) for points in [*my_points, *their_points]),
        "date": game.finished_at or game.started_at or game.created_at,
    }
