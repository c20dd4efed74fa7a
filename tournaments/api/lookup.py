"""The championship an API call is about, if the caller may see it."""

from django.utils.translation import gettext as _
from rest_framework.request import Request

from infrastructure.errors import NotFound
from tournaments.models import (
    Championship,
)
from tournaments.visibility import visible_championships


def championship_for(request: Request, championship_id: int) -> Championship:
    championship = visible_championships(request.user).filter(pk=championship_id).first()
    if championship is None:
        raise NotFound(_("No such championship."))
    return championship
