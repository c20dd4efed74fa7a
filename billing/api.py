"""Billing API: buying the paid plan through Stripe Checkout, the portal, Stripe's webhook."""

import logging

from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    OpenApiTypes,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import UserRateThrottle
from rest_framework.views import APIView

from billing import selectors, services, stripe_api
from billing.models import Period
from infrastructure.api_docs import ErrorSerializer, error_responses
from infrastructure.api_fields import StrictCharField
from infrastructure.errors import DomainError

logger = logging.getLogger(__name__)


class BillingThrottle(UserRateThrottle):
    """Each account's budget of trips to Stripe (rate "billing"): every one makes a session."""

    scope = "billing"

    def get_rate(self) -> str | None:
        # Read at each request (DRF reads it once, on import), so a changed setting applies.
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


class CheckoutSerializer(serializers.Serializer):
    period = serializers.ChoiceField(
        choices=Period.choices, help_text="How long one payment lasts: a month or a year."
    )


PaymentPageSerializer = inline_serializer(
    "PaymentPage", {"url": serializers.URLField(help_text="Stripe's page; send the player there.")}
)

# A site that sells nothing, and Stripe's own failures, in the common error shape.
STRIPE_FAILURES = {
    403: OpenApiResponse(ErrorSerializer, description="`not_on_sale`: the site has no Stripe keys"),
    502: OpenApiResponse(ErrorSerializer, description="Stripe answered with an error"),
    503: OpenApiResponse(ErrorSerializer, description="Stripe cannot be reached"),
}


class CheckoutView(APIView):
    throttle_classes = [BillingThrottle]

    @extend_schema(
        operation_id="billing_checkout",
        request=CheckoutSerializer,
        responses={
            200: PaymentPageSerializer,
            **error_responses(400, 401, 409, 429),
            **STRIPE_FAILURES,
        },
        summary="Buy the paid plan: a Stripe Checkout page for a monthly or yearly subscription",
        description=(
            "The plan becomes paid once Stripe tells the site that the payment went through "
            "(the webhook), usually within seconds of paying. 409 `already_subscribed`: "
            "a subscription runs already; manage it with `POST /api/billing/portal/`."
        ),
    )
    def post(self, request: Request) -> Response:
        payload = CheckoutSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        url = services.start_checkout(request.user, payload.validated_data["period"])
        return Response({"url": url})


class PortalView(APIView):
    throttle_classes = [BillingThrottle]

    @extend_schema(
        operation_id="billing_portal",
        request=None,
        responses={
            200: PaymentPageSerializer,
            **error_responses(401, 404, 429),
            **STRIPE_FAILURES,
        },
        summary="Manage or cancel your subscription: a page of Stripe's customer portal",
        description="404 `no_customer`: the plan was never bought here.",
    )
    def post(self, request: Request) -> Response:
        return Response({"url": services.open_portal(request.user)})


class StripeWebhookView(APIView):
    """Stripe's events. No log-in and no CSRF token: the signature is the proof."""

    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes: list = []

    @extend_schema(
        operation_id="billing_stripe_webhook",
        parameters=[
            OpenApiParameter(
                "Stripe-Signature",
                OpenApiTypes.STR,
                OpenApiParameter.HEADER,
                required=True,
                description='`t=<timestamp>,v1=<HMAC-SHA256 of "<timestamp>.<body>">`, '
                "keyed with the webhook's signing secret",
            )
        ],
        request={"application/json": OpenApiTypes.OBJECT},
        responses={
            200: inline_serializer(
                "WebhookReceived",
                {
                    "received": serializers.BooleanField(),
                    "outcome": StrictCharField(help_text="What the event changed, if anything."),
                },
            ),
            400: OpenApiResponse(
                ErrorSerializer,
                description="`bad_signature`: the signature is missing or wrong; "
                "`not_configured`: the site has no webhook secret. Nothing changed",
            ),
        },
        summary="Stripe's webhook: payments, subscriptions and their ends (Stripe only)",
        auth=[],
    )
    def post(self, request: Request) -> Response:
        if not selectors.webhook_configured():
            # Stripe sends the event again later, until the secret is set.
            raise DomainError(
                _("Stripe's signatures cannot be checked here: no webhook secret is set."),
                code="not_configured",
            )
        try:
            event = stripe_api.verified_event(
                request._request.body, request.headers.get("Stripe-Signature")
            )
        except stripe_api.BadSignature as error:
            logger.warning("A Stripe webhook with a bad signature was refused: %s", error)
            raise DomainError(
                _("The signature is missing or does not match: nothing changed."),
                code="bad_signature",
                field="Stripe-Signature",
            ) from None
        outcome = services.handle_event(event)
        return Response({"received": True, "outcome": outcome.text})
