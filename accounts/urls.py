from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import api, views

api_urlpatterns = [
    path("register/", api.RegisterView.as_view(), name="api-register"),
    path("token/", api.TokenView.as_view(), name="api-token"),
    path("me/", api.MeView.as_view(), name="api-me"),
    path("me/export/", api.ExportView.as_view(), name="api-me-export"),
    path("<str:username>/plan/", api.PlanView.as_view(), name="api-plan"),
]

site_urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("account/", views.account, name="account"),
    path("account/delete/", views.delete_account, name="account-delete"),
    path("language/", views.set_language, name="set-language"),
    path("account/token/", views.account_token, name="account-token"),
]

page_urlpatterns = [
    path("<str:username>/", views.player, name="player"),
]
