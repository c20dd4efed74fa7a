"""The groups' own settings: their size and how many of each go on to the playoff."""

from typing import Any

from django.utils.translation import gettext as _

from infrastructure.errors import DomainError

GROUP_SIZE_MIN = 2
GROUP_SIZE_MAX = 16


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_group_size(values: dict) -> None:
    size = values["group_size"]
    if not _whole(size) or not GROUP_SIZE_MIN <= size <= GROUP_SIZE_MAX:
        raise DomainError(_("from 2 to 16 players"), field="group_size")


def check_advance_per_group(values: dict) -> None:
    advance = values["playoff_players_per_group"]
    if not _whole(advance) or not 1 <= advance <= values["group_size"]:
        raise DomainError(_("from 1 to the group size"), field="playoff_players_per_group")
