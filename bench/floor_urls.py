"""The site's URLs plus two that do nothing, for the framework's own cost of a move
(bench/move_profile.py): an authenticated POST and a task, each with no work of its own."""

from django.urls import path
from rest_framework.response import Response
from rest_framework.views import APIView

from config.celery import app
from config.urls import urlpatterns as site_urlpatterns


class NothingView(APIView):
    """Authenticates, parses the body and answers, as a move's request does; nothing else."""

    def post(self, request, game_id: int) -> Response:
        return Response({"seq": request.data.get("seq"), "status": "accepted"})


@app.task(name="bench.nothing")
def nothing(game_id: int) -> None:
    """A task with nothing to do: what Celery and the broker cost one move's task."""


urlpatterns = [
    path("bench/nothing/<int:game_id>/", NothingView.as_view()),
    *site_urlpatterns,
]
