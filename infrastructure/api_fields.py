"""Serializer fields that take JSON values as the schema types them, and nothing else.

DRF's own fields are lenient: a boolean field takes 0, "yes" or "on", a text field
takes 5, an integer field takes "5". The schema says `boolean`, `string` and
`integer`, so every API serializer uses these fields instead and refuses the rest.
"""

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from infrastructure import text


class StrictBooleanField(serializers.BooleanField):
    """true or false; no numbers, no strings."""

    default_error_messages = {"invalid": _("true or false")}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictCharField(serializers.CharField):
    """A JSON string; a number or a list is refused rather than turned into text.

    What people write takes no control or direction characters (`infrastructure.text`); a field of
    several lines (`multiline=True`: a description, a reason) takes line breaks and tabs.
    """

    default_error_messages = {"invalid": _("a string")}
    # Whether the field holds what people write (False only for secrets such as passwords).
    plain_text = True

    def __init__(self, *, multiline: bool = False, **kwargs: Any) -> None:
        self.multiline = multiline
        super().__init__(**kwargs)
        if self.plain_text:
            self.validators.append(text.multi_line if multiline else text.single_line)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class PasswordField(StrictCharField):
    """A password as typed: any characters, never trimmed, never sent back. It is only
    compared with a hash, so what it holds is never shown or exported anywhere."""

    plain_text = False

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("write_only", True)
        kwargs.setdefault("trim_whitespace", False)
        kwargs.setdefault("max_length", 128)
        super().__init__(**kwargs)


class StrictIntegerField(serializers.IntegerField):
    """A JSON whole number (1 or 1.0); no strings, no booleans."""

    default_error_messages = {"invalid": _("a whole number")}

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        if isinstance(data, float) and not data.is_integer():
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictEmailField(serializers.EmailField):
    """An e-mail address in a JSON string; no control characters even where the address
    syntax would quote them."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.validators.append(text.single_line)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)
