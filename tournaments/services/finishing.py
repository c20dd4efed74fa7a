"""The end of a championship: its final ranking, its champion, the news."""

from django.utils import timezone

from tournaments import selectors
from tournaments.models import Championship, Entry, FinalRank
from tournaments.services import notices


def finish(championship: Championship) -> None:
    ranking = selectors.final_ranking(championship)
    FinalRank.objects.filter(championship=championship).delete()
    FinalRank.objects.bulk_create(
        FinalRank(championship=championship, entry_id=entry_id, rank=rank)
        for rank, entry_id in ranking
    )
    champion = Entry.objects.filter(pk=ranking[0][1]).select_related("player").first()
    championship.winner = champion.player if champion else None
    championship.status = Championship.Status.FINISHED
    championship.finished_at = timezone.now()
    championship.save(update_fields=["winner", "status", "finished_at"])
    notices.championship_finished(championship)
