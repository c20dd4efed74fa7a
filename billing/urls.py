from django.urls import path

from billing import api, views

api_urlpatterns = [
    path("checkout/", api.CheckoutView.as_view(), name="api-billing-checkout"),
    path("portal/", api.PortalView.as_view(), name="api-billing-portal"),
    path("stripe/webhook/", api.StripeWebhookView.as_view(), name="api-billing-stripe-webhook"),
]

# Under /account/plan/.
page_urlpatterns = [
    path("checkout/", views.checkout, name="billing-checkout"),
    path("portal/", views.portal, name="billing-portal"),
    path("paid/", views.paid, name="billing-paid"),
    path("cancelled/", views.cancelled, name="billing-cancelled"),
]
