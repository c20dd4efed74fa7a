"""Account pages: sign-up, the account itself with its API token, players' profiles."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from accounts import guests, plans, selectors, services
from accounts.forms import LoginForm, SignupForm
from accounts.models import Plan, User
from billing import selectors as billing_selectors
from config import throttling
from config.errors import DomainError
from games import selectors as game_selectors
from games.models import CPU_PLAYER, Game
from games.titles import result_reason
from ratings import chart
from ratings import selectors as rating_selectors
from tournaments.models import Entry
from tournaments.visibility import visible_championships

RECENT_GAMES = 20
RECENT_RATING_CHANGES = 10
# The new API token waits here for the one page that shows it.
NEW_TOKEN_SESSION_KEY = "accounts.new_api_token"

OUTCOMES = {
    "won": gettext_lazy("Won"),
    "lost": gettext_lazy("Lost"),
    "drawn": gettext_lazy("Drawn"),
    "active": gettext_lazy("In progress"),
}


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    authentication_form = LoginForm
    redirect_authenticated_user = True

    def dispatch(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        # A guest may still log in to an account they already have.
        self.redirect_authenticated_user = not guests.is_guest(request.user)
        return super().dispatch(request, *args, **kwargs)

    def form_invalid(self, form: LoginForm) -> HttpResponse:
        response = super().form_invalid(form)
        if form.retry_after is not None:
            # Refused before the password was even looked at.
            return throttling.refused(response, form.retry_after)
        return response


def _safe_next(request: HttpRequest) -> str:
    """The `next` address the request asks for, when it is on this site; else ""."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


def signup(request: HttpRequest) -> HttpResponse:
    """Sign up; a guest signing up keeps their games (the guest becomes the account)."""
    guest = request.user if guests.is_guest(request.user) else None
    if request.user.is_authenticated and guest is None:
        return redirect("account")
    next_url = _safe_next(request)
    retry_after = None
    if request.method == "POST":
        form = SignupForm(request.POST)
        # Sign-ups on the page share the API's per-address "register" budget.
        retry_after = throttling.address_wait(request, throttling.REGISTER_SCOPE)
        if retry_after is not None:
            form.is_valid()  # the other errors too, so the page shows the form as it stands
            form.add_error(
                None,
                _("Too many sign-up attempts from your address.")
                + " "
                + throttling.try_again_in(retry_after),
            )
        elif form.is_valid():
            data = form.cleaned_data
            try:
                details = {
                    "username": data["username"],
                    "password": data["password"],
                    "email": data["email"],
                }
                if guest is not None:
                    user = guests.claim_guest(guest, **details)
                else:
                    user = services.register_user(**details)
            except (ValidationError, DomainError) as error:
                form.add_service_error(error)
            else:
                login(request, user)
                messages.success(
                    request,
                    _("Welcome, %(username)s! Your account is ready.")
                    % {"username": user.username},
                )
                return HttpResponseRedirect(next_url or reverse("account"))
    else:
        form = SignupForm()
    context = {"form": form, "next": next_url, "guest": guest}
    response = render(request, "accounts/signup.html", context)
    return throttling.refused(response, retry_after) if retry_after is not None else response


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
                    "description": plans.entitlement_description(entitlement),
                    "held": entitlement in held,
                }
                for entitlement in plans.Entitlement
            ],
            "entrant_limit": plans.championship_entrant_limit(user),
            "free_entrant_limit": plans.FREE_CHAMPIONSHIP_ENTRANT_LIMIT,
            "token": token,
            "new_token": request.session.pop(NEW_TOKEN_SESSION_KEY, None),
            "billing": billing_selectors.plan_section(user),
        },
    )


@login_required
@require_POST
def account_token(request: HttpRequest) -> HttpResponse:
    """Make a new API token (the old one stops working), or revoke it."""
    try:
        guests.refuse_guest(request.user, guests.GuestRefusal.API_TOKEN)
    except DomainError as error:
        messages.error(request, error.message)
        return redirect("signup")
    if request.POST.get("action") == "revoke":
        services.revoke_api_token(request.user)
        messages.success(request, _("Your API token is revoked; programs using it are logged out."))
    else:
        with transaction.atomic():
            services.revoke_api_token(request.user)
            token = services.api_token(request.user)
        request.session[NEW_TOKEN_SESSION_KEY] = token.key
        messages.success(
            request, _("Here is your new API token. Any older token has stopped working.")
        )
    return HttpResponseRedirect(reverse("account") + "#api-token")


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
    opponents = [
        {"name": _("CPU") if name == CPU_PLAYER else name, "is_cpu": name == CPU_PLAYER}
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


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The language switcher: remembered in a cookie, and in the account when logged in."""
    language = request.POST.get("language", "")
    response = HttpResponseRedirect(_safe_next(request) or reverse("home"))
    if language not in dict(settings.LANGUAGES):
        messages.error(request, _("There is no such language on this site."))
        return response
    if request.user.is_authenticated and request.user.language != language:
        request.user.language = language
        request.user.save(update_fields=["language"])
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=365 * 24 * 3600,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response
