from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Championships"

    def ready(self) -> None:
        from games.signals import game_finished
        from tournaments.services import on_game_finished

        # Connected before ratings' receiver (INSTALLED_APPS order); the uid keeps it single.
        game_finished.connect(on_game_finished, dispatch_uid="tournaments.on_game_finished")
