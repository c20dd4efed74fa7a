"""Serializer fields that take JSON values as the schema types them, and nothing else.

DRF's own fields are lenient: a boolean field takes 0, "yes" or "on", a text field
takes 5, an integer field takes "5". The schema says `boolean`, `string` and
`integer`, so every API serializer uses these fields instead and refuses the rest.
"""

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers


class StrictBooleanField(serializers.BooleanField):
    """true or false; no numbers, no strings."""

    default_error_messages = {"invalid": _("true or false")}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictCharField(serializers.CharField):
    """A JSON string; a number or a list is refused rather than turned into text."""

    default_error_messages = {"invalid": _("a string")}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    """A JSON whole number (1 or 1.0); no strings, no booleans."""

    default_error_messages = {"invalid": _("a whole number")}

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        if isinstance(data, float) and not data.is_integer():
            self.fail("invalid")
        return super().to_internal_value(data)
