"""The calendars: a championship's schedule, a player's private calendar of the games they
still have to play, and the account page's button for a new private address.

The reads are in calendar_selectors and the iCalendar text is made by calendars; what is
here is the words of each event, in the reader's language, and the answers.
"""

from collections.abc import Callable
from datetime import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.request import split_domain_port
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from accounts.models import User
from games.models import CPU_PLAYER
from games.titles import game_title
from infrastructure import downloads, throttling
from tournaments import calendar_selectors, calendars
from tournaments.calendar_selectors import MatchToPlay, MoveDeadline, RoundTimes
from tournaments.models import CalendarFeed, Championship
from tournaments.services import calendar_feeds
from tournaments.views.words import round_title
from tournaments.visibility import visible_championships


def address(request: HttpRequest, feed: CalendarFeed) -> str:
    """The private calendar's address, to paste into a calendar app."""
    return request.build_absolute_uri(reverse("player-calendar", args=[feed.key]))


def _domain(request: HttpRequest) -> str:
    """The right-hand side of the events' UIDs: the site's host (checked by ALLOWED_HOSTS)."""
    domain, _port = split_domain_port(request.get_host())
    return domain or "localhost"


def _answer(body: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=calendars.CONTENT_TYPE)
    response["Content-Disposition"] = downloads.disposition(filename, attachment=False)
    return response


# -- a championship's schedule ----------------------------------------------------------


def _round_text(times: RoundTimes) -> str:
    if times.group_id is not None:
        return _("Group %(group)s, round %(number)s") % {
            "group": times.group,
            "number": times.number,
        }
    return round_title(times.name) or _("Round %(number)s") % {"number": times.number}


def _round_uid(championship: Championship, times: RoundTimes, domain: str) -> str:
    """The same round keeps its UID on every reading, whatever its times become."""
    prefix = f"championship-{championship.pk}"
    if times.group_id is not None:
        return f"{prefix}-group-{times.group_id}-round-{times.number}@{domain}"
    if times.third_place:
        return f"{prefix}-third-place@{domain}"
    # A double elimination's rounds are told apart by their bracket too.
    bracket = f"-{times.bracket}" if times.bracket else ""
    return f"{prefix}-{times.kind}{bracket}-round-{times.number}@{domain}"


def championship_events(
    championship: Championship, rounds: list[RoundTimes], *, url: str, domain: str
) -> list[calendars.Event]:
    """The start, the close of entries and every opened round, as calendar events."""
    name = championship.name
    events = []
    start = championship.started_at or championship.starts_at
    if start is not None:
        events.append(
            calendars.Event(
                uid=f"championship-{championship.pk}-start@{domain}",
                summary=_("%(championship)s starts") % {"championship": name},
                start=start,
                url=url,
            )
        )
    if championship.entries_close_at is not None:
        events.append(
            calendars.Event(
                uid=f"championship-{championship.pk}-entries-close@{domain}",
                summary=_("%(championship)s: entries close") % {"championship": name},
                start=championship.entries_close_at,
                url=url,
            )
        )
    for timed in calendar_selectors.timed_stages(championship):
        events.append(
            calendars.Event(
                uid=f"championship-{championship.pk}-{timed.kind}@{domain}",
                summary=_("%(championship)s: %(stage)s")
                % {"championship": name, "stage": timed.title},
                start=timed.starts_at,
                end=timed.ends_at,
                url=url,
            )
        )
    for times in rounds:
        events.append(
            calendars.Event(
                uid=_round_uid(championship, times, domain),
                summary=_("%(championship)s: %(round)s")
                % {"championship": name, "round": _round_text(times)},
                start=times.opened_at,
                end=times.deadline,
                url=url,
            )
        )
    return events


@require_safe
@throttling.page_budget(
    [throttling.CALENDARS_SCOPE],
    gettext_lazy("This calendar was read too often from here."),
    per="championship_id",
)
def championship_calendar(request: HttpRequest, championship_id: int) -> HttpResponse:
    """The championship's schedule as iCalendar; 404 to whoever may not see the championship."""
    championship = visible_championships(request.user).filter(pk=championship_id).first()
    if championship is None:
        raise Http404
    events = championship_events(
        championship,
        calendar_selectors.opened_rounds(championship),
        url=request.build_absolute_uri(championship.get_absolute_url()),
        domain=_domain(request),
    )
    body = calendars.ics(championship.name, events, stamp=timezone.now())
    return _answer(body, f"championship-{championship.pk}.ics")


# -- a player's own games -------------------------------------------------------------


def _match_round_text(match: MatchToPlay) -> str:
    if match.group:
        return _("group %(group)s round %(number)s") % {
            "group": match.group,
            "number": match.number,
        }
    return round_title(match.name) or _("round %(number)s") % {"number": match.number}


def _opponents(names: tuple[str, ...]) -> str:
    return ", ".join(_("the CPU") if name == CPU_PLAYER else name for name in names)


def player_events(
    player: User,
    matches: list[MatchToPlay],
    moves: list[MoveDeadline],
    *,
    page_url: Callable[[str], str],
    domain: str,
) -> list[calendars.Event]:
    """Each match still to play, until its round's deadline; and each move on the player's
    clock whose time runs out before that (or that no round's deadline bounds).

    `page_url(path)` makes a page's address absolute.
    """
    events = []
    round_ends: dict[int, datetime | None] = {}
    for match in matches:
        round_ends[match.match_id] = match.deadline
        if match.game_id is not None:
            url = page_url(reverse("game", args=[match.game_id]))
        else:
            url = page_url(reverse("championship", args=[match.championship_id]))
        events.append(
            calendars.Event(
                uid=f"match-{match.match_id}-player-{player.pk}@{domain}",
                summary=_("%(game)s: you v. %(opponent)s — %(championship)s, %(round)s")
                % {
                    "game": game_title(match.game),
                    "opponent": match.opponent,
                    "championship": match.championship,
                    "round": _match_round_text(match),
                },
                start=match.opened_at,
                end=match.deadline,
                url=url,
            )
        )
    for move in moves:
        round_end = round_ends.get(move.match_id) if move.match_id is not None else None
        if round_end is not None and round_end <= move.deadline:
            continue  # the round's deadline comes first: its event says it
        events.append(
            calendars.Event(
                uid=f"game-{move.game_id}-move-player-{player.pk}@{domain}",
                summary=_("%(game)s: your move v. %(opponents)s")
                % {"game": game_title(move.game), "opponents": _opponents(move.opponents)},
                start=move.turn_started_at,
                end=move.deadline,
                url=page_url(reverse("game", args=[move.game_id])),
            )
        )
    return events


@require_safe
@throttling.page_budget(
    [throttling.CALENDARS_SCOPE],
    gettext_lazy("This calendar was read too often from here."),
    per="key",
)
def player_calendar(request: HttpRequest, key: str) -> HttpResponse:
    """A player's games still to play; the key is the authority (calendar apps cannot log
    in), in the player's language where they chose one."""
    player = calendar_selectors.calendar_owner(key)
    if player is None:
        raise Http404
    with translation.override(
        player.language or player.browser_language or translation.get_language()
    ):
        events = player_events(
            player,
            calendar_selectors.matches_to_play(player),
            calendar_selectors.move_deadlines(player),
            page_url=request.build_absolute_uri,
            domain=_domain(request),
        )
        name = _("Games of %(username)s") % {"username": player.username}
        response = _answer(calendars.ics(name, events, stamp=timezone.now()), "my-games.ics")
        response["Content-Language"] = translation.get_language()
    # The address is a secret: no shared cache keeps it, no search engine lists it.
    response["Cache-Control"] = "private, no-cache"
    response["X-Robots-Tag"] = "noindex"
    return response


# -- the account page's button ---------------------------------------------------------


@login_required
@require_POST
def account_calendar(request: HttpRequest) -> HttpResponse:
    """A new address for the player's calendar (the first one, or one that stops the old)."""
    had_one = calendar_selectors.calendar_feed_of(request.user) is not None
    calendar_feeds.replace_calendar_key(request.user)
    if had_one:
        text = _("Your calendar has a new address; the old one no longer works.")
    else:
        text = _("Here is the address of your calendar.")
    messages.success(request, text)
    return HttpResponseRedirect(reverse("account") + "#calendar-feed")
