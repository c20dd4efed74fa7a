from django.contrib import admin

from notifications.models import EmailOptOut, Notification


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["id", "user", "kind", "url", "created_at", "read_at", "emailed_at"]
    list_filter = ["kind"]
    raw_id_fields = ["user"]
    search_fields = ["user__username", "once_key"]
    readonly_fields = ["created_at", "emailed_at"]


@admin.register(EmailOptOut)
class EmailOptOutAdmin(admin.ModelAdmin):
    list_display = ["user", "kind", "created_at"]
    list_filter = ["kind"]
    raw_id_fields = ["user"]
    search_fields = ["user__username"]
