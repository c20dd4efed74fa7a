from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Championships"

    def ready(self) -> None:
        from accounts import personal_data
        from accounts.signals import credentials_ended
        from games import visibility
        from games.signals import game_finished
        from live import sources
        from notifications.kinds import add_round_texts
        from tournaments.personal_data import PART
        from tournaments.services import on_game_finished
        from tournaments.services.calendar_feeds import renew_calendar_key
        from tournaments.streams import SOURCE
        from tournaments.systems import registry as systems_registry
        from tournaments.visibility import GAMES

        # Connected before ratings' receiver (INSTALLED_APPS order); the uid keeps it single.
        game_finished.connect(on_game_finished, dispatch_uid="tournaments.on_game_finished")
        # A championship's games are seen by whoever sees the championship.
        visibility.register(GAMES)
        # A new password gives the player's calendar a new address.
        credentials_ended.connect(
            lambda sender, user, **_kwargs: renew_calendar_key(user),
            dispatch_uid="tournaments.renew_calendar_key",
            weak=False,
        )
        sources.register(SOURCE)
        # Each stage's notice of a new round, in the reader's language when read.
        for stage in systems_registry.stages():
            add_round_texts(stage.kind, stage.round_started)
        # Withdrawing forfeits the championship games before the games app resigns the rest.
        personal_data.register(PART, before="games")
