from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from games.services import GAME_FINISHED_HANDLERS
        from ratings.services import on_game_finished

        if on_game_finished not in GAME_FINISHED_HANDLERS:
            GAME_FINISHED_HANDLERS.append(on_game_finished)
