"""What a championship system declares: the protocol the generic code asks of every system
(the site's own rules the core keeps for every system, S1-S5, are in docs/site-rules.md).

A system is one package under tournaments/systems/ whose `system.py` has `SYSTEM`, a
`System`, and `STAGES`, the `StageKind`s it plays (the shared playoff is the core's, see
tournaments/services/playoff.py). Generic code reaches a system only through
tournaments.systems.registry and never names one. Nothing here imports Django's models:
a system's functions take the championship and its rows as the core hands them over.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise

Text = str | Promise  # a text for people, usually a lazy translation


@dataclass(frozen=True)
class Opened:
    """What a system's start made: for the decision log, and for the championship stream."""

    logged: dict
    told: list[dict]


@dataclass(frozen=True)
class StageKind:
    """One kind of stage: how it moves on, and how its rounds read."""

    kind: str  # the stage's name, also the championship's status while it is played
    title: Text  # "Swiss", "Group stage": the schedule's heading
    status_label: Text  # the championship's status while the stage is played
    # Takes the stage's step: opens rounds, pairs, moves winners on, starts the next
    # stage, ranks at the end (called inside the advance's transaction, championship locked).
    advance: Callable[[Any], None]
    # A match needs a winner: a drawn game is replayed and a level match at its deadline
    # waits for the organiser. Otherwise a draw counts as a draw.
    knockout: bool = False
    # Its results score points in a table (a result there changes the standings).
    scored: bool = False
    # A round opens for all its matches at once, told as one event (not group by group,
    # nor match by match as a bracket's).
    opens_whole_rounds: bool = False
    # Its games let a player go berserk (halve their own clock before their first move).
    berserk: bool = False
    # Its matches are due by the round's deadline (decided then if still played); a stage
    # that runs for a set time leaves its games to their own clocks.
    round_deadlines: bool = True
    # Its rounds are paired one at a time, each with reasons (the rounds page explains them).
    paired_by_score: bool = False
    # The rounds page's reasons: each pairing's own reasons by match id (read from what the
    # players had before), a reason in words (`reason_sentence(reason, name, seat_words)`),
    # and why a pairing is so where it keeps no reasons.
    explain_pairings: Callable[[Any, list, list], dict[int, dict]] | None = None
    reason_sentence: Callable[[dict, Callable, dict], str] | None = None
    pairing_why: Callable[[Any], str] | None = None
    # Where an entrant playing this stage plays, in words ("playing in the Swiss").
    playing_in: Text = ""
    # A round's heading on the rounds page, with its %(number)s ("Swiss, round 3"); a round
    # of a bracket is headed by the bracket's name for it.
    round_heading: Text = ""
    # The notice of a new round by bracket (None: the stage's own), with %(round)s,
    # %(championship)s and %(opponent)s.
    round_started: Mapping[str | None, Text] = field(default_factory=dict)
    # Correcting a result: the later matches a knockout match's result feeds (None: it
    # feeds none); why a decided result of this stage stands (a Conflict, or None when it
    # may still be corrected), asked before the knockout's own rule; and of a finished
    # championship whose last stage this is, which matches' last games may still be
    # corrected (None: none).
    later_matches: Callable[[Any], list] | None = None
    result_stands: Callable[[Any, Any], Any] | None = None
    correctable_at_the_end: Callable[[list], list] | None = None
    # Per stage id among those given, the rounds of each of its brackets (a double
    # elimination's, for naming its rounds).
    bracket_rounds: Callable[[Any], dict[int, dict[str, int]]] | None = None
    # Its place among the stages of the schedule (earlier first).
    schedule_order: int = 0
    # Given the stage's matches, a function naming a match's round ("Final", "Losers'
    # round 2"); None: its rounds are numbered.
    round_names: Callable[[list], Callable[[Any], str | None]] | None = None
    # The schedule's order of its rounds ({"bracket", "number", ...} → a sort key); None:
    # as read (by round).
    round_order: Callable[[dict], Any] | None = None


@dataclass(frozen=True)
class SettingRule:
    """One setting a system uses beyond those every championship has."""

    name: str
    # Checks the value among all the settings (raises DomainError naming the field).
    check: Callable[[dict], None] | None = None
    # The creation form's field for a setting only this system has (a new field each
    # call), and the value the form's cleaned data gives for it.
    form_field: Callable[[], Any] | None = None
    from_form: Callable[[dict], Any] | None = None


# The settings of a system whose tables score points and break ties.
TABLE_SETTINGS = (SettingRule("points_system"), SettingRule("tiebreaks"))


@dataclass(frozen=True)
class System:
    """Everything about a championship system that the service around it needs."""

    name: str  # the API's name, the package's last part
    label: Text  # its name for people ("Swiss")
    description: Text  # the creation form's choice ("Swiss (FIDE Dutch): …")
    first_stage: str  # the stage kind its start opens
    # Draws, pairs or brackets the seeded entrants (best first) and opens the first games.
    start: Callable[[Any, list], Opened]
    # The settings it uses beyond every championship's (the forms show only these), each
    # with its check; `formats` names the settings holding a match format, with their labels.
    settings: tuple[SettingRule, ...] = ()
    formats: Mapping[str, Text] = field(default_factory=dict)
    # The tie-breaks its tables know (name → label), with its default order; None: it
    # breaks no ties. `last_tiebreak`: the word after every chosen one (the groups' lots);
    # `game_point_tiebreaks`: its opponents' tie-breaks count game points (1, ½, 0), not
    # the championship's points.
    tiebreaks: tuple[Mapping[str, Any], tuple[str, ...]] | None = None
    last_tiebreak: str | None = None
    game_point_tiebreaks: bool = False
    # (rank, entry id) for every entrant once the championship is over.
    final_places: Callable[[Any], list[tuple[int, int]]] | None = None
    # The standings endpoint's part of this system: {key: rows}, e.g. {"swiss": [...]}.
    table: Callable[..., dict] | None = None
    # Its keys of the standings body with their empty value, given so for a championship
    # of another system (a client reads every body alike).
    table_empty: Mapping[str, Any] = field(default_factory=dict)
    # Its keys of the standings body described for the API's schema (DRF fields by key).
    table_fields: Callable[[], Mapping[str, Any]] | None = None
    # The bracket endpoint's body (drawn, or the plan before it is); None: no bracket.
    bracket: Callable[[Any], dict] | None = None
    # What the organiser is told once the start has opened the first games.
    started_text: Callable[[Any], str] | None = None
    # The last round whose games are all over, and the last round standings may be asked
    # after (0 for a system without a table by rounds).
    rounds_over: Callable[[Any], int] | None = None
    rounds_with_standings: Callable[[Any], int] | None = None
    # The page's pieces: templates the championship page includes, with their context.
    page: Callable[[Any, dict, Any], dict] | None = None
    # Whether its bracket is a double bracket (winners' and losers').
    double_bracket: bool = False
    # Entry id → (state, group name) of the entrants while its own stages are played:
    # "playing", "qualified" or "out" (see tournaments.selectors.entrant_states).
    entrant_states: Callable[[Any], dict[int, tuple[str, str | None]]] | None = None
    # A late entrant joins a running stage of this system (paired from the next round).
    late_entry: Callable[[Any], bool] | None = None
    # What a start now would make with this many entrants, for the start's confirmation
    # page (the groups' sizes, the Swiss's rounds).
    start_preview: Callable[[Any, int], dict] | None = None

    @property
    def setting_names(self) -> tuple[str, ...]:
        return tuple(rule.name for rule in self.settings)

    # The standings CSV's tables from the standings body: (its stage column, its rows, the
    # value of a row's group column).
    csv_tables: Callable[[dict], list[tuple[str, list[dict], Callable[[dict], Any]]]] | None = None
    # The creation form's words for its knockout matches' section (`heading`, `help`), and
    # for the order of its tie-breaks (`tiebreaks`).
    form_words: Mapping[str, Text] = field(default_factory=dict)
    # Its own pieces of the generic pages, by name: "settings" (the settings' lines),
    # "start" (what starting makes), "start_note" and "flow" (the organise page's words on
    # the start and on what follows), "seeds_help", "downloads" (its own files).
    templates: Mapping[str, str] = field(default_factory=dict)
    # The module of its own addresses (`api_urlpatterns` under /api/championships/,
    # `page_urlpatterns` under /championships/), or None.
    urls: str | None = None
    # How many groups a start would draw with this many entrants (None: it draws none).
    groups_drawn: Callable[[Any, int], int] | None = None
