"""What counts as a database the site cannot reach, answered 503 with Retry-After: a pool
with no connection free, a server refusing or shutting down, a connection lost midway.
An error of the request itself (a broken rule, a deadlock) is not: it stays what it is."""

import psycopg
import pytest
from django.db import utils
from django.test import RequestFactory
from psycopg import errors
from psycopg_pool import PoolTimeout

from infrastructure import busy


def raised_by_django(cause: BaseException) -> BaseException:
    """The error as a view meets it: Django's wrapper, raised from the driver's."""
    wrapper = utils.OperationalError(str(cause))
    wrapper.__cause__ = cause
    return wrapper


@pytest.mark.parametrize(
    "error",
    [
        PoolTimeout("couldn't get a connection after 3.00 sec"),
        errors.TooManyConnections("sorry, too many clients already"),
        errors.AdminShutdown("terminating connection due to administrator command"),
        errors.CannotConnectNow("the database system is starting up"),
        errors.CrashShutdown("terminating connection because of crash of another process"),
        errors.ConnectionFailure("connection failure"),
        psycopg.OperationalError("connection failed: Connection refused"),
        psycopg.OperationalError("consuming input failed: server closed the connection"),
        psycopg.InterfaceError("the connection is closed"),
    ],
    ids=lambda error: type(error).__name__ + ": " + str(error)[:30],
)
def test_a_database_out_of_reach_is_a_busy_site(error):
    assert busy.no_connection_free(error)
    assert busy.no_connection_free(raised_by_django(error))


@pytest.mark.parametrize(
    "error",
    [
        errors.UniqueViolation("duplicate key value"),
        errors.DeadlockDetected("deadlock detected"),
        errors.QueryCanceled("canceling statement due to statement timeout"),
        ValueError("not a database error"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_an_error_of_the_request_itself_is_not_a_busy_site(error):
    assert not busy.no_connection_free(error)
    assert not busy.no_connection_free(raised_by_django(error))


def test_the_busy_answer_of_the_api_says_when_to_come_back():
    answer = busy.busy_response(RequestFactory().get("/api/championships/"))
    assert answer.status_code == 503
    assert answer["Retry-After"] == str(busy.RETRY_AFTER_SECONDS)
