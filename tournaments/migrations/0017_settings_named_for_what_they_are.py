"""The settings named for what they are: the match format of a system's own stage
(`stage_format`, was `group_format`: the groups, the Swiss rounds, the Arena's games), and
the players who go on to the playoff (`playoff_players`, was `advance`;
`playoff_players_per_group`, was `advance_per_group`). Renames only: every championship,
running ones included, keeps its values."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0016_arena_time_and_pauses")]

    operations = [
        migrations.RenameField("championship", "group_format", "stage_format"),
        migrations.RenameField("championship", "advance", "playoff_players"),
        migrations.RenameField("championship", "advance_per_group", "playoff_players_per_group"),
    ]
