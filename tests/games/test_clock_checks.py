"""A running clock's check: a near deadline gets a task of its own, booked for just after
it; a far one (a day's clock) is left to the sweep, which finds every deadline passed."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from games.services import processing, sweep


@pytest.fixture
def booked(monkeypatch) -> list[dict]:
    """The clock checks sent to the broker, as a worker would get them."""
    sent: list[dict] = []
    monkeypatch.setitem(processing.process_game_task.app.conf, "task_always_eager", False)
    monkeypatch.setattr(
        processing.process_game_task,
        "apply_async",
        lambda args, **options: sent.append({"args": args, **options}),
    )
    return sent


def test_a_near_deadline_books_a_check_just_after_it(booked):
    deadline = timezone.now() + timedelta(seconds=20)
    processing.book_clock_check(Game, game_id=7, deadline=deadline)
    assert booked == [{"args": (7,), "eta": deadline + timedelta(milliseconds=50)}]


def test_a_days_clock_books_no_task_that_would_outlive_the_brokers_visibility(booked):
    deadline = timezone.now() + timedelta(hours=24)
    processing.book_clock_check(Game, game_id=7, deadline=deadline)
    assert booked == []


@pytest.mark.django_db
def test_the_sweep_hands_over_a_game_whose_far_deadline_has_passed(make_user, monkeypatch):
    handed: list[int] = []
    monkeypatch.setattr(processing.process_game_task, "delay", handed.append)
    alice = make_user("alice")
    game = Game.objects.create(
        game="kropki", created_by=alice, status=Game.Status.ACTIVE,
        deadline=timezone.now() - timedelta(seconds=1),
    )  # fmt: skip
    assert game.pk in sweep()
    assert game.pk in handed
