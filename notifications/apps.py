from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        from accounts import personal_data
        from games.signals import game_finished, game_invited, turn_passed
        from notifications.game_hooks import on_game_finished, on_game_invited, on_turn_passed
        from notifications.personal_data import PART

        # The uid keeps the receiver single however often ready() runs.
        game_finished.connect(on_game_finished, dispatch_uid="notifications.on_game_finished")
        game_invited.connect(on_game_invited, dispatch_uid="notifications.on_game_invited")
        turn_passed.connect(on_turn_passed, dispatch_uid="notifications.on_turn_passed")
        personal_data.register(PART)
