"""Accounts API in one process: token-authenticated reads, registration, log-in."""

from bench.timing import Timing, measure

# Other benchmarks leave players with games behind; these accounts have none.
PREFIX = "bench-api"


def run() -> list[Timing]:
    from rest_framework.test import APIClient

    from accounts.models import User
    from accounts.services import api_token

    User.objects.filter(username__startswith=PREFIX).delete()  # only this module's accounts
    client = APIClient()
    password = "bench-passphrase-of-some-length"
    client.post(
        "/api/accounts/register/", {"username": PREFIX, "password": password}, format="json"
    )
    user = User.objects.get(username=PREFIX)
    reader = APIClient()
    reader.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user).key}")

    def read_me(_i: int) -> None:
        assert reader.get("/api/accounts/me/").status_code == 200

    def register(i: int) -> None:
        body = {"username": f"{PREFIX}{i + 1000}", "password": password}
        assert client.post("/api/accounts/register/", body, format="json").status_code == 201

    def log_in(_i: int) -> None:
        body = {"username": PREFIX, "password": password}
        assert client.post("/api/accounts/token/", body, format="json").status_code == 200

    results = [measure("GET /api/accounts/me/ (token)", read_me, runs=2000)]
    results.append(measure("POST /api/accounts/register/ (PBKDF2)", register, runs=40, warmup=0))
    results.append(measure("POST /api/accounts/token/ (PBKDF2)", log_in, runs=40, warmup=2))
    User.objects.filter(username__startswith=PREFIX).delete()  # only this module's accounts
    return results
