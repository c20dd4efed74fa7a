"""Championships: entries, stages, groups, matches and the final ranking."""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.game_field import GameNameField
from infrastructure import text
from tournaments.systems import registry

ROUND_DEADLINE_DEFAULT_S = 7 * 86_400
ROUND_DEADLINE_MIN_S = 60
ABSENT_AFTER_DEFAULT_S = 2 * 86_400
JOIN_CODE_BYTES = 16  # 22 URL-safe characters: 128 random bits nobody guesses


def new_join_code() -> str:
    """A fresh secret for a championship's join link."""
    return secrets.token_urlsafe(JOIN_CODE_BYTES)


class Championship(models.Model):
    class Status:
        """Before and after play; while it is played a championship's status is the kind of
        the stage it is in (tournaments.systems.registry.playing_statuses)."""

        REGISTRATION = registry.REGISTRATION
        FINISHED = registry.FINISHED

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Public")
        PRIVATE = "private", _("Private")

    name = models.CharField(max_length=120, validators=[text.single_line])
    description = models.TextField(
        blank=True, default="", help_text=_("Plain text."), validators=[text.multi_line]
    )
    game = GameNameField()
    options = models.JSONField(default=dict)
    system = models.CharField(
        max_length=20, choices=registry.system_choices, default=registry.DEFAULT_SYSTEM
    )
    # A Swiss: its rounds (None: enough to rank the field, counted at the start) and how many
    # of its top players go on to a playoff (0: the Swiss decides the ranking).
    swiss_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    playoff_players = models.PositiveSmallIntegerField(default=0)
    # A double elimination: the losers' bracket winner who wins the grand final forces one
    # more match.
    grand_final_reset = models.BooleanField(default=True)
    # An Arena: how long it runs from its start, in minutes.
    arena_minutes = models.PositiveSmallIntegerField(default=60)
    group_size = models.PositiveSmallIntegerField(default=4)
    playoff_players_per_group = models.PositiveSmallIntegerField(default=2)
    stage_format = models.CharField(max_length=12, default="express")
    playoff_format = models.CharField(max_length=12, default="full")
    third_place = models.BooleanField(default=True)
    rated = models.BooleanField(default=True)
    time_control = models.JSONField(null=True, blank=True)
    # Every round has this long from its opening; a game still running then is decided.
    round_deadline_s = models.PositiveIntegerField(default=ROUND_DEADLINE_DEFAULT_S)
    # The organiser's page lists players who have not moved for longer than this.
    absent_after_s = models.PositiveIntegerField(default=ABSENT_AFTER_DEFAULT_S)
    starts_at = models.DateTimeField(null=True, blank=True, db_index=True)
    entries_close_at = models.DateTimeField(null=True, blank=True)
    # How long before `starts_at` the entrants may check in (0: no check-in); whoever has
    # not checked in at the start is withdrawn before the draw.
    check_in_s = models.PositiveIntegerField(default=0)
    points_system = models.CharField(max_length=8, default="2-1-0")
    tiebreaks = models.JSONField(default=list)
    visibility = models.CharField(
        max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised"
    )
    # Referees the organiser names: they decide games as the organiser does, and decide the
    # games the organiser plays in (nobody decides a game of their own).
    co_organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="co_organised"
    )
    # The secret of the join link (/championships/{id}/join/{code}/): whoever has it may
    # enter while entries are open, a private championship too. Only the organiser sees
    # it, and a new one stops the old link at once.
    join_code = models.CharField(max_length=43, default=new_join_code, editable=False)
    status = models.CharField(
        max_length=20, choices=registry.status_choices, default=Status.REGISTRATION, db_index=True
    )
    winner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="championships_won",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("championship", kwargs={"championship_id": self.pk})

    def join_path(self) -> str:
        """The join link's path, with its secret: for the organiser's eyes only."""
        return reverse(
            "championship-join", kwargs={"championship_id": self.pk, "code": self.join_code}
        )


class Entry(models.Model):
    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="entries"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    # The organiser's order for the draw (1 is the top seed); the entries without one follow,
    # by rating.
    seed = models.PositiveIntegerField(null=True, blank=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    # A Swiss's pairing number (1 for the top of the initial ranking), given at the start;
    # a late entrant gets the next free one when first paired.
    pairing_number = models.PositiveIntegerField(null=True, blank=True)
    # Paused by the player (or for missing a game) in a system that pairs whoever is free
    # (an Arena): not paired until they resume.
    paused_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["entered_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["championship", "player"], name="tournaments_entry_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.championship}"


class Invitation(models.Model):
    """The organiser asks a player to enter; the player becomes an entrant only by accepting."""

    class Status(models.TextChoices):
        INVITED = "invited", _("Invited")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")
        CANCELLED = "cancelled", _("Cancelled")

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="invitations"
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="championship_invitations"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.INVITED)
    invited_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["invited_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["championship", "player"],
                condition=models.Q(status="invited"),
                name="tournaments_invitation_pending_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} invited to {self.championship}"


class Stage(models.Model):
    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="stages")
    # The stage's kind, declared by a system (or the core's playoff): see
    # tournaments.systems.registry.
    kind = models.CharField(max_length=20, choices=registry.stage_choices)
    format = models.CharField(max_length=12)
    # What the stage drew by lot at its start, kept so that every later step follows it (a
    # Swiss: the seat pairing number 1 takes when nothing else decides).
    lots = models.JSONField(default=dict, blank=True)
    # When a stage that runs for a set time is over (an Arena); the sweep moves it on then.
    ends_at = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["championship", "kind"], name="tournaments_stage_once"),
        ]

    def __str__(self) -> str:
        return f"{self.championship} {self.kind}"

    @property
    def is_knockout(self) -> bool:
        """Its matches need a winner: a drawn game is replayed, and a level match at its
        deadline waits for the organiser. In the others a draw counts as a draw."""
        return registry.stage(self.kind).knockout


class Group(models.Model):
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="groups")
    order = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=8)
    current_round = models.PositiveSmallIntegerField(default=1)
    rounds = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return f"Group {self.name}"


class GroupMember(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="members")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="memberships")
    position = models.PositiveSmallIntegerField(help_text=_("Place in the Berger table."))
    seed = models.PositiveIntegerField(help_text=_("Seed in the whole championship, 1 best."))
    # The recorded drawing of lots: the last tie-break (lower is better).
    lot = models.PositiveIntegerField()

    class Meta:
        ordering = ["position"]

    def __str__(self) -> str:
        return f"{self.entry} in {self.group}"


class Match(models.Model):
    """A pairing of two entries; it holds one game, or more when a playoff draw is replayed."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for its round")
        PLAYING = "playing", _("Playing")
        # Level at its deadline in the playoff: the organiser decides who goes on.
        AWAITING = "awaiting", _("Awaiting the organiser")
        FINISHED = "finished", _("Finished")

    class Bracket(models.TextChoices):
        WINNERS = "winners", _("Winners' bracket")
        LOSERS = "losers", _("Losers' bracket")
        FINAL = "final", _("Grand final")

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="matches")
    group = models.ForeignKey(
        Group, on_delete=models.CASCADE, null=True, blank=True, related_name="matches"
    )
    # Which bracket of a double elimination the match is in (empty in every other stage).
    bracket = models.CharField(max_length=8, choices=Bracket.choices, blank=True, default="")
    round = models.PositiveSmallIntegerField()
    index = models.PositiveSmallIntegerField(help_text=_("Place of the match in its round."))
    third_place = models.BooleanField(default=False)
    first = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        help_text=_("Plays the first seat in the first game."),
    )  # fmt: skip
    second = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    winner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    drawn = models.BooleanField(default=False)
    forfeit = models.BooleanField(default=False)
    # When the match's round opened for it, and when that round's time is up.
    opened_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # How many of the deadline reminders (24 h, then 1 h before) the players were sent.
    reminders_sent = models.PositiveSmallIntegerField(default=0)
    # A Swiss pairing's record of how it was made: its score group, who floated and the
    # reasons (codes with their values, put into words when shown). A Swiss match with no
    # `second` is a bye.
    pairing = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["stage", "group", "round", "index"]
        indexes = [models.Index(fields=["status", "deadline"], name="tournaments_match_due_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "group", "bracket", "round", "index", "third_place"],
                name="tournaments_match_place",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.stage} round {self.round} match {self.index}"


class FinalRank(models.Model):
    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="final_ranking"
    )
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    rank = models.PositiveIntegerField()

    class Meta:
        ordering = ["rank"]
        constraints = [
            models.UniqueConstraint(fields=["championship", "entry"], name="tournaments_rank_once"),
        ]

    def __str__(self) -> str:
        return f"{self.rank}. {self.entry}"


class Decision(models.Model):
    """One of the organiser's decisions (or the worker's, by the rules), kept for everyone
    to read: who, when, what it was before and after, and why."""

    class Action(models.TextChoices):
        ADJUDICATED = "adjudicated", _("Decided a game")
        DECIDED_AT_DEADLINE = "deadline", _("Decided at the round's deadline")
        WITHDREW = "withdrew", _("Withdrew a player")
        INVITED = "invited", _("Invited a player")
        REMOVED = "removed", _("Removed an entry")
        EDITED = "edited", _("Changed the settings")
        STARTED = "started", _("Started the championship")
        POSTPONED = "postponed", _("Postponed the start")

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="decisions"
    )
    # Empty when the worker decided by the championship's rules (a deadline, a schedule).
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    action = models.CharField(max_length=12, choices=Action.choices)
    # The players the decision is about.
    players = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="+")
    game = models.ForeignKey(
        "games.Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    reason = models.TextField(blank=True, default="", validators=[text.multi_line])

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.championship}: {self.action}"


class CalendarFeed(models.Model):
    """A player's private calendar of their own games: whoever has the URL reads it, so
    the player may replace the key at any time."""

    player = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="calendar_feed"
    )
    key = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"calendar of {self.player}"


class Announcement(models.Model):
    """What the organisers tell every entrant: on the championship's page, in each entrant's
    notifications and by e-mail."""

    TEXT_MAX_CHARS = 2000

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="announcements"
    )
    # The organiser or co-organiser who wrote it; kept (as "deleted player") if they go.
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="announcements"
    )
    text = models.TextField(max_length=TEXT_MAX_CHARS, validators=[text.multi_line])
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.championship}: {self.text[:40]}"
