"""Domain errors that services raise; the API turns them into its error shape."""


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
