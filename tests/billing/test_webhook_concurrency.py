"""Stripe delivering one event twice at the same moment: the plan changes once."""

import threading
from datetime import timedelta

import pytest
from django.db import connection, connections
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Plan, PlanChange
from tests.conftest import service_missing
from tests.support.fake_stripe import checkout_completed, invoice_paid, post_event

# Transactional: the two deliveries run in two threads, on two connections that wait on
# each other's row locks.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("stripe_keys")]


def test_the_same_event_delivered_twice_at_once_changes_the_plan_once(make_user):
    if connection.vendor != "postgresql":
        service_missing("deliveries at the same moment need a database server (PostgreSQL)")
    anna = make_user("anna")
    post_event(APIClient(), checkout_completed(anna))
    end = (timezone.now() + timedelta(days=30)).replace(microsecond=0)
    paid = invoice_paid(end)
    start = threading.Barrier(2)
    answers = []

    def deliver() -> None:
        try:
            start.wait(timeout=10)
            answers.append(post_event(APIClient(), paid).json()["outcome"])
        finally:
            connections.close_all()

    threads = [threading.Thread(target=deliver) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert len(answers) == 2
    assert sum("already handled" in answer for answer in answers) == 1
    assert PlanChange.objects.filter(user=anna, plan=Plan.PAID, plan_until=end).count() == 1
