"""A week before a paid plan that will not renew ends, its player is told: once per end."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.core import mail
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Plan
from accounts.services import change_plan
from billing import services, tasks
from billing.models import Subscription
from notifications.models import Notification
from tests.support.fake_stripe import (
    checkout_completed,
    invoice_paid,
    post_event,
    subscription_event,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded", "after_commit")]


@pytest.fixture
def anna(make_user):
    return make_user("anna", email="anna@example.org")


def paid_until(user, days: float):
    until = (timezone.now() + timedelta(days=days)).replace(microsecond=0)
    change_plan(user=user, plan=Plan.PAID, until=until, changed_by=None)
    return until


def reminders_of(user):
    return list(Notification.objects.filter(user=user, kind="plan_ending"))


def test_a_cancelled_subscription_is_reminded_a_week_before_its_end_once(anna):
    until = paid_until(anna, 6)
    Subscription.objects.create(
        user=anna, subscription_id="sub_test_1", paid_until=until, cancel_at_period_end=True
    )

    first = services.send_plan_reminders()
    again = services.send_plan_reminders()

    assert (first, again) == (1, 0)
    [reminder] = reminders_of(anna)
    assert reminder.url == "/account/"
    [message] = mail.outbox
    assert message.to == ["anna@example.org"]
    assert "Your paid plan ends on" in message.subject
    assert "will not renew" in message.body
    assert "/account/" in message.body


def test_a_staff_grant_with_an_end_is_reminded_too(anna):
    paid_until(anna, 3)

    assert services.send_plan_reminders() == 1
    assert len(mail.outbox) == 1


def test_a_renewing_subscription_is_not_reminded(anna):
    until = paid_until(anna, 2)
    Subscription.objects.create(user=anna, subscription_id="sub_test_1", paid_until=until)

    assert services.send_plan_reminders() == 0
    assert mail.outbox == [] and reminders_of(anna) == []


def test_a_plan_ending_later_than_a_week_waits(anna):
    until = paid_until(anna, 10)

    assert services.send_plan_reminders() == 0
    assert services.send_plan_reminders(now=until - timedelta(days=7)) == 1


def test_free_plans_plans_without_end_and_ended_plans_are_not_reminded(make_user):
    make_user("free")
    change_plan(user=make_user("forever"), plan=Plan.PAID, until=None, changed_by=None)
    over = make_user("over")
    paid_until(over, 1)

    assert services.send_plan_reminders(now=timezone.now() + timedelta(days=2)) == 0


def test_a_new_end_brings_a_new_reminder(anna):
    paid_until(anna, 5)
    services.send_plan_reminders()

    paid_until(anna, 6)  # bought again, then set to end again
    services.send_plan_reminders()

    assert len(reminders_of(anna)) == 2 and len(mail.outbox) == 2


def test_a_player_who_turned_the_email_off_sees_it_on_the_site_only(anna):
    from notifications.services import set_email_preferences

    set_email_preferences(anna, {"plan_ending": False})
    paid_until(anna, 5)

    services.send_plan_reminders()

    assert len(reminders_of(anna)) == 1 and mail.outbox == []


def test_the_beat_runs_the_reminders(anna):
    schedule = settings.CELERY_BEAT_SCHEDULE["billing-plan-reminders"]
    assert schedule["task"] == tasks.plan_reminders.name
    paid_until(anna, 5)

    tasks.plan_reminders.delay()

    assert len(reminders_of(anna)) == 1


def test_cancelling_in_the_portal_leads_to_the_reminder(stripe_keys, anna):
    stripe = APIClient()
    until = (timezone.now() + timedelta(days=30)).replace(microsecond=0)
    post_event(stripe, checkout_completed(anna))
    post_event(stripe, invoice_paid(until))
    assert services.send_plan_reminders(now=until - timedelta(days=6)) == 0  # it renews

    post_event(stripe, subscription_event("updated", cancel_at_period_end=True))

    assert services.send_plan_reminders(now=until - timedelta(days=6)) == 1
    [message] = mail.outbox
    assert "will not renew" in message.subject
