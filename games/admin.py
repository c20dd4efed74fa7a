from django.contrib import admin

from games.models import Game, Move, Seat


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows that only the services change: a game's play and result change through moves
    and logged decisions (which refuse one who plays in the game), never by hand here."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["seat", "order", "user"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["id", "game", "kind", "status", "move_count", "result_reason", "created_at"]
    list_filter = ["game", "kind", "status"]
    readonly_fields = ["snapshot", "version", "created_at", "started_at", "finished_at"]
    inlines = [SeatInline]


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    list_display = ["game", "seq", "seat", "payload", "status", "refusal_code", "received_at"]
    list_filter = ["status"]
    raw_id_fields = ["game", "player"]
