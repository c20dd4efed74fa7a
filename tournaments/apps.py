from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Championships"

    def ready(self) -> None:
        from games.services import GAME_FINISHED_HANDLERS
        from tournaments.services import on_game_finished

        if on_game_finished not in GAME_FINISHED_HANDLERS:
            GAME_FINISHED_HANDLERS.append(on_game_finished)
