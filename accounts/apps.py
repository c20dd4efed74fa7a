from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts and plans"

    def ready(self) -> None:
        from accounts import token_auth  # noqa: F401  (its signal receivers)


class SiteAdminConfig(admin_apps.AdminConfig):
    """Django's admin with `accounts.admin_site.AdminSite` as `admin.site`."""

    # Not a candidate configuration of the accounts app itself.
    default = False
    default_site = "accounts.admin_site.AdminSite"
