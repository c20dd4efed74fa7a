"""The organiser most championship tests start from, and their API client."""

import pytest

from tests.conftest import client_with_token


@pytest.fixture
def organiser(make_user):
    return make_user("organiser")


@pytest.fixture
def organiser_api(organiser):
    return client_with_token(organiser)
