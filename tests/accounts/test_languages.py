"""The site's language: the browser's, the switcher's, and the one an account remembers."""

from django.test import Client

from accounts.models import User
from tests.conftest import TEST_PASSWORD


def html_language(response) -> str:
    head = response.content.decode()
    return head[head.index('<html lang="') + 12 :].split('"', 1)[0]


def test_language_follows_the_browser(db):
    for language in ("ru", "pl", "en"):
        response = Client(HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5").get("/")
        assert html_language(response) == language
        assert response["Content-Language"] == language


def test_switcher_on_every_page_remembers_a_visitors_choice(db):
    client = Client(HTTP_ACCEPT_LANGUAGE="pl")
    page = client.get("/rules/").content.decode()
    assert 'action="/language/"' in page and 'value="ru"' in page
    answer = client.post("/language/", {"language": "ru", "next": "/rules/"})
    assert answer.status_code == 302 and answer["Location"] == "/rules/"
    assert html_language(client.get("/rules/")) == "ru"  # the cookie wins over the browser


def test_switcher_choice_is_remembered_by_the_account_on_every_device(make_user):
    make_user("olga")
    laptop = Client()
    laptop.login(username="olga", password=TEST_PASSWORD)
    laptop.post("/language/", {"language": "pl", "next": "/"})
    assert User.objects.get(username="olga").language == "pl"
    phone = Client(HTTP_ACCEPT_LANGUAGE="ru")
    phone.login(username="olga", password=TEST_PASSWORD)
    assert html_language(phone.get("/")) == "pl"


def test_switcher_refuses_an_unknown_language_and_changes_nothing(make_user):
    make_user("olga")
    client = Client()
    client.login(username="olga", password=TEST_PASSWORD)
    answer = client.post("/language/", {"language": "xx", "next": "https://evil.example/"})
    assert answer.status_code == 302 and answer["Location"] == "/"  # no redirect off the site
    assert User.objects.get(username="olga").language == ""
    assert "django_language" not in answer.cookies
