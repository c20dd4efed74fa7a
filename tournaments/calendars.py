"""iCalendar documents from plain data: a list of events in, the .ics text out (no Django).

Every event carries a UID that its caller keeps stable for the same thing (a round, a
match), so a calendar app that reads the feed again updates the event instead of adding
a second one; every time is written in UTC.

Every text goes in through icalendar's own text type, which escapes the format's syntax
(`,`, `;`, `\\`, line breaks); characters no field takes today (old names may hold them)
are left out first, and a one-line property (a name, a summary) loses its line breaks.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import icalendar

from infrastructure import text

PRODUCT_ID = "-//Championships//Calendar 1//EN"
# How often calendar apps are asked to read a feed again; deadlines move as rounds open.
REFRESH = timedelta(hours=1)
CONTENT_TYPE = "text/calendar; charset=utf-8"


@dataclass(frozen=True)
class Event:
    """One event; without `end` it is a moment (a start, a close), not a stretch of time."""

    uid: str
    summary: str
    start: datetime
    end: datetime | None = None
    url: str = ""
    description: str = ""


def _utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError(f"a calendar time must know its time zone: {moment!r}")
    return moment.astimezone(UTC)


def _component(event: Event, stamp: datetime) -> icalendar.Event:
    component = icalendar.Event()
    component.add("uid", event.uid)
    component.add("dtstamp", _utc(stamp))
    component.add("summary", icalendar.vText(text.one_line(event.summary)))
    start = _utc(event.start)
    component.add("dtstart", start)
    # A deadline before the opening (clocks moved by hand) would be an invalid event.
    component.add("dtend", max(start, _utc(event.end)) if event.end else start)
    if event.url:
        component.add("url", event.url)
    if event.description or event.url:
        description = text.printable(event.description or event.url, multiline=True)
        component.add("description", icalendar.vText(description))
    # Deadlines are reminders, not appointments: the player is not busy all week.
    component.add("transp", "TRANSPARENT")
    return component


def calendar(name: str, events: Iterable[Event], *, stamp: datetime) -> icalendar.Calendar:
    """A published calendar called `name` holding `events`, made at `stamp`."""
    document = icalendar.Calendar()
    document.add("prodid", PRODUCT_ID)
    document.add("version", "2.0")
    document.add("calscale", "GREGORIAN")
    document.add("method", "PUBLISH")
    # icalendar writes a property it does not know as given: the name goes in as its text.
    document.add("x-wr-calname", icalendar.vText(text.one_line(name)))
    document.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
    # Not a property icalendar knows, so it is told that the value is a duration.
    document.add("x-published-ttl", icalendar.vDuration(REFRESH))
    for event in sorted(events, key=lambda event: (_utc(event.start), event.uid)):
        document.add_component(_component(event, stamp))
    return document


def ics(name: str, events: Iterable[Event], *, stamp: datetime) -> bytes:
    """The calendar's text, as served (UTF-8, CRLF line ends, long lines folded)."""
    return calendar(name, events, stamp=stamp).to_ical()
