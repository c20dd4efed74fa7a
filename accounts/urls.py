from allauth.account import views as allauth_views
from django.urls import include, path
from django.views.generic import RedirectView

import infrastructure.converters  # noqa: F401  (registers the <username:...> URL part)
from accounts import api, views

api_urlpatterns = [
    path("register/", api.RegisterView.as_view(), name="api-register"),
    path("token/", api.TokenView.as_view(), name="api-token"),
    path("token/rotate/", api.TokenRotateView.as_view(), name="api-token-rotate"),
    path("password/", api.PasswordView.as_view(), name="api-password"),
    path("password/reset/", api.PasswordResetView.as_view(), name="api-password-reset"),
    path("me/export/", api.ExportView.as_view(), name="api-me-export"),
    path("<username:username>/plan/", api.PlanView.as_view(), name="api-plan"),
]

site_urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.login, name="login"),
    path("logout/", allauth_views.logout, name="logout"),
    path("account/delete/", views.delete_account, name="account-delete"),
    path("language/", views.set_language, name="set-language"),
    path("account/time-zone/", views.set_time_zone, name="account-time-zone"),
    path("account/token/", views.account_token, name="account-token"),
]

# Under /api/players/, beside each player's ratings.
players_api_urlpatterns = [
    path("", api.PlayerSearchView.as_view(), name="api-player-search"),
]

# allauth's pages (e-mail, passwords, two-factor authentication) under /accounts/; its own
# addresses of the log-in and sign-up lead to the site's.
allauth_urlpatterns = [
    path("login/", RedirectView.as_view(pattern_name="login", query_string=True)),
    path("signup/", RedirectView.as_view(pattern_name="signup", query_string=True)),
    path("", include("allauth.urls")),
]
