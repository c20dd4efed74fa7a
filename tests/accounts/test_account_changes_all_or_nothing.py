"""A change of one's account by the API is all or nothing: with one value refused the
answer is 400 naming it, and none of the others is saved (nor any e-mail sent)."""

import pytest
from django.core import mail

from notifications.models import EmailOptOut
from tests.conftest import TEST_PASSWORD, client_with_token

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

ME = "/api/accounts/me/"


@pytest.fixture
def anna(make_user):
    return make_user("anna", email="anna@example.org")


def saved(user) -> tuple:
    user.refresh_from_db()
    opted_out = sorted(EmailOptOut.objects.filter(user=user).values_list("kind", flat=True))
    return (user.language, user.time_zone, user.email, opted_out)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"language": "pl", "time_zone": "Mars/Olympus"}, "time_zone"),
        ({"time_zone": "Europe/Warsaw", "language": "xx"}, "language"),
        (
            {"language": "ru", "time_zone": "Asia/Tokyo", "notifications": {"no_such": False}},
            "notifications",
        ),
        (
            {
                "language": "pl",
                "notifications": {"your_move": False},
                "email": "anna@new.example.org",
                "password": "not her password",
            },
            "password",
        ),
    ],
    ids=["bad time zone", "bad language", "bad notification kind", "wrong password"],
)
def test_one_refused_value_saves_none_of_the_others(anna, body, field):
    before = saved(anna)
    mail.outbox.clear()
    answer = client_with_token(anna).patch(ME, body, format="json")
    assert answer.status_code == 400, answer.content
    assert field in answer.json()["error"]["details"], answer.json()
    assert saved(anna) == before
    assert mail.outbox == []


def test_every_value_good_saves_them_all(anna):
    body = {"language": "pl", "time_zone": "Europe/Warsaw", "notifications": {"your_move": False}}
    assert client_with_token(anna).patch(ME, body, format="json").status_code == 200
    assert saved(anna) == ("pl", "Europe/Warsaw", "anna@example.org", ["your_move"])


def test_the_password_confirms_an_address_change_with_the_others(anna):
    body = {"language": "ru", "email": "anna@new.example.org", "password": TEST_PASSWORD}
    assert client_with_token(anna).patch(ME, body, format="json").status_code == 200
    anna.refresh_from_db()
    assert anna.language == "ru"
    assert [message.to for message in mail.outbox] == [["anna@new.example.org"]]
