"""What people write: the characters no field takes, and text made safe for one line.

Refused in every field a person fills in (names, descriptions, reasons, usernames...):
- control characters (Unicode category Cc: C0, DEL, C1), except the line feed, carriage
  return and tab in a field of several lines (a description, a reason);
- the line and paragraph separators U+2028 and U+2029 (line breaks under other names);
- the bidirectional embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069,
  which make a name read backwards or hide what follows it in a log or a record;
- lone surrogates (U+D800–U+DFFF), which no UTF-8 text, database or file can hold.
Kept: the zero-width joiner and non-joiner and the left-to-right and right-to-left marks
(U+200C–U+200F), which scripts and emoji need and which cannot reorder what follows them.

Text already stored before these rules (or written by the site itself) goes out through
`printable` or `one_line`, so an export never carries such a character either.
"""

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _

from infrastructure.errors import DomainError

CODE = "control_character"
# What a field of several lines takes beyond plain characters.
MULTILINE_CONTROLS = frozenset("\n\r\t")
_FORMAT_REFUSED = frozenset(
    "\u2028\u2029"  # line and paragraph separators
    "\u202a\u202b\u202c\u202d\u202e"  # bidirectional embeddings and overrides
    "\u2066\u2067\u2068\u2069"  # bidirectional isolates
)
# Characters that end a line somewhere (str.splitlines() breaks at each of them).
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def is_refused(character: str, *, multiline: bool = False) -> bool:
    """Whether a field takes no `character` (one of several lines when `multiline`)."""
    if multiline and character in MULTILINE_CONTROLS:
        return False
    return character in _FORMAT_REFUSED or unicodedata.category(character) in ("Cc", "Cs")


def first_refused(text: str, *, multiline: bool = False) -> str | None:
    """The first character of `text` that the field refuses; None when it takes it all."""
    return next((c for c in text if is_refused(c, multiline=multiline)), None)


def code_point(character: str) -> str:
    """U+000A: how a message names an invisible character."""
    return f"U+{ord(character):04X}"


@deconstructible
class PlainTextValidator:
    """Refuses the characters listed above; `multiline` lets line breaks and tabs through."""

    def __init__(self, multiline: bool = False) -> None:
        self.multiline = multiline

    def __call__(self, value: object) -> None:
        if not isinstance(value, str):
            return
        character = first_refused(value, multiline=self.multiline)
        if character is None:
            return
        if character in _LINE_BREAKS:
            message = _("one line of text, without line breaks")
        else:
            message = _("plain text, without control or direction characters (%(character)s)")
        raise ValidationError(message, code=CODE, params={"character": code_point(character)})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlainTextValidator) and other.multiline == self.multiline

    def __hash__(self) -> int:
        return hash((type(self), self.multiline))


single_line = PlainTextValidator()
multi_line = PlainTextValidator(multiline=True)


def check(value: str, field: str, *, multiline: bool = False) -> str:
    """`value` when the field takes it; otherwise a DomainError naming `field` (for services,
    which every path of a change goes through, whatever form or serializer came first)."""
    try:
        PlainTextValidator(multiline)(value)
    except ValidationError as error:
        raise DomainError(error.messages[0], field=field) from None
    return value


def printable(text: str, *, multiline: bool = False) -> str:
    """`text` without the characters a field refuses (old data on its way out); on one line,
    each line break becomes a space."""
    kept = []
    for character in text:
        if not is_refused(character, multiline=multiline):
            kept.append(character)
        elif character in _LINE_BREAKS or character == "\t":
            kept.append(" ")
    return "".join(kept)


_SPACES = re.compile(r"\s+")


def one_line(text: str) -> str:
    """`text` as one line: every run of white space (line breaks included) one space, the
    refused characters gone, no space at either end."""
    return _SPACES.sub(" ", printable(text)).strip()


def email_subject(text: str, max_chars: int = 120) -> str:
    """An e-mail's subject from any text: one line (a header never takes a line break), cut
    to `max_chars` with an ellipsis."""
    subject = one_line(text)
    if len(subject) <= max_chars:
        return subject
    return subject[: max_chars - 1].rstrip() + "…"
