from django.contrib import admin

from games.admin import ReadOnlyAdmin
from ratings.models import Rating, RatingChange

# Ratings follow the games' results (recomputed after a logged correction): read here,
# never set by hand.


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["player", "game", "rating", "rd", "volatility", "games", "last_played_at"]
    list_filter = ["game"]
    search_fields = ["player__username"]
    raw_id_fields = ["player"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ["rating", "source", "at", "rating_before", "rating_after"]
    raw_id_fields = ["rating", "source"]
