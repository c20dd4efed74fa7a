"""The championship row every change of it locks first."""

from django.utils.translation import gettext as _

from infrastructure.errors import NotFound
from tournaments.models import Championship


def locked_championship(championship_id: int) -> Championship:
    championship = Championship.objects.select_for_update().filter(pk=championship_id).first()
    if championship is None:
        raise NotFound(_("No such championship."))
    return championship
