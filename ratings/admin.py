from django.contrib import admin

from ratings.models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["player", "game", "rating", "rd", "volatility", "games", "last_played_at"]
    list_filter = ["game"]
    search_fields = ["player__username"]
    raw_id_fields = ["player"]


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ["rating", "source", "at", "rating_before", "rating_after"]
    raw_id_fields = ["rating", "source"]
