"""Query parameters read as the schema documents them; anything else is a 400 naming it."""

import re
from collections.abc import Iterable

from django.utils.translation import gettext as _
from rest_framework.request import Request

from infrastructure.errors import DomainError

_DIGITS = re.compile(r"[0-9]{1,19}")


def choice(request: Request, name: str, allowed: Iterable[str]) -> str | None:
    """The parameter's value, one of `allowed`; None when it is absent."""
    value = request.query_params.get(name)
    if value is None:
        return None
    allowed = list(allowed)
    if value not in allowed:
        raise DomainError(_("one of %(names)s") % {"names": ", ".join(allowed)}, field=name)
    return value


def whole_number(request: Request, name: str, *, default: int, maximum: int) -> int:
    """A whole number from 0 to `maximum` written in ASCII digits; `default` when absent."""
    value = request.query_params.get(name)
    if value is None:
        return default
    if not _DIGITS.fullmatch(value) or int(value) > maximum:
        raise DomainError(
            _("a whole number from 0 to %(maximum)s") % {"maximum": maximum}, field=name
        )
    return int(value)
