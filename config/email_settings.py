"""How the site sends e-mail, read from the environment.

`EMAIL_FILE_PATH` writes every message to a file in that folder (tests and demos read them
there); `EMAIL_URL` (`smtp://user:password@host:587/?tls=True`, see dj-email-url) or the
usual `EMAIL_HOST`, `EMAIL_PORT`, `EMAIL_HOST_USER`, `EMAIL_HOST_PASSWORD`,
`EMAIL_USE_TLS`, `EMAIL_USE_SSL` send by SMTP; with none of them the messages are printed
on the console (the embedded default).
"""

from urllib.parse import urlsplit

import dj_email_url
from django.core.exceptions import ImproperlyConfigured

from infrastructure.env import env_bool, env_int, env_str

CONSOLE = "django.core.mail.backends.console.EmailBackend"
FILES = "django.core.mail.backends.filebased.EmailBackend"
SMTP = "django.core.mail.backends.smtp.EmailBackend"

# The settings an EMAIL_URL may set, as dj-email-url names them.
_FROM_URL = (
    "EMAIL_BACKEND",
    "EMAIL_FILE_PATH",
    "EMAIL_HOST",
    "EMAIL_PORT",
    "EMAIL_HOST_USER",
    "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS",
    "EMAIL_USE_SSL",
    "EMAIL_TIMEOUT",
)


def email_settings() -> dict:
    """EMAIL_BACKEND and what it needs, from the environment."""
    folder = env_str("EMAIL_FILE_PATH")
    url = env_str("EMAIL_URL")
    if folder:
        found = {"EMAIL_BACKEND": FILES, "EMAIL_FILE_PATH": folder}
    elif url:
        found = _from_url(url)
    elif env_str("EMAIL_HOST"):
        found = {
            "EMAIL_BACKEND": SMTP,
            "EMAIL_HOST": env_str("EMAIL_HOST"),
            "EMAIL_PORT": env_int("EMAIL_PORT", 25),
            "EMAIL_HOST_USER": env_str("EMAIL_HOST_USER"),
            "EMAIL_HOST_PASSWORD": env_str("EMAIL_HOST_PASSWORD"),
            "EMAIL_USE_TLS": env_bool("EMAIL_USE_TLS", False),
            "EMAIL_USE_SSL": env_bool("EMAIL_USE_SSL", False),
        }
    else:
        found = {"EMAIL_BACKEND": CONSOLE}
    if found.get("EMAIL_USE_TLS") and found.get("EMAIL_USE_SSL"):
        raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL exclude each other; set one.")
    return found


def _from_url(url: str) -> dict:
    try:
        parsed = dj_email_url.parse(url)
    except Exception as error:  # the library raises whatever its parsing meets
        raise ImproperlyConfigured(f"EMAIL_URL cannot be read: {error}") from None
    found = {name: parsed[name] for name in _FROM_URL if parsed.get(name) not in (None, "")}
    if "EMAIL_BACKEND" not in found:
        raise ImproperlyConfigured("EMAIL_URL names no known scheme (smtp://, submission://, …)")
    if found["EMAIL_BACKEND"] == FILES:
        # The library drops the leading "/" of file:///path; the folder is the URL's path.
        found["EMAIL_FILE_PATH"] = urlsplit(url).path
        if not found["EMAIL_FILE_PATH"]:
            raise ImproperlyConfigured("EMAIL_URL of file:// needs a folder: file:///path/to/it")
    return found
