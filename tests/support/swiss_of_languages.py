"""A Swiss whose entrants read every language the site speaks, for the tests of a round's
notices (each reader told once, in their own language)."""

from accounts.models import User
from tests.support.championships import small_championship
from tournaments.models import Championship, Entry

# The words of a round's notice in each reader's language ("" reads the site's English).
READY = {"en": "is ready", "": "is ready", "ru": "готова", "pl": "jest gotowa"}


def swiss_of(
    organiser: User, make_user, count: int, *, prefix: str = "p", mailed: bool = True
) -> tuple[Championship, list[User]]:
    """A Swiss in registration with `count` entrants reading English, Russian, Polish or the
    site's language in turn, each with a verified address (unless not `mailed`)."""
    championship = small_championship(organiser, system="swiss", swiss_rounds=3)
    languages = list(READY)
    players = [
        make_user(
            f"{prefix}{n}",
            email=f"{prefix}{n}@example.org" if mailed else "",
            language=languages[n % 4],
        )
        for n in range(count)
    ]
    Entry.objects.bulk_create(Entry(championship=championship, player=p) for p in players)
    return championship, players
