from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from accounts import personal_data
        from accounts.signals import guests_leaving
        from games import personal_data as games_data
        from games import registry
        from games.guests import remove_games_of_leaving_guests
        from games.services.processing import book_clock_check
        from games.signals import clock_running
        from games.stream_source import SOURCE
        from live import sources

        # Every game's declaration is read at start-up: a broken one stops the process here,
        # not at the first request that needs it.
        registry.load()
        sources.register(SOURCE)
        personal_data.register(games_data.PART)
        # The uid keeps the receiver single however often ready() runs.
        guests_leaving.connect(
            remove_games_of_leaving_guests, dispatch_uid="games.remove_games_of_leaving_guests"
        )
        clock_running.connect(book_clock_check, dispatch_uid="games.book_clock_check")
