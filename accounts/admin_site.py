"""The admin site: Django's, with its log-in and password change on the site's budgets."""

from django.contrib import admin
from django.contrib.auth.views import PasswordChangeView
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from accounts.forms import AdminLoginForm, AdminPasswordChangeForm
from config import throttling


class _AdminPasswordChangeView(PasswordChangeView):
    form_class = AdminPasswordChangeForm

    def get_form_kwargs(self) -> dict:
        # The form counts the attempt against the client address's budget as well.
        return {**super().get_form_kwargs(), "request": self.request}


def _with_refusal_status(response: HttpResponse) -> HttpResponse:
    """429 and Retry-After when the page's form was refused for being over budget."""
    form = (getattr(response, "context_data", None) or {}).get("form")
    wait = getattr(form, "retry_after", None)
    return throttling.refused(response, wait) if wait is not None else response


class AdminSite(admin.AdminSite):
    login_form = AdminLoginForm

    def login(self, request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
        return _with_refusal_status(super().login(request, extra_context))

    def password_change(
        self, request: HttpRequest, extra_context: dict | None = None
    ) -> HttpResponse:
        request.current_app = self.name
        view = _AdminPasswordChangeView.as_view(
            success_url=reverse("admin:password_change_done", current_app=self.name),
            extra_context={**self.each_context(request), **(extra_context or {})},
            template_name=self.password_change_template or _AdminPasswordChangeView.template_name,
        )
        return _with_refusal_status(view(request))
