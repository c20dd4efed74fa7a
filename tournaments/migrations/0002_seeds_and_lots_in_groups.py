from django.db import migrations, models


class Migration(migrations.Migration):
    """Seeds and lots are drawn with the groups, so they live on the group members."""

    dependencies = [
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.RemoveField(model_name="entry", name="seed"),
        migrations.RemoveField(model_name="entry", name="lot"),
        migrations.AddField(
            model_name="groupmember",
            name="seed",
            field=models.PositiveIntegerField(
                default=0, help_text="Seed in the whole championship, 1 best."
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="groupmember",
            name="lot",
            field=models.PositiveIntegerField(default=0),
            preserve_default=False,
        ),
    ]
