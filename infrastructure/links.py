"""Links to the site: paths on this site, and the same as absolute links for e-mail (SITE_URL)."""

from django.conf import settings
from django.utils.http import url_has_allowed_host_and_scheme


def is_site_path(url: str) -> bool:
    """Whether `url` is a path on this site ("/games/12/"), never a link elsewhere."""
    return (
        isinstance(url, str)
        and url.startswith("/")
        and not url.startswith(("//", "/\\"))
        and url_has_allowed_host_and_scheme(url, allowed_hosts=set())
    )


def absolute(path: str) -> str:
    """The site path as a full link, on the site's address (SITE_URL)."""
    return settings.SITE_URL + path
