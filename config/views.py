"""Site-wide pages: home and the error pages (JSON under /api/, HTML elsewhere)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import defaults

from config import api_errors


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if api_errors.is_api_request(request):
        return api_errors.json_not_found(request)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if api_errors.is_api_request(request):
        return api_errors.json_server_error(request)
    return defaults.server_error(request)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if api_errors.is_api_request(request):
        return api_errors.json_bad_request(request)
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if api_errors.is_api_request(request):
        return api_errors.json_forbidden(request)
    return defaults.permission_denied(request, exception)
