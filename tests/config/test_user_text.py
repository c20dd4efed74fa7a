"""What people write refuses control characters; every API and form field is walked, found
by discovery rather than listed, so a field added tomorrow is checked too."""

import contextlib
import importlib
import inspect

import pytest
from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.urls import get_resolver
from django.utils.module_loading import import_string
from rest_framework import serializers
from rest_framework.exceptions import ValidationError as APIValidationError

from games import registry
from games.forms import for_game
from infrastructure import downloads, text
from infrastructure.api_fields import PasswordField

# The project's own packages: what is found outside them is a library's.
PROJECT = ("accounts", "billing", "config", "games", "infrastructure", "live", "notifications",
           "pages", "ratings", "tournaments")  # fmt: skip
# A refused character of each sort: C0, DEL, C1, separators, direction overrides, isolates.
REFUSED_EVERYWHERE = ["\x00", "\x01", "\x1b", "\x7f", "\x85", "\u2028", "\u2029", "\u202e",
                      "\u2066", "\ud800"]  # fmt: skip
LINE_BREAKS = ["\n", "\r\n", "\r", "\t"]


def _subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub, *_subclasses(sub)}
    return found


def _project_classes(base: type) -> list[type]:
    assert get_resolver().url_patterns  # the URLs import every API and page module
    for name in PROJECT:
        for module in ("api", "forms", "views"):
            with contextlib.suppress(ModuleNotFoundError):
                importlib.import_module(f"{name}.{module}")
    return sorted(
        (cls for cls in _subclasses(base) if cls.__module__.split(".")[0] in PROJECT),
        key=lambda cls: (cls.__module__, cls.__qualname__),
    )


def _text_fields(serializer: serializers.BaseSerializer, path: str = ""):
    """(dotted name, field) of every writable text field, nested ones included."""
    for name, field in serializer.fields.items():
        yield from _walk(field, f"{path}{name}")


def _walk(field, path: str):
    if getattr(field, "read_only", False):
        return
    if isinstance(field, serializers.BaseSerializer) and hasattr(field, "fields"):
        yield from _text_fields(field, path + ".")
    elif isinstance(field, serializers.ListSerializer | serializers.ListField):
        yield from _walk(field.child, path + "[]")
    elif isinstance(field, serializers.DictField):
        yield from _walk(field.child, path + "{}")
    elif isinstance(field, serializers.CharField):
        yield path, field


def _multiline(validators) -> bool:
    return any(isinstance(v, text.PlainTextValidator) and v.multiline for v in validators)


def _sample(field) -> str:
    return "anna@example.org" if isinstance(field, serializers.EmailField) else "Anna"


def _spiked(sample: str, character: str) -> str:
    return sample[:2] + character + sample[2:]


def api_text_fields() -> list[tuple[str, object]]:
    found = []
    for cls in _project_classes(serializers.BaseSerializer):
        if inspect.isabstract(cls) or cls is serializers.ListSerializer:
            continue
        for path, field in _text_fields(cls()):
            if not isinstance(field, PasswordField):
                found.append((f"{cls.__module__}.{cls.__qualname__}.{path}", field))
    return found


def test_the_walk_finds_the_api_fields_people_write():
    names = {name for name, _field in api_text_fields()}
    assert "tournaments.api.championships.CreateChampionshipSerializer.name" in names
    assert "tournaments.api.decisions.AdjudicationSerializer.reason" in names
    assert "accounts.api.RegisterSerializer.username" in names
    assert len(names) > 20


@pytest.mark.parametrize("name_field", api_text_fields(), ids=lambda pair: pair[0])
def test_every_api_text_field_refuses_control_characters(name_field):
    _name, field = name_field
    sample = _sample(field)
    assert field.run_validation(sample) == sample
    for character in REFUSED_EVERYWHERE:
        with pytest.raises(APIValidationError):
            field.run_validation(_spiked(sample, character))
    multiline = _multiline(field.validators)
    for line_break in LINE_BREAKS:
        if multiline:
            assert line_break in field.run_validation(_spiked(sample, line_break))
        else:
            with pytest.raises(APIValidationError):
                field.run_validation(_spiked(sample, line_break))


def _form_instances() -> list[forms.BaseForm]:
    """Every form of the project (and allauth's forms the site configures), made without
    arguments where it can be; a form that needs arguments is walked by its declared
    fields. The new-game form of every registered game too (its fields depend on the game)."""
    classes = [*_project_classes(forms.BaseForm)]
    classes += [import_string(path) for path in settings.ACCOUNT_FORMS.values()]
    classes += [for_game(declared) for declared in registry.declarations()]
    instances = []
    for cls in dict.fromkeys(classes):
        try:
            instances.append(cls())
        except TypeError:
            instances.append(type("Declared", (forms.Form,), dict(cls.base_fields))())
    return instances


def form_text_fields() -> list[tuple[str, forms.Field]]:
    found = []
    for form in _form_instances():
        for name, field in form.fields.items():
            if isinstance(field, forms.CharField) and not isinstance(
                field.widget, forms.PasswordInput
            ):
                found.append((f"{type(form).__module__}.{type(form).__qualname__}.{name}", field))
    return found


def test_the_walk_finds_the_form_fields_people_write():
    names = {name.rsplit(".", 1)[1] for name, _field in form_text_fields()}
    assert {"name", "description", "reason", "player", "username", "login"} <= names


@pytest.mark.parametrize("name_field", form_text_fields(), ids=lambda pair: pair[0])
def test_every_form_text_field_refuses_control_characters(name_field):
    _name, field = name_field
    sample = "anna@example.org" if isinstance(field, forms.EmailField) else "Anna"
    assert field.clean(sample) == sample
    for character in REFUSED_EVERYWHERE:
        with pytest.raises(ValidationError):
            field.clean(_spiked(sample, character))
    multiline = isinstance(field.widget, forms.Textarea)
    assert multiline == _multiline(field.validators), "a text area takes several lines"
    for line_break in ["\n", "\r\n", "\r"]:
        if multiline:
            assert "\n" in field.clean(_spiked(sample, line_break)) or "\r" in field.clean(
                _spiked(sample, line_break)
            )
        else:
            with pytest.raises(ValidationError):
                field.clean(_spiked(sample, line_break))


def test_the_signup_page_shows_a_line_break_in_a_username_at_the_field(db):
    form = import_string(settings.ACCOUNT_FORMS["signup"])(
        data={"username": "an\nna", "password1": "x" * 12, "password2": "x" * 12}
    )
    assert not form.is_valid()
    assert "one line" in " ".join(form.errors["username"])


def test_the_message_names_the_invisible_character():
    with pytest.raises(ValidationError) as refused:
        text.single_line("Cup\u202etxt.exe")
    assert "U+202E" in refused.value.messages[0]
    with pytest.raises(ValidationError) as refused:
        text.multi_line("Cup\nof\x1b[31m")
    assert "U+001B" in refused.value.messages[0]


def test_joiners_and_direction_marks_that_scripts_need_are_kept():
    for word in ["می\u200cخواهم", "👩\u200d👩\u200d👧", "abc\u200fעברית", "ناصر"]:
        text.single_line(word)


def test_old_text_goes_out_as_one_line_without_refused_characters():
    assert text.one_line(" Cal\r\nEND:VEVENT\u2028x\x07\u202e ") == "Cal END:VEVENT x"
    assert text.printable("a\nb\x00c\u2066", multiline=True) == "a\nbc"


def test_an_email_subject_never_carries_a_line_break():
    subject = text.email_subject("Decided:\r\nBcc: victim@example.org\u2028" + "x" * 300, 120)
    assert len(subject) == 120
    assert not any(c in subject for c in "\r\n\u2028\u2029\x85")
    assert subject.startswith("Decided: Bcc: victim@example.org x")


def test_a_download_file_name_never_carries_user_syntax():
    header = downloads.disposition('Cup"; filename=evil.exe\r\nSet-Cookie: a=b/../x.csv')
    assert "\r" not in header and "\n" not in header
    assert header.startswith("attachment; filename=")
    assert '"; filename=evil' not in header
    assert "/" not in header.split("filename", 1)[1].replace("utf-8''", "")
    assert downloads.disposition("Чемпионат.ics", attachment=False).startswith(
        "inline; filename*=utf-8''"
    )
    assert downloads.disposition("\r\n") == 'attachment; filename="download"'
