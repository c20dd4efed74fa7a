from django.urls import path

import infrastructure.converters  # noqa: F401  (registers the <id:...> URL part)
from games import api, event_stream, views

api_urlpatterns = [
    path("", api.GamesView.as_view(), name="api-games"),
    path("<id:game_id>/", api.GameView.as_view(), name="api-game"),
    path("<id:game_id>/accept/", api.AcceptView.as_view(), name="api-game-accept"),
    path("<id:game_id>/decline/", api.DeclineView.as_view(), name="api-game-decline"),
    path("<id:game_id>/resign/", api.ResignView.as_view(), name="api-game-resign"),
    path("<id:game_id>/draw/", api.DrawView.as_view(), name="api-game-draw"),
    path("<id:game_id>/undo/", api.UndoView.as_view(), name="api-game-undo"),
    path("<id:game_id>/away/", api.AwayView.as_view(), name="api-game-away"),
    path("<id:game_id>/back/", api.BackView.as_view(), name="api-game-back"),
    path("<id:game_id>/berserk/", api.BerserkView.as_view(), name="api-game-berserk"),
    path("<id:game_id>/rematch/", api.RematchView.as_view(), name="api-game-rematch"),
    path("<id:game_id>/moves/", api.MovesView.as_view(), name="api-game-moves"),
    path("<id:game_id>/record/", api.RecordView.as_view(), name="api-game-record"),
    path("<id:game_id>/events/", event_stream.game_events, name="api-game-events"),
]

page_urlpatterns = [
    path("new/", views.game_new, name="game-new"),
    path("new/guest/", views.guest_game, name="game-new-guest"),
    path("<id:game_id>/", views.game_page, name="game"),
    path("<id:game_id>/live/", views.game_live, name="game-live"),
    path("<id:game_id>/resign/", views.resign, name="game-resign"),
    path("<id:game_id>/draw/", views.offer_draw, name="game-draw"),
    path("<id:game_id>/accept/", views.accept, name="game-accept"),
    path("<id:game_id>/decline/", views.decline, name="game-decline"),
    path("<id:game_id>/undo/", views.undo, name="game-undo"),
    path("<id:game_id>/away/", views.away, name="game-away"),
    path("<id:game_id>/back/", views.back, name="game-back"),
    path("<id:game_id>/berserk/", views.berserk, name="game-berserk"),
    path("<id:game_id>/rematch/", views.rematch, name="game-rematch"),
]

rules_urlpatterns = [
    path("", views.rules_index, name="rules"),
    path("<str:game>/", views.rules_page, name="rules-game"),
]
