"""The refusals of billing, in the project's error types (infrastructure.errors)."""

from infrastructure.errors import DomainError


class NotOnSale(DomainError):
    """The site has no Stripe keys: nothing can be bought (the staff still grant plans).

    Not a 5xx: nothing failed, the site does not sell plans."""

    status = 403
    code = "not_on_sale"


class PaymentProviderUnavailable(DomainError):
    """Stripe could not be reached in time; nothing was changed."""

    status = 503
    code = "payment_provider_unavailable"


class PaymentProviderError(DomainError):
    """Stripe answered with an error; nothing was changed."""

    status = 502
    code = "payment_provider_error"
