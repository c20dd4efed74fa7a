"""Every staff-only endpoint and page, found in the URL configuration, refuses a staff
credential that did not pass the second factor and opens to one that did.

Staff-only endpoints are the API views whose permissions ask for staff (the site's
`HasStaffPowers`, or DRF's `IsAdminUser` should one appear); staff-only pages are the admin
site's. A new one is tried here without being named.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from rest_framework.permissions import IsAdminUser
from rest_framework.test import APIClient
from rest_framework.views import APIView

from accounts.models import User
from accounts.services import api_token
from accounts.staff import HasStaffPowers
from tests.conftest import TEST_PASSWORD
from tests.support.mfa import give_totp, log_in_with_second_factor, staff_token

pytestmark = pytest.mark.django_db

STAFF_PERMISSIONS = (HasStaffPowers, IsAdminUser)
# The admin's doors: they open nothing by themselves (the log-in sends staff on to the
# index, which asks for the second factor; the log-out ends the session).
ADMIN_ENTRANCES = {"login", "logout"}
METHODS = ("get", "post", "put", "patch", "delete")
SECOND_FACTOR_PAGES = ("/accounts/2fa/",)
LOG_IN_PAGES = ("/login/", "/admin/login/")
PROJECT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Route:
    name: str  # with its namespace: "admin:index", "api-plan"
    params: tuple[str, ...]
    callback: object


def _walk(patterns, namespace: str = "", params: tuple[str, ...] = ()) -> Iterator[Route]:
    for pattern in patterns:
        names = params + tuple(pattern.pattern.regex.groupindex)
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from _walk(pattern.url_patterns, inner, names)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield Route(f"{namespace}{pattern.name}", names, pattern.callback)


def staff_only_endpoints() -> list[tuple[str, Route]]:
    """(method, path) of every API view that asks for staff."""
    found = []
    for path in _walk(get_resolver().url_patterns):
        view = getattr(path.callback, "cls", None)
        if not (isinstance(view, type) and issubclass(view, APIView)):
            continue
        if any(issubclass(p, STAFF_PERMISSIONS) for p in view.permission_classes):
            found += [(method, path) for method in METHODS if hasattr(view, method)]
    return found


def staff_only_pages() -> list[Route]:
    return [
        path
        for path in _walk(get_resolver().url_patterns)
        if path.name.startswith("admin:") and path.name[len("admin:") :] not in ADMIN_ENTRANCES
    ]


def test_the_lists_find_the_staff_only_paths():
    """The discovery itself: it finds the plan change and the admin's pages."""
    assert [(m, p.name) for m, p in staff_only_endpoints()] == [("post", "api-plan")]
    names = {path.name for path in staff_only_pages()}
    assert {"admin:index", "admin:accounts_user_changelist", "admin:accounts_user_change"} <= names


def url_of(path: Route, boss: User, player: User) -> str:
    """The path with a real value for each of its parameters."""
    model_admin = getattr(path.callback, "model_admin", None)
    samples = {
        "username": player.username,
        "app_label": "accounts",
        "content_type_id": ContentType.objects.get_for_model(User).pk,
        "object_id": str(
            player.pk
            if model_admin is None or model_admin.model is User
            else getattr(model_admin.model.objects.first(), "pk", 0)
        ),
        "id": str(player.pk),
        "url": "",
    }
    missing = [name for name in path.params if name not in samples]
    assert not missing, f"{path.name}: add a sample value for {missing} to this test"
    return reverse(path.name, kwargs={name: samples[name] for name in path.params})


def sent_to(response, pages: tuple[str, ...]) -> bool:
    return response.status_code == 302 and response["Location"].startswith(pages)


def ask(client, method: str, url: str):
    if method == "get":
        return client.get(url)
    return getattr(client, method)(url, {"plan": "paid"}, content_type="application/json")


@pytest.fixture
def boss(make_user) -> User:
    return make_user("boss", staff=True, is_superuser=True)


@pytest.fixture
def password_only_token(boss) -> APIClient:
    """The staff account's token as it was handed out on the password alone."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(boss).key}")
    give_totp(boss)
    return client


@pytest.fixture
def password_only_session(boss) -> Client:
    """A session logged in on the password alone (before the app was set up)."""
    client = Client()
    assert client.post("/login/", {"login": "boss", "password": TEST_PASSWORD}).status_code == 302
    give_totp(boss)
    return client


def test_every_staff_only_endpoint_refuses_a_password_only_token(password_only_token, boss, player):
    for method, path in staff_only_endpoints():
        response = ask(password_only_token, method, url_of(path, boss, player))
        assert response.status_code == 403, (method, path.name)
        assert response.json()["error"]["code"] == "second_factor_required", path.name
    player.refresh_from_db()
    assert player.plan == "free"


def test_every_staff_only_endpoint_refuses_a_password_only_session(
    password_only_session, boss, player
):
    for method, path in staff_only_endpoints():
        response = ask(password_only_session, method, url_of(path, boss, player))
        assert response.status_code == 403, (method, path.name)
        assert response.json()["error"]["code"] == "second_factor_required", path.name
    player.refresh_from_db()
    assert player.plan == "free"


def test_every_staff_only_page_refuses_a_password_only_session(password_only_session, boss, player):
    for path in staff_only_pages():
        for method in ("get", "post"):
            response = getattr(password_only_session, method)(url_of(path, boss, player))
            assert sent_to(response, SECOND_FACTOR_PAGES), (method, path.name, response)


def test_every_staff_only_page_refuses_a_password_only_token(password_only_token, boss, player):
    for path in staff_only_pages():
        response = password_only_token.get(url_of(path, boss, player))
        assert sent_to(response, LOG_IN_PAGES), path.name  # the admin takes no token


def test_every_staff_only_endpoint_opens_to_credentials_that_passed_the_second_factor(boss, player):
    token = APIClient()
    token.credentials(HTTP_AUTHORIZATION=f"Token {staff_token(boss)}")
    session = log_in_with_second_factor(Client(), boss)
    for client in (token, session):
        for method, path in staff_only_endpoints():
            response = ask(client, method, url_of(path, boss, player))
            assert response.status_code < 400, (method, path.name, response.content)


def test_every_staff_only_page_opens_to_a_session_that_passed_the_second_factor(boss, player):
    session = log_in_with_second_factor(Client(), boss)
    for path in staff_only_pages():
        response = session.get(url_of(path, boss, player))
        # Past the staff check the admin answers as it does (a read-only log's add page is
        # its own 403, a bare autocomplete request too): never back to the second factor.
        assert not sent_to(response, SECOND_FACTOR_PAGES + LOG_IN_PAGES), path.name
        assert response.status_code < 500, path.name
    assert session.get(reverse("admin:accounts_user_changelist")).status_code == 200


# Reads of the staff flags outside the one rule, and why each is not a staff power.
STAFF_FLAG_READS = {
    "accounts/staff.py": "the rule itself",
    "accounts/mfa.py": "who must set up a second factor and may not remove it",
    "pages/api.py": "the account's own `is_staff` in GET /api/accounts/me/",
    "accounts/services/export.py": "the account's own flag in its personal-data export",
}
STAFF_TESTS = re.compile(
    r"\.is_(?:staff|superuser)\b(?!\s*=[^=])|IsAdminUser|staff_member_required|user_passes_test"
)


def test_every_staff_check_goes_through_the_one_rule():
    """A power given by `is_staff` elsewhere would skip the second factor: every staff check
    asks `accounts.staff.has_staff_powers` (the admin site and the API's permission too)."""
    found = set()
    for source in PROJECT.glob("*/**/*.py"):
        relative = source.relative_to(PROJECT).as_posix()
        if relative.startswith(("tests/", ".venv/", "bench/")) or "/migrations/" in relative:
            continue
        if STAFF_TESTS.search(source.read_text(encoding="utf-8")):
            found.add(relative)
    assert found <= set(STAFF_FLAG_READS), found - set(STAFF_FLAG_READS)
