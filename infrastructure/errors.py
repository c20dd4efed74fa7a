"""Domain errors that services raise; the API turns them into its error shape."""

import math


class DomainError(Exception):
    """Something the caller asked for that the rules of the service refuse."""

    status = 400
    code = "invalid"

    def __init__(self, message: str, *, code: str | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        if code is not None:
            self.code = code


class NotAllowed(DomainError):
    status = 403
    code = "permission_denied"


class Conflict(DomainError):
    status = 409
    code = "conflict"


class NotFound(DomainError):
    status = 404
    code = "not_found"


class TooMany(DomainError):
    """A client's budget is spent: the request may come again after `retry_after` seconds."""

    status = 429
    code = "throttled"

    def __init__(self, message: str, *, retry_after: float, code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.retry_after = max(1, math.ceil(retry_after))
