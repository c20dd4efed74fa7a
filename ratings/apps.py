from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from accounts import personal_data
        from games.signals import game_finished, result_corrected
        from ratings.personal_data import PART
        from ratings.services import on_game_finished, on_result_corrected

        # The uid keeps the receiver single however often ready() runs.
        game_finished.connect(on_game_finished, dispatch_uid="ratings.on_game_finished")
        result_corrected.connect(on_result_corrected, dispatch_uid="ratings.on_result_corrected")
        personal_data.register(PART)
