"""Guests: visitors who play the CPU without an account."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_username_key_unique"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="is_guest",
            field=models.BooleanField(
                default=False,
                help_text="A visitor without an account, playing practice games against the CPU.",
                verbose_name="guest",
            ),
        ),
    ]
