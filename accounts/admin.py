from allauth.account.adapter import get_adapter
from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.contrib.auth.admin import UserAdmin
from django.http import HttpRequest, HttpResponse

from accounts import plans
from accounts.models import PlanChange, User


class PlanChangeInline(admin.TabularInline):
    model = PlanChange
    fk_name = "user"
    fields = ["changed_at", "plan", "plan_until", "changed_by"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(User)
class PlayerAdmin(UserAdmin):
    list_display = [
        "username",
        "email",
        "plan",
        "plan_until",
        "plan_in_force",
        "is_staff",
        "date_joined",
    ]
    list_filter = ["plan", "is_staff", "is_active", ("deleted_at", admin.EmptyFieldListFilter)]
    search_fields = ["username", "email"]
    fieldsets = [
        *UserAdmin.fieldsets,
        ("Plan", {"fields": ["plan", "plan_until"]}),
        ("Deleted by the player", {"fields": ["deleted_at"]}),
    ]
    readonly_fields = ["deleted_at"]
    inlines = [PlanChangeInline]

    @admin.display(description="in force")
    def plan_in_force(self, user: User) -> str:
        return plans.effective_plan(user).label

    def user_change_password(
        self, request: HttpRequest, id: str, form_url: str = ""
    ) -> HttpResponse:
        """Django's page for setting a password; once set (its answer is a redirect), the
        account's confirmed address is told, as on the account's own pages. Saving the
        password ended every other credential of the account (`accounts.credentials`)."""
        response = super().user_change_password(request, id, form_url)
        if request.method == "POST" and response.status_code == 302:
            user = User.objects.filter(pk=unquote(id)).first()
            if user is not None:
                get_adapter(request).send_notification_mail("account/email/password_changed", user)
        return response

    def save_model(self, request, obj: User, form, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if change and {"plan", "plan_until"} & set(form.changed_data):
            PlanChange.objects.create(
                user=obj, plan=obj.plan, plan_until=obj.plan_until, changed_by=request.user
            )


@admin.register(PlanChange)
class PlanChangeAdmin(admin.ModelAdmin):
    list_display = ["user", "plan", "plan_until", "changed_by", "changed_at"]
    list_filter = ["plan"]
    search_fields = ["user__username"]
    readonly_fields = ["user", "plan", "plan_until", "changed_by", "changed_at"]

    def has_add_permission(self, request) -> bool:
        return False
