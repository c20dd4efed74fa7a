"""`/metrics`: the numbers Prometheus scrapes, and who may read them."""

import pytest

pytestmark = pytest.mark.django_db

NAMES = [
    "championships_moves_total",
    "championships_move_seconds",
    "championships_open_streams",
    "championships_database_pool_connections",
    "championships_queue_depth",
]


def test_the_machine_itself_reads_every_metric_in_prometheus_format(client):
    answer = client.get("/metrics")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/plain")
    text = answer.content.decode()
    for name in NAMES:
        assert f"# TYPE {name.removesuffix('_total')}" in text, name
    assert 'championships_queue_depth{queue="championships"}' in text
    assert 'championships_queue_depth{queue="notices"}' in text


def test_a_scraper_needs_the_metrics_token_when_one_is_set(client, settings):
    settings.METRICS_TOKEN = "scrape-me-please"
    assert client.get("/metrics").status_code == 404
    wrong = client.get("/metrics", headers={"Authorization": "Bearer guess"})
    assert wrong.status_code == 404
    right = client.get("/metrics", headers={"Authorization": "Bearer scrape-me-please"})
    assert right.status_code == 200


def test_production_without_a_token_shows_metrics_to_nobody(client, settings):
    settings.PRODUCTION = True
    settings.METRICS_TOKEN = ""
    answer = client.get("/metrics")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"


def test_a_visitor_from_elsewhere_sees_nothing(client):
    assert client.get("/metrics", REMOTE_ADDR="203.0.113.9").status_code == 404
