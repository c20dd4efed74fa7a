from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts and plans"

    def ready(self) -> None:
        from accounts import credentials, token_auth  # noqa: F401  (their signal receivers)
        from accounts.personal_data import Part, register
        from accounts.services import deletion, export

        # The account's own sections of the player's data; other apps add theirs.
        register(Part("profile", export=export.profile, erase=deletion.erase_own_rows))
        register(Part("plan_changes", export=export.plan_changes))
        register(
            Part(
                "sign_in",
                export=lambda user: {
                    "email_addresses": export.email_addresses(user),
                    "second_factors": export.second_factors(user),
                },
                erase=deletion.erase_sign_in_data,
            )
        )


class SiteAdminConfig(admin_apps.AdminConfig):
    """Django's admin with `accounts.admin_site.AdminSite` as `admin.site`."""

    # Not a candidate configuration of the accounts app itself.
    default = False
    default_site = "accounts.admin_site.AdminSite"
