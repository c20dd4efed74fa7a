"""The site's URLs: pages, the API under /api/, its schema and docs, the health check."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts import urls as accounts_urls
from billing import urls as billing_urls
from games import urls as games_urls
from infrastructure import favicon, health, scrape
from notifications import urls as notifications_urls
from pages import urls as pages_urls
from ratings import urls as ratings_urls
from tournaments import urls as tournaments_urls

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("metrics", scrape.metrics_page, name="metrics"),
    path("favicon.ico", favicon.favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The docs' page and its start-up script come in two answers: no inline script (CSP).
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(url_name="api-schema", template_name="api_docs.html"),
        name="api-docs",
    ),
    path("api/accounts/me/", include(tournaments_urls.api_me_urlpatterns)),
    path("api/accounts/", include(pages_urls.api_urlpatterns)),
    path("api/accounts/", include(accounts_urls.api_urlpatterns)),
    path("api/games/", include(games_urls.api_urlpatterns)),
    path("api/games/", include(tournaments_urls.game_api_urlpatterns)),
    path("api/championships/", include(tournaments_urls.api_urlpatterns)),
    path("api/ratings/", include(ratings_urls.ratings_urlpatterns)),
    path("api/players/", include(accounts_urls.players_api_urlpatterns)),
    path("api/players/", include(ratings_urls.players_urlpatterns)),
    path("api/notifications/", include(notifications_urls.api_urlpatterns)),
    path("api/billing/", include(billing_urls.api_urlpatterns)),
    path("", include(pages_urls.urlpatterns)),
    path("accounts/", include(accounts_urls.allauth_urlpatterns)),
    path("", include(accounts_urls.site_urlpatterns)),
    path("leaderboards/", include(ratings_urls.page_urlpatterns)),
    path("rules/", include(games_urls.rules_urlpatterns)),
    path("games/", include(games_urls.page_urlpatterns)),
    path("championships/", include(tournaments_urls.page_urlpatterns)),
    path("account/", include(tournaments_urls.account_urlpatterns)),
    path("account/plan/", include(billing_urls.page_urlpatterns)),
    path("calendar/", include(tournaments_urls.calendar_urlpatterns)),
    path("notifications/", include(notifications_urls.page_urlpatterns)),
]

handler400 = "infrastructure.error_pages.bad_request"
handler403 = "infrastructure.error_pages.permission_denied"
handler404 = "infrastructure.error_pages.page_not_found"
handler500 = "infrastructure.error_pages.server_error"
