"""Stripe as the tests see it: signed events built here, and a local server for its API.

The webhook's signature scheme is public: the `Stripe-Signature` header is
`t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<body>" keyed with the secret>`.
"""

import hashlib
import hmac
import itertools
import json
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

import pytest

WEBHOOK_SECRET = "whsec_test_made_up_for_the_tests"
SECRET_KEY = "sk_test_made_up_for_the_tests"
PRICE_MONTH = "price_test_month"
PRICE_YEAR = "price_test_year"
WEBHOOK = "/api/billing/stripe/webhook/"

_ids = itertools.count(1)


def signature(payload: bytes, secret: str = WEBHOOK_SECRET, timestamp: int | None = None) -> str:
    stamp = int(time.time()) if timestamp is None else timestamp
    signed = f"{stamp}.".encode() + payload
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={stamp},v1={digest}"


def event(kind: str, thing: dict, *, created: int | None = None, event_id: str = "") -> dict:
    return {
        "id": event_id or f"evt_test_{next(_ids)}",
        "object": "event",
        "type": kind,
        "created": int(time.time()) if created is None else created,
        "livemode": False,
        "data": {"object": thing},
    }


def stamp(moment: datetime) -> int:
    return int(moment.timestamp())


def checkout_completed(account, customer: str = "cus_test_1", subscription: str = "sub_test_1"):
    return event(
        "checkout.session.completed",
        {
            "id": f"cs_test_{next(_ids)}",
            "object": "checkout.session",
            "mode": "subscription",
            "client_reference_id": str(account.pk) if hasattr(account, "pk") else account,
            "customer": customer,
            "subscription": subscription,
            "payment_status": "paid",
        },
    )


def invoice_paid(
    period_end: datetime,
    *,
    customer: str = "cus_test_1",
    subscription: str = "sub_test_1",
    account=None,
    created: int | None = None,
):
    """An `invoice.paid` as API versions since 2025-03 write it (the subscription under
    `parent`); `account` puts the subscription's metadata on its line, as Stripe does."""
    metadata = {"account": str(account.pk)} if account is not None else {}
    return event(
        "invoice.paid",
        {
            "id": f"in_test_{next(_ids)}",
            "object": "invoice",
            "customer": customer,
            "status": "paid",
            "parent": {
                "type": "subscription_details",
                "subscription_details": {"subscription": subscription, "metadata": metadata},
            },
            "lines": {
                "object": "list",
                "data": [
                    {
                        "id": f"il_test_{next(_ids)}",
                        "object": "line_item",
                        "metadata": metadata,
                        "period": {
                            "start": stamp(period_end) - 30 * 24 * 3600,
                            "end": stamp(period_end),
                        },
                    }
                ],
            },
        },
        created=created,
    )


def subscription_event(
    kind: str,
    *,
    customer: str = "cus_test_1",
    subscription: str = "sub_test_1",
    status: str = "active",
    cancel_at_period_end: bool = False,
    ended_at: datetime | None = None,
    account=None,
    created: int | None = None,
):
    return event(
        f"customer.subscription.{kind}",
        {
            "id": subscription,
            "object": "subscription",
            "customer": customer,
            "status": status,
            "cancel_at_period_end": cancel_at_period_end,
            "cancel_at": None,
            "canceled_at": stamp(ended_at) if ended_at else None,
            "ended_at": stamp(ended_at) if ended_at else None,
            "metadata": {"account": str(account.pk)} if account is not None else {},
        },
        created=created,
    )


def post_event(client, payload: dict | bytes, *, secret: str = WEBHOOK_SECRET, **headers):
    """Deliver an event to the webhook as Stripe does, signed with `secret`."""
    body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    if "HTTP_STRIPE_SIGNATURE" not in headers:
        headers["HTTP_STRIPE_SIGNATURE"] = signature(body, secret)
    elif headers["HTTP_STRIPE_SIGNATURE"] is None:
        del headers["HTTP_STRIPE_SIGNATURE"]
    return client.generic("POST", WEBHOOK, body, content_type="application/json", **headers)


@pytest.fixture
def stripe_keys(settings):
    """The site with Stripe's keys and both prices set, its API nowhere reachable."""
    settings.STRIPE_SECRET_KEY = SECRET_KEY
    settings.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET
    settings.STRIPE_PRICE_MONTH = PRICE_MONTH
    settings.STRIPE_PRICE_YEAR = PRICE_YEAR
    settings.STRIPE_API_BASE = "http://127.0.0.1:9"  # the discard port: nothing answers
    settings.STRIPE_TIMEOUT_SECONDS = 2
    settings.SITE_URL = "https://championships.example.org"
    return settings


@pytest.fixture
def no_stripe_keys(settings):
    for name in ("STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_MONTH"):
        setattr(settings, name, "")
    settings.STRIPE_PRICE_YEAR = ""
    return settings


@dataclass
class Received:
    method: str
    path: str
    headers: dict
    form: dict  # each field's values, as parse_qs reads the form


@dataclass
class FakeStripe:
    """Stripe's API on 127.0.0.1: records each request, answers what the test set."""

    url: str = ""
    requests: list[Received] = field(default_factory=list)
    status: int = 200
    answer: dict = field(default_factory=dict)

    def answer_with(self, body: dict, status: int = 200) -> None:
        self.answer, self.status = body, status

    def only_request(self) -> Received:
        assert len(self.requests) == 1, self.requests
        return self.requests[0]


@pytest.fixture
def fake_stripe(stripe_keys):
    stripe = FakeStripe()

    class Handler(BaseHTTPRequestHandler):
        def do_DELETE(self) -> None:
            self.do_POST()

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length).decode()
            stripe.requests.append(
                Received(
                    method=self.command,
                    path=self.path,
                    headers={key.lower(): value for key, value in self.headers.items()},
                    form=parse_qs(body, keep_blank_values=True),
                )
            )
            answer = json.dumps(stripe.answer).encode()
            self.send_response(stripe.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer)))
            # Stripe's own word that a retry would not help; the test sees one request.
            self.send_header("Stripe-Should-Retry", "false")
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    stripe.url = f"http://127.0.0.1:{server.server_port}"
    stripe_keys.STRIPE_API_BASE = stripe.url
    try:
        yield stripe
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def checkout_session(url: str = "https://checkout.stripe.com/c/pay/cs_test_a1") -> dict:
    return {"id": "cs_test_a1", "object": "checkout.session", "mode": "subscription", "url": url}


def portal_session(url: str = "https://billing.stripe.com/p/session/test_a1") -> dict:
    return {"id": "bps_test_a1", "object": "billing_portal.session", "url": url}
