"""The admin site: Django's, entered through the site's own log-in, and only with two factors.

Its log-in is the site's log-in page (allauth's, with its budgets of attempts and the
second factor), and its password change is the site's. Staff who have not set up an
authenticator app are sent to set it up before any admin page opens.
"""

from collections.abc import Callable
from functools import wraps

from allauth.account.decorators import secure_admin_login
from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts import mfa


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
            if self.has_permission(request) and mfa.needs_totp_set_up(request.user):
                messages.info(
                    request,
                    _(
                        "The admin asks staff for a second factor: set up an authenticator "
                        "app to go on."
                    ),
                )
                return HttpResponseRedirect(reverse("mfa_activate_totp"))
            return inner(request, *args, **kwargs)

        return view_with_second_factor
