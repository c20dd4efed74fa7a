"""Billing's operations: buying the plan through Stripe, Stripe's events, the reminders."""

from billing.services.checkout import checkout_params, open_portal, start_checkout
from billing.services.closing import cancel_subscriptions
from billing.services.events import Outcome, handle_event
from billing.services.reminders import REMINDER_LEAD, send_plan_reminders

__all__ = [
    "REMINDER_LEAD",
    "Outcome",
    "cancel_subscriptions",
    "checkout_params",
    "handle_event",
    "open_portal",
    "send_plan_reminders",
    "start_checkout",
]
