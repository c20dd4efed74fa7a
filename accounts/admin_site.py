"""The admin site: Django's, entered through the site's own log-in, and only with two factors.

Its log-in is the site's log-in page (allauth's, with its budgets of attempts and the
second factor), and its password change is the site's. Staff who have not set up an
authenticator app are sent to set it up before any admin page opens; staff whose session
has not passed it (a log-in before it was set up, say) are asked for a code first.
"""

from collections.abc import Callable
from functools import wraps

from allauth.account.decorators import secure_admin_login
from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from accounts import mfa, staff


class AdminSite(admin.AdminSite):
    def login(self, request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
        # A visitor goes to the site's log-in page and comes back; a player who is not staff
        # is refused (403).
        return secure_admin_login(super().login)(request, extra_context)

    def password_change(
        self, request: HttpRequest, extra_context: dict | None = None
    ) -> HttpResponse:
        return HttpResponseRedirect(reverse("account_change_password"))

    def admin_view(self, view: Callable, cacheable: bool = False) -> Callable:
        inner = super().admin_view(view, cacheable)
        if view == self.logout:
            return inner

        @wraps(inner)
        def view_with_second_factor(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if staff.is_staff_account(request.user) and not staff.has_staff_powers(request):
                return self._second_factor_first(request)
            return inner(request, *args, **kwargs)

        return view_with_second_factor

    @staticmethod
    def _second_factor_first(request: HttpRequest) -> HttpResponse:
        """Staff set up an authenticator app, or give its code in this session, and come
        back to the page they asked for."""
        if mfa.needs_totp_set_up(request.user):
            messages.info(
                request,
                _(
                    "The admin asks staff for a second factor: set up an authenticator "
                    "app to go on."
                ),
            )
            return HttpResponseRedirect(reverse("mfa_activate_totp"))
        messages.info(
            request,
            _(
                "The admin asks staff for a second factor: enter a code from your "
                "authenticator app."
            ),
        )
        query = urlencode({"next": request.get_full_path()})
        return HttpResponseRedirect(f"{reverse('mfa_reauthenticate')}?{query}")
