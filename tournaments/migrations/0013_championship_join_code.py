# Each championship gets the secret of its join link; the ones already made get one each.

import secrets

from django.db import migrations, models

import tournaments.models


def give_each_a_code(apps, schema_editor):
    Championship = apps.get_model("tournaments", "Championship")
    for championship in Championship.objects.filter(join_code__isnull=True).only("pk").iterator():
        # As tournaments.models.new_join_code makes them (kept here: a migration keeps its
        # own copy of what it runs).
        Championship.objects.filter(pk=championship.pk).update(
            join_code=secrets.token_urlsafe(16)
        )


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0012_check_in"),
    ]

    operations = [
        migrations.AddField(
            model_name="championship",
            name="join_code",
            field=models.CharField(editable=False, max_length=43, null=True),
        ),
        migrations.RunPython(give_each_a_code, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="championship",
            name="join_code",
            field=models.CharField(
                default=tournaments.models.new_join_code, editable=False, max_length=43
            ),
        ),
    ]
