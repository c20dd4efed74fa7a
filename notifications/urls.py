from django.urls import path

import infrastructure.converters  # noqa: F401  (registers the <id:...> URL part)
from notifications import api, views

api_urlpatterns = [
    path("", api.NotificationsView.as_view(), name="api-notifications"),
    path("read/", api.MarkReadView.as_view(), name="api-notifications-read"),
    path("status/", api.StatusView.as_view(), name="api-notifications-status"),
]

page_urlpatterns = [
    path("", views.notification_list, name="notifications"),
    path("read/", views.mark_all_read, name="notifications-read"),
    path("preferences/", views.save_email_preferences, name="notification-preferences"),
    path("<id:notification_id>/open/", views.open_notification, name="notification-open"),
    path("unsubscribe/<str:token>/", views.unsubscribe_link, name="notification-unsubscribe"),
]
