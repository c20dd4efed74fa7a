from django.contrib import admin

from games.admin import ReadOnlyAdmin
from tournaments import streams
from tournaments.models import (
    Championship,
    Decision,
    Entry,
    FinalRank,
    Group,
    Invitation,
    Match,
    Stage,
)


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ["player", "entered_at", "withdrawn_at"]
    # A withdrawal forfeits games: it is made on the organise page, where it is logged.
    readonly_fields = ["entered_at", "withdrawn_at"]
    raw_id_fields = ["player"]


@admin.register(Championship)
class ChampionshipAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "organiser", "status", "visibility", "created_at"]
    list_filter = ["game", "status", "visibility"]
    search_fields = ["name", "organiser__username"]
    raw_id_fields = ["organiser", "co_organisers"]
    # The championship's progress and winner follow its games: never set by hand.
    readonly_fields = ["status", "winner", "started_at", "finished_at"]
    inlines = [EntryInline]

    def save_related(self, request, form, formsets, change) -> None:
        super().save_related(request, form, formsets, change)
        # The visibility or the entries may have changed who sees it.
        streams.visibility_changed(form.instance)

    def delete_model(self, request, obj) -> None:
        streams.visibility_changed(obj)  # its streams end once it is gone
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset) -> None:
        for championship in queryset:
            streams.visibility_changed(championship)
        super().delete_queryset(request, queryset)


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = [
        "stage", "group", "round", "index", "first", "second", "status", "winner", "deadline",
    ]  # fmt: skip
    list_filter = ["status", "stage__kind"]
    raw_id_fields = ["stage", "group", "first", "second", "winner"]


admin.site.register(Stage)
admin.site.register(Group)
admin.site.register(FinalRank, ReadOnlyAdmin)


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["championship", "player", "status", "invited_at", "answered_at"]
    list_filter = ["status"]
    raw_id_fields = ["championship", "player"]

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        streams.audience_changed(obj.championship)

    def delete_model(self, request, obj) -> None:
        super().delete_model(request, obj)
        streams.audience_changed(obj.championship)


@admin.register(Decision)
class DecisionAdmin(admin.ModelAdmin):
    """The log is a record of what was decided: read here, never rewritten."""

    list_display = ["at", "championship", "action", "by", "game"]
    list_filter = ["action"]
    search_fields = ["championship__name", "by__username", "reason"]
    readonly_fields = [
        "championship", "by", "at", "action", "players", "game", "before", "after", "reason",
    ]  # fmt: skip

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
