"""What a stream follows (a game, a championship) and the Redis keys that hold it."""

from dataclasses import dataclass

# A topic's backlog keeps its last events for this long and this many, for resuming.
BACKLOG_LENGTH = 200
BACKLOG_TTL_SECONDS = 3600
# A topic's snapshot outlives any stream's reconnect; one that expired is read again from
# the database once.
SNAPSHOT_TTL_SECONDS = 24 * 3600


@dataclass(frozen=True)
class Topic:
    kind: str  # "game", "championship"
    pk: int

    @property
    def name(self) -> str:
        return f"{self.kind}:{self.pk}"

    @property
    def channel(self) -> str:
        return f"championships:{self.kind}:{self.pk}"

    @property
    def backlog_key(self) -> str:
        return f"championships:live:{self.name}:backlog"

    @property
    def snapshot_key(self) -> str:
        """A hash: `state` (the opening frame), `id` (its id), `access` (who may open)."""
        return f"championships:live:{self.name}:snapshot"

    @property
    def version_key(self) -> str:
        """The counter of a topic whose changes have no version of their own."""
        return f"championships:live:{self.name}:version"

    @property
    def watchers_key(self) -> str:
        """A hash: one field per stream process with its open streams, and `published`."""
        return f"championships:live:{self.name}:watchers"
