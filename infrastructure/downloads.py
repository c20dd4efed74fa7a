"""The Content-Disposition of a file the site sends: its name as a header can hold it.

A file's name may one day come from what people write (a championship's name); whatever it
holds, the header stays one header: line breaks and control characters are dropped, path
separators, quotes and the like become dashes, and Django writes the name quoted, or
percent-encoded when it is not plain ASCII.
"""

import re

from django.utils.http import content_disposition_header

from infrastructure import text

MAX_NAME_CHARS = 120
# What a header's quoted name or a file system would read as its own syntax.
_SYNTAX = re.compile(r'["\\/:;*?<>|]')


def safe_filename(name: str) -> str:
    """`name` as a file name: one line, no folders, no quotes, never empty."""
    flat = _SYNTAX.sub("-", text.one_line(name))
    return flat.strip(" .")[:MAX_NAME_CHARS] or "download"


def disposition(name: str, *, attachment: bool = True) -> str:
    """The Content-Disposition header's value for a file called `name`."""
    return content_disposition_header(attachment, safe_filename(name))
