from django.apps import AppConfig


class BillingConfig(AppConfig):
    name = "billing"
    verbose_name = "Billing"

    def ready(self) -> None:
        from accounts import personal_data
        from billing.personal_data import PART

        personal_data.register(PART)
