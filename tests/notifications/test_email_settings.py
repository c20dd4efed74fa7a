"""How the site sends e-mail comes from the environment: a folder, SMTP, or the console."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.email_settings import CONSOLE, FILES, SMTP, email_settings

VARIABLES = (
    "EMAIL_FILE_PATH", "EMAIL_URL", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER",
    "EMAIL_HOST_PASSWORD", "EMAIL_USE_TLS", "EMAIL_USE_SSL",
)  # fmt: skip


@pytest.fixture
def environment(monkeypatch):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_with_nothing_set_e_mails_go_to_the_console(environment):
    assert email_settings() == {"EMAIL_BACKEND": CONSOLE}


def test_email_file_path_writes_files_there(environment, tmp_path):
    environment.setenv("EMAIL_FILE_PATH", str(tmp_path))
    environment.setenv("EMAIL_HOST", "smtp.example.org")  # the folder wins
    assert email_settings() == {"EMAIL_BACKEND": FILES, "EMAIL_FILE_PATH": str(tmp_path)}


def test_email_url_sets_smtp(environment):
    environment.setenv("EMAIL_URL", "smtp://mailer:s3cret@smtp.example.org:587/?tls=True")
    found = email_settings()
    assert found["EMAIL_BACKEND"] == SMTP
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"]) == ("smtp.example.org", 587)
    assert (found["EMAIL_HOST_USER"], found["EMAIL_HOST_PASSWORD"]) == ("mailer", "s3cret")
    assert found["EMAIL_USE_TLS"] is True and found["EMAIL_USE_SSL"] is False


def test_a_file_email_url_keeps_its_absolute_folder(environment):
    environment.setenv("EMAIL_URL", "file:///var/mail/site")
    found = email_settings()
    assert (found["EMAIL_BACKEND"], found["EMAIL_FILE_PATH"]) == (FILES, "/var/mail/site")


def test_the_usual_variables_set_smtp(environment):
    environment.setenv("EMAIL_HOST", "smtp.example.org")
    environment.setenv("EMAIL_PORT", "465")
    environment.setenv("EMAIL_HOST_USER", "mailer")
    environment.setenv("EMAIL_HOST_PASSWORD", "s3cret")
    environment.setenv("EMAIL_USE_SSL", "1")
    assert email_settings() == {
        "EMAIL_BACKEND": SMTP,
        "EMAIL_HOST": "smtp.example.org",
        "EMAIL_PORT": 465,
        "EMAIL_HOST_USER": "mailer",
        "EMAIL_HOST_PASSWORD": "s3cret",
        "EMAIL_USE_TLS": False,
        "EMAIL_USE_SSL": True,
    }


@pytest.mark.parametrize(
    ("variables", "named"),
    [
        ({"EMAIL_HOST": "h", "EMAIL_USE_TLS": "1", "EMAIL_USE_SSL": "1"}, "EMAIL_USE_TLS"),
        ({"EMAIL_URL": "carrier-pigeon://loft"}, "EMAIL_URL"),
        ({"EMAIL_URL": "file://"}, "EMAIL_URL"),
        ({"EMAIL_HOST": "h", "EMAIL_PORT": "smtp"}, "EMAIL_PORT"),
    ],
)
def test_settings_that_cannot_work_are_refused_by_name(environment, variables, named):
    for name, value in variables.items():
        environment.setenv(name, value)
    with pytest.raises(ImproperlyConfigured, match=named):
        email_settings()
