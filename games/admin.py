from django.contrib import admin

from games.models import Game, Move, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["seat", "order", "user"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "kind", "status", "move_count", "result_reason", "created_at"]
    list_filter = ["game", "kind", "status"]
    readonly_fields = ["snapshot", "version", "created_at", "started_at", "finished_at"]
    inlines = [SeatInline]


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ["game", "seq", "seat", "payload", "status", "refusal_code", "received_at"]
    list_filter = ["status"]
    raw_id_fields = ["game", "player"]
