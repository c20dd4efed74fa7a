from django.contrib import admin

from tournaments.models import Championship, Entry, FinalRank, Group, Match, Stage


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ["player", "entered_at", "withdrawn_at"]
    readonly_fields = ["entered_at"]
    raw_id_fields = ["player"]


@admin.register(Championship)
class ChampionshipAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "organiser", "status", "visibility", "created_at"]
    list_filter = ["game", "status", "visibility"]
    search_fields = ["name", "organiser__username"]
    raw_id_fields = ["organiser", "winner"]
    inlines = [EntryInline]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["stage", "group", "round", "index", "first", "second", "status", "winner"]
    list_filter = ["status", "stage__kind"]
    raw_id_fields = ["stage", "group", "first", "second", "winner"]


admin.site.register(Stage)
admin.site.register(Group)
admin.site.register(FinalRank)
