"""One JSON shape for every API error: {"error": {"code", "message", "details"}}."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from infrastructure.errors import DomainError, TooMany


def error_body(code: str, message: str, details: Mapping[str, Any] | None = None) -> dict:
    return {"error": {"code": code, "message": message, "details": dict(details or {})}}


def _plain(detail: Any) -> Any:
    """ErrorDetail trees to plain JSON values (strings, lists, dicts)."""
    if isinstance(detail, Mapping):
        return {str(key): _plain(value) for key, value in detail.items()}
    if isinstance(detail, Sequence) and not isinstance(detail, str):
        return [_plain(value) for value in detail]
    return str(detail)


def _first_messages(fields: Mapping[str, Any]) -> list[str]:
    """One "field: message" line per field, nested fields joined with dots."""
    lines = []
    for field, value in fields.items():
        while isinstance(value, Mapping) and value:
            inner_field, value = next(iter(value.items()))
            field = f"{field}.{inner_field}"
        while isinstance(value, list) and value:
            value = value[0]
        if field == "non_field_errors":
            lines.append(str(value))
        else:
            lines.append(f"{field}: {value}")
    return lines


def _validation_error(exc: exceptions.ValidationError) -> tuple[str, str, dict]:
    detail = _plain(exc.detail)
    if isinstance(detail, dict):
        fields = detail
    else:
        fields = {"non_field_errors": detail if isinstance(detail, list) else [detail]}
    message = "; ".join(_first_messages(fields)) or _("Invalid input.")
    return "invalid", message, fields


def exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's handler, then the project's error shape; unknown exceptions stay 500s."""
    if isinstance(exc, DomainError):
        details = {exc.field: [exc.message]} if exc.field else {}
        message = f"{exc.field}: {exc.message}" if exc.field else exc.message
        headers = {}
        if isinstance(exc, TooMany):
            # As DRF answers its own throttles: when to come back, in the body and header.
            details["retry_after"] = exc.retry_after
            headers["Retry-After"] = str(exc.retry_after)
        return Response(error_body(exc.code, message, details), status=exc.status, headers=headers)
    if isinstance(exc, RequestDataTooBig):
        return Response(too_large_body(), status=413)
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(
            exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        )
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()

    response = drf_exception_handler(exc, context)
    if response is None:
        return None

    if isinstance(exc, exceptions.ValidationError):
        code, message, details = _validation_error(exc)
    else:
        codes = exc.get_codes() if isinstance(exc, exceptions.APIException) else None
        code = codes if isinstance(codes, str) else getattr(exc, "default_code", "error")
        message = str(getattr(exc, "detail", exc))
        details = {}
        if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
            details["retry_after"] = int(exc.wait + 0.999)
        if isinstance(exc, exceptions.MethodNotAllowed):
            details["method"] = context["request"].method
    response.data = error_body(code, message, details)
    return response


def is_api_request(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def json_not_found(request: HttpRequest) -> JsonResponse:
    return JsonResponse(
        error_body("not_found", _("No API endpoint at %(path)s.") % {"path": request.path}),
        status=404,
    )


def json_server_error(request: HttpRequest) -> JsonResponse:
    return JsonResponse(
        error_body("server_error", _("The server failed to answer; the error has been logged.")),
        status=500,
    )


def json_bad_request(request: HttpRequest) -> JsonResponse:
    return JsonResponse(
        error_body("bad_request", _("The request could not be understood.")), status=400
    )


def too_large_body() -> dict:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return error_body(
        "too_large",
        _("The request body is larger than the %(limit)s bytes accepted.") % {"limit": limit},
        {"max_bytes": limit},
    )


def json_too_large(request: HttpRequest) -> JsonResponse:
    return JsonResponse(too_large_body(), status=413)


def json_forbidden(request: HttpRequest) -> JsonResponse:
    return JsonResponse(error_body("permission_denied", _("You may not do this.")), status=403)
