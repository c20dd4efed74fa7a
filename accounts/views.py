"""Account pages: log-in and sign-up (allauth's), the account itself with its API token,
deleting it, players' profiles."""

from allauth.account import views as allauth_views
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from accounts import emails, guests, mfa, personal_data, plans, selectors, services, staff, tokens
from accounts.forms import DeleteAccountForm
from accounts.models import Plan, User
from accounts.usernames import canonical_username
from billing import selectors as billing_selectors
from games import selectors as game_selectors
from games.models import Game
from games.titles import result_reason
from infrastructure import throttling
from infrastructure.errors import DomainError
from ratings import chart
from ratings import selectors as rating_selectors
from tournaments.models import Entry
from tournaments.visibility import visible_championships

RECENT_GAMES = 20
RECENT_RATING_CHANGES = 10
# The new API token waits here for the one page that shows it.
NEW_TOKEN_SESSION_KEY = "accounts.new_api_token"
TOO_MANY_LOGIN_ATTEMPTS = "too_many_login_attempts"  # the code of allauth's refusal

OUTCOMES = {
    "won": gettext_lazy("Won"),
    "lost": gettext_lazy("Lost"),
    "drawn": gettext_lazy("Drawn"),
    "active": gettext_lazy("In progress"),
}


class GuestsMayEnter:
    """A guest is logged in, yet may still sign up (keeping their games) or log in to an
    account they already have: allauth's pages, which send anyone logged in away, see the
    guest as the visitor they are; the guest waits in `request.guest` for the sign-up."""

    def dispatch(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if guests.is_guest(request.user):
            request.guest, request.user = request.user, AnonymousUser()
        return super().dispatch(request, *args, **kwargs)


class LoginView(GuestsMayEnter, allauth_views.LoginView):
    """allauth's log-in; over the budget of failed attempts the answer is a 429."""

    def form_invalid(self, form) -> HttpResponse:
        response = super().form_invalid(form)
        refused = any(
            error.code == TOO_MANY_LOGIN_ATTEMPTS for error in form.non_field_errors().as_data()
        )
        if refused:
            response.status_code = 429
        return response


class SignupView(GuestsMayEnter, allauth_views.SignupView):
    """allauth's sign-up (a guest's becomes their account, their games with it); a refusal
    of `services.register_user` shows at its field."""

    def get_authenticated_redirect_url(self) -> str:
        return reverse("account")

    def form_valid(self, form) -> HttpResponse:
        try:
            return super().form_valid(form)
        except (ValidationError, DomainError) as error:
            # Another sign-up took the name in the meantime, say: nothing was made.
            form.add_service_error(error)
            return self.form_invalid(form)


login = LoginView.as_view()
signup = SignupView.as_view()


def _safe_next(request: HttpRequest) -> str:
    """The `next` address the request asks for, when it is on this site; else ""."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


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
            "email_verified": bool(emails.verified_address(user)),
            "pending_email": emails.pending_address(user),
            "two_factor": mfa.has_totp(user),
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
        second_factor = staff.credential_passed_second_factor(request)
        try:
            token = tokens.rotate_api_token(request.user, second_factor=second_factor)
        except DomainError as error:  # staff whose session did not pass the second factor
            messages.error(request, error.message)
            return HttpResponseRedirect(reverse("account") + "#api-token")
        request.session[NEW_TOKEN_SESSION_KEY] = token.key
        messages.success(
            request, _("Here is your new API token. Any older token has stopped working.")
        )
    return HttpResponseRedirect(reverse("account") + "#api-token")


@login_required
def delete_account(request: HttpRequest) -> HttpResponse:
    """Ask for the password, then delete the account and log out."""
    if guests.is_guest(request.user):
        return redirect("account")  # which tells a guest they have no account yet
    form = DeleteAccountForm(request.POST or None)
    retry_after = None
    if request.method == "POST" and form.is_valid():
        # A password checked here is a password attempt like a log-in.
        retry_after = throttling.password_attempt_wait(
            request, canonical_username(request.user.get_username())
        )
        if retry_after is not None:
            form.add_error(
                "password",
                _("Too many password attempts.") + " " + throttling.try_again_in(retry_after),
            )
        else:
            try:
                services.delete_account(request.user, password=form.cleaned_data["password"])
            except ValidationError as error:
                form.add_error("password", error.message_dict.get("password", error.messages))
            except DomainError as error:  # a part could not do its work first: nothing gone
                form.add_error(None, error.message)
            else:
                logout(request)
                messages.success(
                    request,
                    _(
                        "Your account is deleted. Your games and results stay, shown as a "
                        "deleted player's."
                    ),
                )
                return redirect("home")
    response = render(
        request,
        "accounts/delete.html",
        {"form": form, "consequences": personal_data.consequences(request.user)},
    )
    return throttling.refused(response, retry_after) if retry_after is not None else response


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
