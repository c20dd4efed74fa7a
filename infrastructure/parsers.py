"""The API's JSON parser: bodies nested deeper than any real request are refused.

Python's JSON decoder recurses once per level, so a body of a few thousand `[`
would exhaust the stack (a 500) before any serializer sees it. The depth is
counted on the text first, strings left out, and a body too deep is refused
(400 `too_deep`) before it is decoded.
"""

import io
import re
from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, get_encoding

# The deepest real body (a whole board given in a game's options) has 4 levels.
MAX_DEPTH = 20

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in a JSON text (brackets inside strings not counted)."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


class DepthLimitedJSONParser(JSONParser):
    """JSON, refused before decoding when it nests deeper than MAX_DEPTH."""

    def parse(self, stream, media_type: str | None = None, parser_context: Any = None) -> Any:
        body = stream.read()
        try:
            text = body.decode(get_encoding(parser_context or {}))
        except UnicodeDecodeError as error:
            raise ParseError(_("JSON parse error - %(error)s") % {"error": error}) from None
        if nesting_depth(text) > MAX_DEPTH:
            raise ParseError(
                _("JSON nested deeper than %(limit)s levels is not accepted.")
                % {"limit": MAX_DEPTH},
                code="too_deep",
            )
        return super().parse(io.BytesIO(body), media_type, parser_context)
