"""Championship pages, one module a job. They read through selectors and write through
services, like the API; what is in them is only turning those into what the templates
show (translated labels, formatted numbers)."""

from tournaments.views.actions import accept, decline, enter, start, withdraw
from tournaments.views.announcing import announce
from tournaments.views.calendars import account_calendar, championship_calendar, player_calendar
from tournaments.views.championship_page import championship_page
from tournaments.views.checking_in import check_in
from tournaments.views.decisions import decide
from tournaments.views.joining import join, replace_join_code
from tournaments.views.listing import championship_edit, championship_list, championship_new
from tournaments.views.organising import co_organisers, invite_many, organise
from tournaments.views.rounds import championship_rounds
from tournaments.views.seeding import move_seed
from tournaments.views.words import number, round_title

__all__ = [
    "accept",
    "account_calendar",
    "announce",
    "championship_calendar",
    "championship_edit",
    "championship_list",
    "championship_new",
    "championship_page",
    "championship_rounds",
    "check_in",
    "co_organisers",
    "decide",
    "decline",
    "enter",
    "invite_many",
    "join",
    "move_seed",
    "number",
    "organise",
    "player_calendar",
    "replace_join_code",
    "round_title",
    "start",
    "withdraw",
]
