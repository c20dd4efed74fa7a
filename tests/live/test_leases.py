"""The stream process renews its open streams' places in the clients' budgets itself, all at
once, rather than each stream on its own at its next frame."""

import asyncio

import pytest
import redis.asyncio as aredis
from django.conf import settings

from live import asgi, budget
from live.budget import Place
from tests.conftest import service_missing
from tests.live.test_fanout import run_apart


@pytest.fixture
def redis_url() -> str:
    if not settings.REDIS_URL:
        service_missing("REDIS_URL is not set: the budgets are kept in a real Redis")
    return settings.REDIS_URL


def test_the_process_renews_every_open_streams_lease_in_a_few_calls(
    redis_url, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(budget, "RENEW_SECONDS", 0.2)
    monkeypatch.setattr(budget, "RENEW_BATCH", 3)  # more streams than one call renews
    address = "championships:live:client:address:test-leases"
    account = "championships:live:client:account:test-leases"
    places = [Place([address]) for _ in range(7)] + [Place([address, account])]

    async def scenario() -> tuple[dict, dict, dict, int]:
        backend = asgi.RedisBackend(redis_url)
        client = aredis.Redis.from_url(redis_url)
        try:
            await client.delete(address, account)
            for place in places:
                assert await backend.take_place(place)
            taken = dict(await client.zrange(address, 0, -1, withscores=True))
            await backend.give_back(places[0])
            await asyncio.sleep(0.5)
            renewed = dict(await client.zrange(address, 0, -1, withscores=True))
            renewed_account = dict(await client.zrange(account, 0, -1, withscores=True))
            return taken, renewed, renewed_account, len(backend.held)
        finally:
            await client.delete(address, account)
            await client.aclose()
            await backend.close()

    taken, renewed, renewed_account, held = run_apart(scenario())

    members = {place.member.encode() for place in places}
    assert set(renewed) == members - {places[0].member.encode()}  # given back, not renewed
    assert all(renewed[member] > taken[member] for member in renewed)
    assert set(renewed_account) == {places[-1].member.encode()}
    assert held == len(places) - 1
