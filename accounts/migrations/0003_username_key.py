"""Every account gets the canonical form of its name (see `accounts.usernames`)."""

from django.db import migrations, models

from accounts.usernames import canonical_username


def fill_username_keys(apps, schema_editor) -> None:
    User = apps.get_model("accounts", "User")
    owner_of: dict[str, str] = {}
    for pk, username in User.objects.order_by("pk").values_list("pk", "username"):
        key = canonical_username(username)
        if key in owner_of:
            raise RuntimeError(
                f"The accounts {owner_of[key]!r} and {username!r} have names that read the "
                "same; rename one of them, then migrate again."
            )
        owner_of[key] = username
        User.objects.filter(pk=pk).update(username_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_account_language"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_key",
            field=models.CharField(editable=False, max_length=450, null=True),
        ),
        migrations.RunPython(fill_username_keys, migrations.RunPython.noop),
    ]
