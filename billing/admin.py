from django.contrib import admin

from billing.models import Customer, StripeEvent, Subscription


@admin.register(Customer)
class CustomerAdmin(admin.ModelAdmin):
    list_display = ["customer_id", "user", "created_at"]
    raw_id_fields = ["user"]
    search_fields = ["customer_id", "user__username", "user__email"]
    readonly_fields = ["created_at"]


@admin.register(Subscription)
class SubscriptionAdmin(admin.ModelAdmin):
    list_display = [
        "subscription_id",
        "user",
        "status",
        "cancel_at_period_end",
        "paid_until",
        "ended_at",
    ]
    list_filter = ["status", "cancel_at_period_end"]
    raw_id_fields = ["user"]
    search_fields = ["subscription_id", "user__username"]
    readonly_fields = ["created_at", "event_created_at"]


@admin.register(StripeEvent)
class StripeEventAdmin(admin.ModelAdmin):
    """What Stripe told the site and what came of it: a record, not for editing."""

    list_display = ["event_id", "type", "user", "outcome", "created_at", "received_at"]
    list_filter = ["type"]
    search_fields = ["event_id", "user__username", "outcome"]
    readonly_fields = ["event_id", "type", "user", "outcome", "created_at", "received_at"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
