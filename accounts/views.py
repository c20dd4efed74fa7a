"""Account pages: log-in and sign-up (allauth's), the account's API token, deleting the
account, the language. The account page and players' profiles read other apps: `pages`."""

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
from django.views.decorators.http import require_POST

from accounts import guests, personal_data, services, staff, tokens
from accounts.forms import DeleteAccountForm
from accounts.services import preferences
from accounts.tokens import NEW_TOKEN_SESSION_KEY
from accounts.usernames import canonical_username
from infrastructure import throttling
from infrastructure.errors import DomainError

TOO_MANY_LOGIN_ATTEMPTS = "too_many_login_attempts"  # the code of allauth's refusal


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


@login_required
@require_POST
def set_time_zone(request: HttpRequest) -> HttpResponse:
    """The account page's time zone: one the player names, or "" to follow the browser."""
    try:
        preferences.set_time_zone(request.user, request.POST.get("time_zone", ""))
    except DomainError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Your time zone is saved."))
    return redirect(reverse("account") + "#reading")
