"""The `game` column of games, championships and ratings: a registered game's name.

The names are read from the registry (`games.registry`) each time they are needed,
never copied into a model's choices at import or into a migration, so registering a
game needs no migration and is offered by every form and admin filter at once.
"""

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from games import registry

GAME_NAME_LENGTH = 20


def game_names() -> tuple[str, ...]:
    """The registered games' API names, in the registry's order."""
    return registry.names()


def first_game_name() -> str:
    """The game a form or page picks when none is asked for."""
    return game_names()[0]


def game_choices() -> list[tuple[str, str]]:
    """(name, title) of every registered game, titles translated when shown."""
    return [(game.name, game.title) for game in registry.declarations()]


def validate_game_name(value: str) -> None:
    """Refuse a name that no registered game has."""
    if value not in game_names():
        raise ValidationError(
            _("No game called %(game)r; games: %(games)s."),
            code="unknown_game",
            params={"game": value, "games": ", ".join(game_names())},
        )


class GameNameField(models.CharField):
    """A CharField holding a registered game's name; its choices come from the registry."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("max_length", GAME_NAME_LENGTH)
        # A callable: forms, the admin's filters and the system checks read the registry
        # when they run, not when this module was imported.
        kwargs["choices"] = game_choices
        super().__init__(*args, **kwargs)

    def deconstruct(self) -> tuple:
        name, path, args, kwargs = super().deconstruct()
        # The games belong to the registry, not to the migration state.
        kwargs.pop("choices", None)
        return name, path, args, kwargs

    def validate(self, value, model_instance) -> None:
        # The registry's own message first, naming the games, rather than the generic one.
        if value not in self.empty_values:
            validate_game_name(value)
        super().validate(value, model_instance)
