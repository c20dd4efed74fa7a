from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from accounts import personal_data
        from games import personal_data as games_data
        from games import registry
        from games.stream_source import SOURCE
        from live import sources

        # Every game's declaration is read at start-up: a broken one stops the process here,
        # not at the first request that needs it.
        registry.load()
        sources.register(SOURCE)
        personal_data.register(games_data.PART)
