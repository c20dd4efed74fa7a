"""Account pages."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts import plans, selectors


def signup(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/signup.html")


@login_required
def account(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/account.html", {"plan": plans.effective_plan(request.user)})


def player(request: HttpRequest, username: str) -> HttpResponse:
    profile = selectors.active_user_by_username(username)
    return render(
        request,
        "accounts/player.html",
        {"profile": profile, "plan": plans.effective_plan(profile)},
    )
