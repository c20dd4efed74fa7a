"""The URL parts the site's own converters read.

`<id:...>`: a row id the database can hold, else the URL matches nothing.

Django's `<int:...>` takes any number of digits, and a number past the 64-bit
columns' range reaches the database (SQLite cannot even bind it: a 500). Here
such an id simply names no page: 404.

`<username:...>`: a player's name as stored, whatever it holds. The names people choose
never hold a `/`, but one written into the database by other means may; with `<str:...>`
linking to such a player would fail (a 500 on every page that names them), while here the
link is made and leads to the player.
"""

from django.urls import register_converter

# The largest value of a BigAutoField, on every database the site runs on.
MAX_ID = 2**63 - 1
# How the API schema describes such a URL part.
ID_SCHEMA = {"type": "integer", "minimum": 0, "maximum": MAX_ID}
USERNAME_SCHEMA = {"type": "string", "minLength": 1}


class DatabaseIdConverter:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValueError(f"{value} is beyond the range of row ids")
        return number

    def to_url(self, value: int) -> str:
        return str(value)


class UsernameConverter:
    # Anything up to the next part of the route, `/` included; the route's own ending
    # (`/` or `/plan/`) says where the name stops.
    regex = "[^\x00]+?"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return str(value)


register_converter(DatabaseIdConverter, "id")
register_converter(UsernameConverter, "username")
