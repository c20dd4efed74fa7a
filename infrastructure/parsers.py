"""The API's JSON parser: bodies nested deeper than any real request are refused.

Python's JSON decoder recurses once per level, so a body of a few thousand `[`
would exhaust the stack (a 500) before any serializer sees it. The depth is
counted on the text first, strings left out, and a body too deep is refused
(400 `too_deep`) before it is decoded.

The count is one pass over the text whatever it holds: a string is skipped in one
step from its opening quote to its closing one (or to the end of the text when it is
never closed), and no part of the text is read twice, so a body made to make a
scanner backtrack (quotes, escapes, brackets by the thousand) costs no more than
any other body of its size.
"""

import io
import re
from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, get_encoding

# The deepest real body (a whole board given in a game's options) has 4 levels.
MAX_DEPTH = 20

# A string's body is taken possessively, so a string never closed ends the text instead
# of sending the scan back to try again from the next quote.
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_OPENING = frozenset("[{")


def nesting_depth(text: str, *, limit: int | None = None) -> int:
    """How deep arrays and objects nest in a JSON text (brackets inside strings not
    counted); with `limit`, the count stops at the first level beyond it."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = deepest = 0
    for bracket in brackets:
        if bracket in _OPENING:
            depth += 1
            if depth > deepest:
                deepest = depth
                if limit is not None and deepest > limit:
                    break
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
        if nesting_depth(text, limit=MAX_DEPTH) > MAX_DEPTH:
            raise ParseError(
                _("JSON nested deeper than %(limit)s levels is not accepted.")
                % {"limit": MAX_DEPTH},
                code="too_deep",
            )
        return super().parse(io.BytesIO(body), media_type, parser_context)
