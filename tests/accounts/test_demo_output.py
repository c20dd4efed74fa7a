"""`make demo` ends with the demo passwords in sight: printed last, not buried under a line
per task its games ran."""

import logging
import re
from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import User


@pytest.mark.django_db
@pytest.mark.usefixtures("embedded", "after_commit")
def test_the_demo_prints_its_passwords_last_and_no_line_per_task(caplog):
    caplog.set_level(logging.INFO)
    out = StringIO()
    call_command("demo", stdout=out)
    lines = out.getvalue().rstrip("\n").splitlines()
    accounts = User.objects.count()
    assert lines[-accounts - 2] == "Demo accounts (passwords are new on every run):"
    assert all(re.match(r"^  \S+ +\S+ +\S", line) for line in lines[-accounts - 1 : -1])
    assert lines[-1].startswith("Log in to the admin")
    assert lines[0].startswith("Demo Cup: http://")  # the championships come before
    assert not [record for record in caplog.records if record.name == "celery.app.trace"]
    assert logging.getLogger("celery.app.trace").level == logging.NOTSET  # as it was
