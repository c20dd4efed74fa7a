"""A practice game says how strongly its CPU plays: easy, normal or strong.

The games against the CPU played so far had its one strength, which is now "normal".
Reversible (the column goes again).
"""

from django.db import migrations, models


def practice_games_played_normal(apps, schema_editor) -> None:
    Game = apps.get_model("games", "Game")
    Game.objects.filter(kind="practice").update(cpu_level="normal")


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0009_game_names_from_the_registry"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="cpu_level",
            field=models.CharField(blank=True, default="", max_length=10),
        ),
        migrations.RunPython(practice_games_played_normal, migrations.RunPython.noop),
    ]
