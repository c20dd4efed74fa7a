"""Notification pages: the list, opening one, e-mail choices, the e-mails' unsubscribe link."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from infrastructure import links
from notifications import selectors, services, unsubscribe
from notifications.kinds import LABELS, Kind
from notifications.models import Notification

PER_PAGE = 30


@login_required
def notification_list(request: HttpRequest) -> HttpResponse:
    """The player's notifications, newest first; reading the page marks nothing read."""
    pages = Paginator(selectors.notifications_of(request.user), PER_PAGE)
    page = pages.get_page(request.GET.get("page"))
    return render(
        request,
        "notifications/list.html",
        {"page": page, "rows": selectors.notification_rows(request.user, page.object_list)},
    )


@login_required
@require_POST
def mark_all_read(request: HttpRequest) -> HttpResponse:
    services.mark_read(request.user, "all")
    messages.success(request, _("Every notification is marked read."))
    return HttpResponseRedirect(reverse("notifications"))


@login_required
def open_notification(request: HttpRequest, notification_id: int) -> HttpResponse:
    """Mark one notification read and go to its page (only ever a page of this site)."""
    notification = get_object_or_404(Notification, pk=notification_id, user=request.user)
    services.mark_read(request.user, [notification.pk])
    target = notification.url if links.is_site_path(notification.url) else reverse("notifications")
    return HttpResponseRedirect(target)


@login_required
@require_POST
def save_email_preferences(request: HttpRequest) -> HttpResponse:
    """The account page's form: the kinds ticked are e-mailed, the others are not."""
    ticked = set(request.POST.getlist("email"))
    choices = {kind.value: kind.value in ticked for kind in Kind}
    services.set_email_preferences(request.user, choices)
    messages.success(request, _("Your e-mail choices are saved."))
    return HttpResponseRedirect(reverse("account") + "#email-notifications")


# A mail program's one-click unsubscribe (RFC 8058) posts with no session and no CSRF token:
# the signed link itself is the proof of whom it is for.
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe_link(request: HttpRequest, token: str) -> HttpResponse:
    """GET: a page that asks to confirm; POST: no more e-mails of that kind. In the language
    of the e-mail's reader, whoever opens it."""
    try:
        found = unsubscribe.read(token)
    except unsubscribe.BadLink:
        return render(request, "notifications/bad_link.html", status=400)
    with translation.override(found.user.reading_language):
        context = {"kind_label": LABELS[found.kind], "token": token, "done": False}
        if request.method == "POST":
            services.unsubscribe(found.user, found.kind)
            context["done"] = True
        return render(request, "notifications/unsubscribe.html", context)
