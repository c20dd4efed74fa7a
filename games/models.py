"""Games, their seats and their moves."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.game_field import GameNameField

# How the CPU player is named wherever a username stands (the opponent of a practice game).
CPU_PLAYER = "cpu"

# The CPU's strengths as people read them, weakest first (the engines play each of them).
CPU_LEVEL_TITLES = {"easy": _("easy"), "normal": _("normal"), "strong": _("strong")}


def cpu_level_title(level: str) -> str:
    return str(CPU_LEVEL_TITLES.get(level, level))


def cpu_title(level: str) -> str:
    """How pages name the CPU playing at `level`: "CPU (strong)"; "CPU" without one."""
    if not level:
        return gettext("CPU")
    return gettext("CPU (%(level)s)") % {"level": cpu_level_title(level)}


class Game(models.Model):
    class Kind(models.TextChoices):
        PRACTICE = "practice", _("Practice against the CPU")
        FRIENDLY = "friendly", _("Friendly")
        CHAMPIONSHIP = "championship", _("Championship")

    class Status(models.TextChoices):
        INVITED = "invited", _("Waiting for the opponent")
        ACTIVE = "active", _("Active")
        FINISHED = "finished", _("Finished")
        DECLINED = "declined", _("Declined")

    game = GameNameField()
    kind = models.CharField(max_length=12, choices=Kind.choices)
    options = models.JSONField(default=dict, help_text=_("The engine's options, format included."))
    format = models.CharField(max_length=12, blank=True, default="")
    rated = models.BooleanField(default=False)
    # How strongly the CPU plays its seats (one of CPU_LEVELS); empty where it has none.
    cpu_level = models.CharField(max_length=10, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games"
    )
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.INVITED, db_index=True
    )
    to_move = models.CharField(max_length=10, blank=True, default="")
    move_count = models.PositiveIntegerField(default=0)
    score = models.JSONField(default=dict)
    secured = models.BooleanField(default=False)
    winner = models.CharField(max_length=10, blank=True, default="", help_text=_("Winning seat."))
    result_reason = models.CharField(max_length=20, blank=True, default="")
    snapshot = models.BinaryField()
    draw_offer = models.CharField(max_length=10, blank=True, default="")
    # seat → when it last offered a draw, where the rules space offers out (Q19).
    draw_offers = models.JSONField(default=dict, blank=True)
    # seat → final place (1 is best, equal places shared), for games of more than two.
    places = models.JSONField(default=dict, blank=True)
    # The seat that asked to take back its last move, waiting for the opponent's consent.
    undo_request = models.CharField(max_length=10, blank=True, default="")
    # Clocks: seconds left per seat as of turn_started_at; deadline for the side to move.
    time_control = models.JSONField(null=True, blank=True)
    clocks = models.JSONField(default=dict)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # Berserk (an Arena's): a player may halve their own clock before their first move; only
    # games opened with `berserk_allowed` let them. `berserk`: the seats that did.
    berserk_allowed = models.BooleanField(default=False)
    berserk = models.JSONField(default=list, blank=True)
    match = models.ForeignKey(
        "tournaments.Match", on_delete=models.PROTECT, null=True, blank=True, related_name="games"
    )
    # Bumped on every change: the id of live events and of polling.
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "deadline"], name="games_game_clock_idx")]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("game", kwargs={"game_id": self.pk})

    @property
    def cpu_title(self) -> str:
        """How the game's pages name its CPU player: "CPU (strong)"."""
        return cpu_title(self.cpu_level)


class Seat(models.Model):
    """Who sits where: a user, or the CPU when `user` is empty."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=10)
    order = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="seats",
    )  # fmt: skip
    # The player has left the game for now; where the rules allow it the CPU plays for them.
    away = models.BooleanField(default=False)
    # An invited player's seat counts once they accept; the game starts when every seat does.
    accepted = models.BooleanField(default=True)

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="games_seat_unique"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(user__isnull=False), name="games_player_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.seat}"

    @property
    def is_cpu(self) -> bool:
        return self.user_id is None


class Move(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACCEPTED = "accepted", _("Accepted")
        REFUSED = "refused", _("Refused")
        UNDONE = "undone", _("Taken back")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    seat = models.CharField(max_length=10)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )  # fmt: skip
    payload = models.JSONField()
    status = models.CharField(
        max_length=8, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    refusal_code = models.CharField(max_length=30, blank=True, default="")
    refusal_message = models.CharField(max_length=300, blank=True, default="")
    points = models.IntegerField(default=0)
    score_after = models.JSONField(null=True, blank=True)
    received_at = models.DateTimeField(auto_now_add=True)
    processed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["seq", "id"]
        constraints = [
            # A refused or taken-back move frees its number for the next move.
            models.UniqueConstraint(
                fields=["game", "seq"],
                condition=~Q(status__in=["refused", "undone"]),
                name="games_move_seq_unique",
            ),
        ]
        indexes = [models.Index(fields=["status", "received_at"], name="games_move_pending_idx")]

    def __str__(self) -> str:
        return f"{self.game} move {self.seq}"
