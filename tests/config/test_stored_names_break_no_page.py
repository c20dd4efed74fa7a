"""No stored name breaks a page: a username written into the database by other means than
the sign-up (hand-edited data, an import) may hold a `/` or other characters the sign-up
refuses; every page that names the player still answers, and its link leads to them."""

import pytest
from django.test import Client

from accounts.models import User
from accounts.usernames import canonical_username
from tournaments import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]

ODD_NAMES = ["ann/marie", "what?", "hash#tag", "100%", "two words", "a/b/c"]


@pytest.mark.parametrize("name", ODD_NAMES)
def test_a_player_with_an_odd_stored_name_breaks_no_page_and_is_linked(make_user, name):
    organiser = make_user("olga")
    odd = make_user("placeholder")
    User.objects.filter(pk=odd.pk).update(username=name, username_key=canonical_username(name))
    odd.refresh_from_db()
    championship = services.create_championship(organiser=organiser, name="Cup", game="kropki")
    services.enter(championship.pk, by=odd)
    client = Client()
    page = client.get(f"/championships/{championship.pk}/")
    assert page.status_code == 200
    link = odd.get_absolute_url()
    assert f'href="{link}"' in page.content.decode()
    profile = client.get(link)
    assert profile.status_code == 200
    assert name in profile.content.decode()
    api = client.get(f"/api/players/{link.removeprefix('/players/')}")
    assert api.status_code == 200
    assert api.json()["username"] == name
