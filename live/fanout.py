"""One Redis pub/sub connection for every stream of a process, fanned out to bounded queues.

A channel is subscribed when its first reader joins and unsubscribed when its last leaves.
Each reader has a queue of its own; one that is full (a slow client) is ended, never
waited for: the others go on, and the dropped browser reconnects and resumes.
"""

import asyncio
import contextlib
import logging

import redis.asyncio as aredis
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

QUEUE_SIZE = 256
SUBSCRIBE_TIMEOUT_SECONDS = 5.0
PROCESS_CHANNEL = "championships:live:process"
# The sentinel a reader's queue ends with.
END = b""


class Reader:
    """One stream's queue of frames; it ends with END (closed, dropped or Redis lost)."""

    def __init__(self, channel: str, size: int) -> None:
        self.channel = channel
        self.queue: asyncio.Queue[bytes] = asyncio.Queue(maxsize=size)
        self.ended = False
        self.dropped = False
        self.topic = None  # the topic, for a backend that needs it

    def offer(self, raw: bytes) -> None:
        if self.ended:
            return
        try:
            self.queue.put_nowait(raw)
        except asyncio.QueueFull:
            self.dropped = True
            self.end()

    def end(self) -> None:
        """What is still queued is dropped; the stream sends nothing more."""
        if self.ended:
            return
        self.ended = True
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(END)


class Fanout:
    def __init__(self, url: str, queue_size: int = QUEUE_SIZE) -> None:
        self.url = url
        self.queue_size = queue_size
        self._readers: dict[str, set[Reader]] = {}
        self._subscribed: dict[str, asyncio.Event] = {}
        self._client: aredis.Redis | None = None
        self._pubsub = None
        self._pump: asyncio.Task | None = None
        # Commands on the shared connection go one at a time: two coroutines subscribing at
        # once would each open a connection of their own.
        self._commands = asyncio.Lock()

    def readers(self, channel: str) -> int:
        return len(self._readers.get(channel, ()))

    async def join(self, channel: str) -> Reader:
        """A reader of `channel`, once Redis has confirmed the subscription."""
        await self._connect()
        reader = Reader(channel, self.queue_size)
        readers = self._readers.get(channel)
        if readers is None:
            self._readers[channel] = {reader}
            confirmed = self._subscribed[channel] = asyncio.Event()
            try:
                async with self._commands:
                    await self._pubsub.subscribe(channel)
            except BaseException:
                self._forget(reader)
                raise
        else:
            readers.add(reader)
            confirmed = self._subscribed[channel]
        try:
            await asyncio.wait_for(confirmed.wait(), SUBSCRIBE_TIMEOUT_SECONDS)
        except BaseException:
            await self.leave(reader)
            raise
        return reader

    async def _connect(self) -> None:
        """The one pub/sub connection and the task reading it, made once for many joins."""
        async with self._commands:
            if self._pubsub is None:
                self._client = aredis.Redis.from_url(self.url)
                pubsub = self._client.pubsub()
                # A channel of the process's own keeps the connection subscribed (and so
                # readable) while no stream is open.
                await pubsub.subscribe(PROCESS_CHANNEL)
                self._pubsub = pubsub
            if self._pump is None or self._pump.done():
                self._pump = asyncio.create_task(self._deliver())

    async def leave(self, reader: Reader) -> None:
        if self._forget(reader):
            with contextlib.suppress(RedisError, OSError):
                async with self._commands:
                    await self._pubsub.unsubscribe(reader.channel)

    def _forget(self, reader: Reader) -> bool:
        """Whether that was the channel's last reader (the channel is then let go)."""
        readers = self._readers.get(reader.channel)
        if readers is None:
            return False
        readers.discard(reader)
        if readers:
            return False
        del self._readers[reader.channel]
        self._subscribed.pop(reader.channel, None)
        return True

    async def _deliver(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis lost, or a broken reply: the pump goes on
                logger.warning("live updates: Redis lost (%s); every stream ends", error)
                self._end_all()
                await asyncio.sleep(1.0)
                continue
            if message is None:
                continue
            channel = message["channel"].decode()
            if message["type"] == "subscribe" and channel in self._subscribed:
                self._subscribed[channel].set()
            elif message["type"] == "message":
                for reader in list(self._readers.get(channel, ())):
                    reader.offer(message["data"])

    def _end_all(self) -> None:
        for readers in self._readers.values():
            for reader in readers:
                reader.end()

    async def close(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pump
        if self._pubsub is not None:
            await self._pubsub.aclose()
            await self._client.aclose()
        self._pubsub = self._client = self._pump = None
