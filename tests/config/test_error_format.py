"""Every API error, of every kind, is {"error": {"code", "message", "details"}}."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import path
from rest_framework.views import APIView

from config.urls import urlpatterns as site_urlpatterns

pytestmark = pytest.mark.django_db


class Explodes(APIView):
    permission_classes: list = []

    def get(self, request):
        raise RuntimeError("a bug")


def forbidden_plain_django_view(request):
    raise PermissionDenied


# The real site's URLs plus views that fail, for the error handlers outside DRF.
urlpatterns = [
    path("api/explodes/", Explodes.as_view()),
    path("api/forbidden/", forbidden_plain_django_view),
    *site_urlpatterns,
]
handler403 = "infrastructure.error_pages.permission_denied"
handler404 = "infrastructure.error_pages.page_not_found"
handler500 = "infrastructure.error_pages.server_error"


def assert_error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"code", "message", "details"}
    assert body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    assert isinstance(body["error"]["details"], dict)
    return body["error"]


def test_validation_error_names_each_field(api):
    error = assert_error(api.post("/api/accounts/register/", {}, format="json"), 400, "invalid")
    assert error["details"]["username"] == ["This field is required."]
    assert error["message"].startswith("username: ")


def test_malformed_json_is_a_parse_error(api):
    response = api.post(
        "/api/accounts/register/", data="{not json", content_type="application/json"
    )
    assert_error(response, 400, "parse_error")


def test_unsupported_media_type(api):
    response = api.post("/api/accounts/register/", data="username=a", content_type="text/plain")
    assert_error(response, 415, "unsupported_media_type")


def test_not_authenticated(api):
    assert_error(api.get("/api/accounts/me/"), 401, "not_authenticated")


def test_unknown_token(api):
    api.credentials(HTTP_AUTHORIZATION="Token 0123456789abcdef")
    assert_error(api.get("/api/accounts/me/"), 401, "authentication_failed")


def test_permission_denied(player_api):
    response = player_api.post("/api/accounts/someone/plan/", {"plan": "paid"}, format="json")
    assert_error(response, 403, "permission_denied")


def test_object_not_found(staff_api):
    response = staff_api.post("/api/accounts/nobody/plan/", {"plan": "paid"}, format="json")
    assert_error(response, 404, "not_found")


def test_unknown_api_path_answers_json_not_html(api):
    error = assert_error(api.get("/api/no-such-thing/"), 404, "not_found")
    assert "/api/no-such-thing/" in error["message"]


def test_unknown_page_outside_the_api_stays_html(api):
    response = api.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_method_not_allowed(player_api):
    error = assert_error(player_api.put("/api/accounts/me/"), 405, "method_not_allowed")
    assert error["details"] == {"method": "PUT"}


def test_throttled_says_when_to_retry(api, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "register": "1/hour",
        },
    }
    api.post("/api/accounts/register/", {}, format="json")
    response = api.post("/api/accounts/register/", {}, format="json")
    error = assert_error(response, 429, "throttled")
    assert 0 < error["details"]["retry_after"] <= 3600
    assert int(response["Retry-After"]) == error["details"]["retry_after"]


@pytest.mark.urls("tests.config.test_error_format")
def test_server_error_is_json_under_the_api(client):
    client.raise_request_exception = False
    assert_error(client.get("/api/explodes/"), 500, "server_error")


@pytest.mark.urls("tests.config.test_error_format")
def test_permission_denied_outside_drf_is_json_under_the_api(client):
    assert_error(client.get("/api/forbidden/"), 403, "permission_denied")


def test_request_for_an_unknown_host_is_a_json_bad_request(client):
    client.raise_request_exception = False
    assert_error(client.get("/api/accounts/me/", HTTP_HOST="evil.example"), 400, "bad_request")
