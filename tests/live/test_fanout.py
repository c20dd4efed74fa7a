"""The stream process's one Redis subscription, fanned out: a slow reader is dropped, the
others keep receiving."""

import asyncio
import threading

import pytest
import redis.asyncio as aredis
from django.conf import settings

from live.fanout import END, Fanout
from tests.conftest import service_missing


def run_apart(coroutine):
    """Run a coroutine on a loop of its own thread: the browser tests' Playwright keeps a
    loop running in the main thread for the whole session."""
    outcome: dict = {}

    def run() -> None:
        try:
            outcome["value"] = asyncio.run(coroutine)
        except BaseException as error:  # handed back to the test's thread
            outcome["error"] = error

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(60)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


@pytest.fixture
def redis_url() -> str:
    if not settings.REDIS_URL:
        service_missing("REDIS_URL is not set: the fan-out reads a real Redis")
    return settings.REDIS_URL


def test_a_slow_reader_is_dropped_while_a_fast_one_keeps_receiving(redis_url):
    async def scenario() -> tuple[list[bytes], list[bytes], bool, int]:
        fanout = Fanout(redis_url, queue_size=4)
        publisher = aredis.Redis.from_url(redis_url)
        channel = "championships:test:fanout"
        fast, slow = await fanout.join(channel), await fanout.join(channel)
        got = []

        async def read_fast() -> None:
            while (raw := await fast.queue.get()) is not END:
                got.append(raw)
                if len(got) == 20:
                    return

        reading = asyncio.create_task(read_fast())
        for n in range(20):
            await publisher.publish(channel, f"frame {n}".encode())
            await asyncio.sleep(0.01)  # the fast reader reads as frames come; the slow never
        await asyncio.wait_for(reading, 10)
        left = []
        while not slow.queue.empty():
            left.append(slow.queue.get_nowait())
        await fanout.leave(fast)
        await fanout.leave(slow)
        subscribers = (await publisher.pubsub_numsub(channel))[0][1]
        await fanout.close()
        await publisher.aclose()
        return got, left, slow.dropped, subscribers

    got, left, dropped, subscribers = run_apart(scenario())
    assert got == [f"frame {n}".encode() for n in range(20)]
    assert dropped and left == [END]  # its stream ends; the browser reconnects and resumes
    assert subscribers == 0  # the last reader gone, the channel is let go


def test_readers_of_one_channel_share_one_subscription(redis_url):
    async def scenario() -> tuple[int, int]:
        fanout = Fanout(redis_url)
        publisher = aredis.Redis.from_url(redis_url)
        channel = "championships:test:shared"
        readers = [await fanout.join(channel) for _ in range(5)]
        subscribers = (await publisher.pubsub_numsub(channel))[0][1]
        await publisher.publish(channel, b"hello")
        heard = [await asyncio.wait_for(reader.queue.get(), 5) for reader in readers]
        for reader in readers:
            await fanout.leave(reader)
        await fanout.close()
        await publisher.aclose()
        return subscribers, heard.count(b"hello")

    assert run_apart(scenario()) == (1, 5)


def test_readers_of_many_channels_opening_at_once_all_hear_their_channel(redis_url):
    """Viewers arrive together (a final's first minute): every opening is confirmed, on the
    one connection, and each reader hears its own channel only."""

    async def scenario() -> tuple[int, bool, set[int]]:
        fanout = Fanout(redis_url)
        publisher = aredis.Redis.from_url(redis_url)
        channels = [f"championships:test:burst:{n}" for n in range(40)]
        readers = await asyncio.gather(*(fanout.join(channel) for channel in channels * 3))
        numsub = await publisher.pubsub_numsub(*channels)
        for channel in channels:
            await publisher.publish(channel, channel.encode())
        heard = [await asyncio.wait_for(reader.queue.get(), 5) for reader in readers]
        pairs = zip(heard, readers, strict=True)
        own = all(got == reader.channel.encode() for got, reader in pairs)
        for reader in readers:
            await fanout.leave(reader)
        await fanout.close()
        await publisher.aclose()
        return len(readers), own, {count for _channel, count in numsub}

    opened, own, subscribers = run_apart(scenario())
    assert opened == 120
    assert own
    assert subscribers == {1}  # every channel subscribed once, by the process's connection
