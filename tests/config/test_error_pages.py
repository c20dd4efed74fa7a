"""Every error a browser can reach is a page of the site in the reader's language, and
every error of the API is its JSON: a POST-only address opened in the browser (405), a bare
400 or 403 from a view, a form sent without its CSRF token, a server error."""

import pytest
from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseForbidden
from django.test import Client
from django.urls import path
from django.views.decorators.http import require_POST

from config.urls import urlpatterns as site_urlpatterns
from games import services as games
from tournaments import services as championships

pytestmark = pytest.mark.django_db


def bare_bad_request(request):
    return HttpResponseBadRequest()


def bare_forbidden(request):
    return HttpResponseForbidden()


def bare_too_many(request):
    response = HttpResponse(status=429)
    response["Retry-After"] = "30"
    return response


@require_POST
def api_post_only(request):
    return HttpResponse("done")


def explodes(request):
    raise RuntimeError("a bug")


# The real site's URLs plus views that answer an error with no body, for the middleware.
urlpatterns = [
    path("bare/bad-request/", bare_bad_request),
    path("bare/forbidden/", bare_forbidden),
    path("bare/too-many/", bare_too_many),
    path("bare/explodes/", explodes),
    path("api/bare/post-only/", api_post_only),
    path("api/bare/forbidden/", bare_forbidden),
    *site_urlpatterns,
]
handler400 = "infrastructure.error_pages.bad_request"
handler403 = "infrastructure.error_pages.permission_denied"
handler404 = "infrastructure.error_pages.page_not_found"
handler500 = "infrastructure.error_pages.server_error"


def browser(user=None, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


def assert_page(response, status: int, heading: str) -> str:
    """The site's own page: its status, HTML with the site's header, one h1 saying `heading`."""
    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert html.count("<h1>") == 1 and f"<h1>{heading}</h1>" in html, html[:500]
    return html


def post_only_addresses(alice, bob) -> list[str]:
    """Addresses of the site's buttons and forms, which take a POST only."""
    game = games.create_game(
        creator=alice, game="kropki", options={"width": 10, "height": 10}, format=None,
        opponent="bob",
    )  # fmt: skip
    championship = championships.create_championship(organiser=bob, name="Cup", game="kropki")
    return [
        "/account/token/",
        f"/games/{game.pk}/resign/",
        f"/games/{game.pk}/accept/",
        f"/championships/{championship.pk}/enter/",
        "/notifications/read/",
        "/account/plan/portal/",
    ]


def test_a_post_only_address_opened_in_the_browser_is_a_page_saying_so(alice, bob):
    client = browser(alice)
    for address in post_only_addresses(alice, bob):
        response = client.get(address)
        html = assert_page(response, 405, "Not a page to open")
        assert "POST" in response["Allow"], address
        assert "use its button" in html, address


@pytest.mark.parametrize(
    ("language", "heading"),
    [("ru", "Это не страница для просмотра"), ("pl", "To nie jest strona do otwarcia")],
)
def test_the_405_page_is_in_the_readers_language(alice, language, heading):
    response = browser(alice, language).get("/account/token/")
    html = assert_page(response, 405, heading)
    assert f'lang="{language}"' in html
    assert "Not a page to open" not in html


@pytest.mark.urls(__name__)
def test_a_post_only_address_of_the_api_answers_json(alice):
    response = browser(alice).get("/api/bare/post-only/", HTTP_ACCEPT="text/html")
    assert response.status_code == 405 and response["Allow"] == "POST"
    error = response.json()["error"]
    assert error["code"] == "method_not_allowed"
    assert error["details"] == {"method": "GET"} and "GET" in error["message"]


@pytest.mark.urls(__name__)
def test_a_bare_400_or_403_of_a_view_is_the_sites_page(alice):
    assert_page(browser().get("/bare/bad-request/"), 400, "Bad request")
    assert_page(browser(alice).get("/bare/forbidden/"), 403, "Not allowed")
    assert_page(browser(alice, "pl").get("/bare/forbidden/"), 403, "Brak dostępu")


@pytest.mark.urls(__name__)
def test_a_bare_429_keeps_its_retry_after_on_the_page():
    response = browser(language="ru").get("/bare/too-many/")
    assert_page(response, 429, "Слишком много попыток")
    assert response["Retry-After"] == "30"


@pytest.mark.urls(__name__)
def test_bare_errors_under_the_api_are_json():
    response = browser().get("/api/bare/forbidden/")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"
    response = browser().get("/api/bare/post-only/")
    assert response.status_code == 405
    assert response.json()["error"]["code"] == "method_not_allowed"


def test_a_form_sent_without_its_csrf_token_is_a_page_in_the_readers_language(alice):
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(alice)
    html = assert_page(client.post("/account/token/"), 403, "Нет доступа")
    assert "обновите страницу" in html


@pytest.mark.urls(__name__)
def test_a_server_error_page_is_in_the_readers_language():
    client = Client(HTTP_ACCEPT_LANGUAGE="pl", raise_request_exception=False)
    response = client.get("/bare/explodes/")
    assert response.status_code == 500
    html = response.content.decode()
    assert "<h1>Błąd serwera</h1>" in html and 'lang="pl"' in html


def test_a_page_that_is_not_there_is_in_the_readers_language():
    assert_page(browser(language="ru").get("/no-such-page/"), 404, "Не найдено")
