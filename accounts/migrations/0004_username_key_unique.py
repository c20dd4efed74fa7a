"""The canonical name is unique, which makes the letter-case-only constraint redundant.

Separate from filling the names in: PostgreSQL will not alter a table whose rows the same
transaction has just updated while deferred foreign-key checks are pending.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_username_key"),
    ]

    operations = [
        migrations.AlterField(
            model_name="user",
            name="username_key",
            field=models.CharField(editable=False, max_length=450, unique=True),
        ),
        migrations.RemoveConstraint(
            model_name="user",
            name="accounts_user_username_ci_unique",
        ),
        # The model no longer has a Meta of its own: it takes AbstractUser's names.
        migrations.AlterModelOptions(
            name="user",
            options={"verbose_name": "user", "verbose_name_plural": "users"},
        ),
    ]
