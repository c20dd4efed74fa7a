"""Throttles for the endpoints that take passwords."""

from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView


class _SettingsRateThrottle(SimpleRateThrottle):
    """Reads its rate from the settings at request time, so a changed setting applies at once."""

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


class AddressRateThrottle(_SettingsRateThrottle):
    """Limits requests per client address, for the view's `throttle_scope`."""

    def allow_request(self, request: Request, view: APIView) -> bool:
        self.scope = view.throttle_scope
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request: Request, view: APIView) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class TokenUsernameRateThrottle(_SettingsRateThrottle):
    """Limits log-in attempts per username, whatever address they come from."""

    scope = "token_username"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        username = request.data.get("username") if isinstance(request.data, dict) else None
        if not isinstance(username, str) or not username:
            return None
        return self.cache_format % {"scope": self.scope, "ident": username.lower()[:150]}
