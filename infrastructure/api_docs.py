"""OpenAPI pieces shared by every endpoint: the error body and the error responses."""

from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

ErrorSerializer = inline_serializer(
    "Error",
    {
        "error": inline_serializer(
            "ErrorBody",
            {
                "code": serializers.CharField(help_text="Stable, English, for programs."),
                "message": serializers.CharField(help_text="For people; names the field at fault."),
                "details": serializers.DictField(
                    help_text="Field errors ({field: [messages]}), retry_after, ..."
                ),
            },
        )
    },
)

_MEANINGS = {
    400: "Bad input; `details` names each field at fault",
    401: "Not logged in, or wrong credentials",
    403: "Not allowed",
    404: "Not found",
    409: "Conflicts with the current state",
    429: "Too many requests; see the Retry-After header",
}


def error_responses(*statuses: int) -> dict[int, OpenApiResponse]:
    """The documented error answers of an endpoint, all in the common error shape."""
    return {
        code: OpenApiResponse(ErrorSerializer, description=_MEANINGS[code]) for code in statuses
    }
