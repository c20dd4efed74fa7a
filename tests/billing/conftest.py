"""Stripe's keys, and its API served locally, for every billing test (tests/support)."""

from tests.support.fake_stripe import fake_stripe, no_stripe_keys, stripe_keys

__all__ = ["fake_stripe", "no_stripe_keys", "stripe_keys"]
