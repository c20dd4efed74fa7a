"""Settings of the championship service, read from the environment.

With no environment at all the site runs embedded: a SQLite file in the
project folder, Celery tasks run eagerly in the web process and an
in-memory cache. `DATABASE_URL` and `REDIS_URL` switch to PostgreSQL and
Redis (broker, cache, live updates). `DJANGO_ENV=production` turns on the
deployment hardening and insists on a real `SECRET_KEY` and `ALLOWED_HOSTS`.
"""

from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from kombu import Exchange, Queue

from config.email_settings import email_settings
from games.catalog import BUILT_IN
from infrastructure.converters import ID_SCHEMA, USERNAME_SCHEMA
from infrastructure.database_pool import database_pool_settings
from infrastructure.env import env_bool, env_int, env_list, env_rate, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DJANGO_ENV = env_str("DJANGO_ENV", "development") or "development"
if DJANGO_ENV not in {"development", "production"}:
    raise ImproperlyConfigured(
        f"DJANGO_ENV must be 'development' or 'production'; got {DJANGO_ENV!r}"
    )
PRODUCTION = DJANGO_ENV == "production"

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("SECRET_KEY must be set in production (50+ random characters).")
    # Only ever used on a developer's machine: production refuses to start without its own key.
    SECRET_KEY = "development-only-key-never-used-in-production-8c1f0b7e5d2a4f39a6e1"

DEBUG = env_bool("DEBUG", default=not PRODUCTION)

ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", default=[] if PRODUCTION else ["127.0.0.1", "localhost", "[::1]", "testserver"]
)
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must name the site's host names in production.")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])
CSRF_FAILURE_VIEW = "infrastructure.error_pages.csrf_failure"

# The games in play, one package each (games/catalog); a game is added by listing its package.
GAMES = list(BUILT_IN)

INSTALLED_APPS = [
    "accounts.apps.SiteAdminConfig",  # Django's admin, its log-in on the site's throttles
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "accounts",
    "games",
    "tournaments",
    "ratings",
    "notifications",
    "billing",
    "pages",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Outside everything that may answer on its own, so that every answer carries the policy.
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "infrastructure.middleware.NulCharacterMiddleware",
    "infrastructure.busy.BusyDatabaseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.StaffSessionMiddleware",
    "accounts.middleware.AccountLanguageMiddleware",
    "accounts.middleware.ReaderTimeZoneMiddleware",
    "accounts.middleware.GuestVisitMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # Innermost, in the reader's language: an error answered with no body gets a page (JSON
    # under /api/).
    "infrastructure.error_pages.ErrorPageMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # The apps' templates, then those that each game's package brings.
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [
                        "django.template.loaders.filesystem.Loader",
                        "django.template.loaders.app_directories.Loader",
                        "games.package_files.GamePackageTemplateLoader",
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "notifications.context_processors.notifications",
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------
DATABASE_URL = env_str("DATABASE_URL")
# The connection budget: every process holds a pool of at most DATABASE_POOL_MAX_SIZE
# connections, so the processes sharing the server (DATABASE_POOL_PROCESSES, across every
# machine) can never open more than DATABASE_MAX_CONNECTIONS less the reserve kept for
# migrations, psql and the server's superuser slots. A request that finds its pool empty
# waits DATABASE_POOL_TIMEOUT seconds and then answers 503 with Retry-After.
DATABASE_POOL = database_pool_settings()
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_health_checks=True)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DATABASE_POOL:
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = DATABASE_POOL.pool_options()
    else:
        DATABASES["default"]["CONN_MAX_AGE"] = env_int("DATABASE_CONN_MAX_AGE", 60)
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # psycopg 3 sends parameters apart from the statement and, from the fifth run of a
        # statement on a connection, prepares it: the server then skips parsing and planning.
        DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = env_bool(
            "DATABASE_SERVER_SIDE_BINDING", default=False
        )
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            "OPTIONS": {
                # WAL lets pages read while the in-process worker writes; IMMEDIATE
                # transactions take the write lock up front, so two writers queue
                # instead of failing half-way.
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Metrics ----------------------------------------------------------------------
# Prometheus scrapes /metrics with `Authorization: Bearer METRICS_TOKEN`; with no token,
# /metrics answers only the machine itself, and never in production.
METRICS_TOKEN = env_str("METRICS_TOKEN")

# --- Redis: cache, Celery broker ----------------------------------------------
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    # django-redis keeps one client per process; Django's own RedisCache builds a new one
    # for every call, which redis-py makes dear (a move's request makes about eight calls).
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "championships",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
# Tasks go straight to a named list through the anonymous exchange: no routing table
# in Redis to lose, so a flushed Redis (or a new one) still delivers what is sent next.
CELERY_TASK_DEFAULT_QUEUE = "championships"
CELERY_TASK_DEFAULT_EXCHANGE = ""
CELERY_TASK_DEFAULT_ROUTING_KEY = "championships"
# Notices (e-mails, the bell) wait in a list of their own: a worker takes from both lists in
# turn, so a flood of them (a round of a thousand results) never holds up a move, a clock or
# a championship moving on. A worker started without -Q takes from both.
CELERY_TASK_QUEUES = [
    Queue("championships", Exchange(""), routing_key="championships"),
    Queue("notices", Exchange(""), routing_key="notices"),
]
CELERY_TASK_ROUTES = {"notifications.*": {"queue": "notices", "routing_key": "notices"}}
# Without a broker every task runs in the calling process, right after the
# transaction that enqueued it commits: one code path for a laptop and a cluster.
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = True
# A task is acknowledged only when it has finished, so a worker killed mid-task
# leaves the message for another worker; tasks are written to be idempotent.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = env_int("CELERY_WORKER_PREFETCH_MULTIPLIER", 1)
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 60)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 90)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 300)}
CELERY_TIMEZONE = "UTC"
# The database is the source of truth: this sweep hands any game whose pending
# moves were lost with a broker message or a killed worker back to the workers,
# and catches clocks whose scheduled check went missing.
CELERY_BEAT_SCHEDULE = {
    "games-sweep": {"task": "games.sweep", "schedule": env_int("GAMES_SWEEP_SECONDS", 2)},
    # Rounds whose time is up, deadline reminders and scheduled starts.
    "championships-sweep": {
        "task": "tournaments.sweep",
        "schedule": env_int("CHAMPIONSHIPS_SWEEP_SECONDS", 10),
    },
    # Reminders of paid plans that end within a week and will not renew.
    "billing-plan-reminders": {
        "task": "billing.plan_reminders",
        "schedule": env_int("PLAN_REMINDERS_SWEEP_SECONDS", 3600),
    },
    # Guests who have not come back for GUEST_KEEP_DAYS, removed with their games.
    "accounts-remove-stale-guests": {
        "task": "accounts.remove_stale_guests",
        "schedule": env_int("GUEST_SWEEP_SECONDS", 3600),
    },
}

# --- Accounts -------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    # Log-in by username (in any spelling, `accounts.usernames`) or by e-mail address.
    "accounts.backends.AuthenticationBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Account pages (django-allauth) ----------------------------------------------
# Sign-up, log-in, e-mail addresses, passwords and two-factor authentication; the pages
# live at /signup/, /login/, /logout/ and under /accounts/ (accounts/urls.py).
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {"signup": "accounts.forms.SignupForm", "login": "accounts.forms.LoginForm"}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_SIGNUP_REDIRECT_URL = "game-new"  # a newcomer comes to play
# A newcomer plays at once: the address is verified by the link in the e-mail whenever the
# player gets to it, and until then nothing but that link is e-mailed to it.
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_EMAIL_CONFIRMATION_AUTHENTICATED_REDIRECT_URL = "account"
# One address per account; a new one replaces it once its link has been followed.
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_UNIQUE_EMAIL = True
# Changing the address (and setting a first password) asks for the password again, unless it
# was typed in the last few minutes: a session alone, left open or taken, cannot move the
# account to another address (the API asks for the password in the same body).
ACCOUNT_REAUTHENTICATION_REQUIRED = True
# Whether an address belongs to an account is never told: sign-up takes any address
# (unverified; only one account can verify it) and a password reset answers the same.
ACCOUNT_PREVENT_ENUMERATION = "strict"
ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS = False
# Password changed, e-mail changed, ...: told to the verified address.
ACCOUNT_EMAIL_NOTIFICATIONS = True
ACCOUNT_SESSION_REMEMBER = True
# This session stays; every other one ends, with every other credential (accounts.credentials).
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_LOGIN_ON_PASSWORD_RESET = False
ACCOUNT_PRESERVE_USERNAME_CASING = True
# The pages' budgets (allauth's rate limits: "amount/period/per", per ip, key or user).
# The API keeps its own (REST_FRAMEWORK's DEFAULT_THROTTLE_RATES, infrastructure/throttling.py).
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    # Failed log-ins: per client address, and per username or address typed, whichever
    # page or the API they come from (accounts.adapter counts the API's too).
    "login_failed": "10/m/ip,5/5m/key",
    "signup": "10/h/ip",
    "change_password": "5/m/user",
    "manage_email": "10/m/user",
    "reset_password": "20/m/ip,5/h/key",
    "reset_password_from_key": "20/m/ip",
    "reauthenticate": "10/m/user",
    "confirm_email": "1/3m/key",
}
MFA_ADAPTER = "accounts.mfa.MFAAdapter"
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = "Dots Championships"
# A code is taken from the step before or after the current one too (30 seconds each):
# a phone's clock a little off, or a code typed as it turns over.
MFA_TOTP_TOLERANCE = 1
# allauth keeps an unverified address and a second factor apart, lest someone who gave a
# stranger's address lock the stranger out of it. Here an unverified address claims nothing
# (ACCOUNT_PREVENT_ENUMERATION is "strict": the owner can still sign up with it and verify
# it), and staff, who must keep their second factor, can still change their address.
MFA_ALLOW_UNVERIFIED_EMAIL = True

# Visitors may play the CPU as guests, without an account (accounts/guests.py): each may
# hold this many unfinished games, and is removed with their games after this many days
# without a visit.
GUEST_MAX_UNFINISHED_GAMES = env_int("GUEST_MAX_UNFINISHED_GAMES", 3)
GUEST_KEEP_DAYS = env_int("GUEST_KEEP_DAYS", 30)

# Moves of one player in one game that wait for the worker at once: beyond it a move is
# refused (429) until the worker has decided some. The page sends one at a time.
PENDING_MOVES_PER_PLAYER = env_int("PENDING_MOVES_PER_PLAYER", 10)
if PENDING_MOVES_PER_PLAYER < 1:
    raise ImproperlyConfigured(
        f"PENDING_MOVES_PER_PLAYER must be 1 or more; got {PENDING_MOVES_PER_PLAYER}"
    )

# --- E-mail ---------------------------------------------------------------------
# EMAIL_BACKEND and what it needs: a folder (EMAIL_FILE_PATH), SMTP (EMAIL_URL or EMAIL_HOST
# and its companions) or, with none, the console (config/email_settings.py).
globals().update(email_settings())
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL") or "webmaster@localhost"
# The site's address as its readers reach it: e-mails link to it (they have no request to
# take the host from). Unset, it is where `make demo` and `make serve` listen (they pass
# their own HOST and PORT here), so a link in an e-mail opens the site the reader is logged
# in to: a browser keeps 127.0.0.1's and localhost's cookies apart.
SITE_URL = (env_str("SITE_URL") or "http://127.0.0.1:8000").rstrip("/")
if not SITE_URL.startswith(("http://", "https://")):
    raise ImproperlyConfigured(f"SITE_URL must start with http:// or https://; got {SITE_URL!r}")
# Any other link allauth writes into an e-mail takes the site's scheme.
ACCOUNT_DEFAULT_HTTP_PROTOCOL = SITE_URL.split("://", 1)[0]

# --- Billing (Stripe) -------------------------------------------------------------
# The paid plan is sold through Stripe Checkout when the secret key, the webhook's signing
# secret and at least one price are set; otherwise the plan is not on sale (the staff
# still grant it). Secrets come only from the environment.
STRIPE_SECRET_KEY = env_str("STRIPE_SECRET_KEY")
STRIPE_WEBHOOK_SECRET = env_str("STRIPE_WEBHOOK_SECRET")
STRIPE_PRICE_MONTH = env_str("STRIPE_PRICE_MONTH")
STRIPE_PRICE_YEAR = env_str("STRIPE_PRICE_YEAR")
# Another address for Stripe's API (a local stand-in in tests); empty: Stripe's own.
STRIPE_API_BASE = env_str("STRIPE_API_BASE").rstrip("/")
if STRIPE_API_BASE and not STRIPE_API_BASE.startswith(("http://", "https://")):
    raise ImproperlyConfigured(
        f"STRIPE_API_BASE must start with http:// or https://; got {STRIPE_API_BASE!r}"
    )
# How long a page waits for Stripe before telling the player it cannot be reached.
STRIPE_TIMEOUT_SECONDS = float(env_str("STRIPE_TIMEOUT_SECONDS") or 10)
# Where the buttons send the player: Checkout, and the customer portal.
STRIPE_PAGES = ["https://checkout.stripe.com", "https://billing.stripe.com"]

# --- Proxies --------------------------------------------------------------------
# How many proxies in front of the site append the address they saw to X-Forwarded-For.
# The client's address (for the per-address throttles) is read that deep into the header;
# with none (the default) the header is the client's own words and only REMOTE_ADDR counts.
NUM_PROXIES = env_int("NUM_PROXIES", 0)
if NUM_PROXIES < 0:
    raise ImproperlyConfigured(f"NUM_PROXIES must be 0 or more; got {NUM_PROXIES}")

# --- API ------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.token_auth.CachedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["infrastructure.parsers.DepthLimitedJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "infrastructure.api_errors.exception_handler",
    # Every budget of a client (infrastructure/throttling.py), the pages' as well as the API's.
    "DEFAULT_THROTTLE_RATES": {
        "register": env_rate("THROTTLE_REGISTER", "10/hour"),
        "token": env_rate("THROTTLE_TOKEN", "30/minute"),
        "token_username": env_rate("THROTTLE_TOKEN_USERNAME", "10/minute"),
        "billing": env_rate("THROTTLE_BILLING", "30/hour"),
        "password_reset": env_rate("THROTTLE_PASSWORD_RESET", "10/hour"),
        "password_reset_email": env_rate("THROTTLE_PASSWORD_RESET_EMAIL", "3/hour"),
        "guest": env_rate("THROTTLE_GUEST", "10/hour"),
        "personal_data_export": env_rate("THROTTLE_EXPORT", "10/hour"),
        "player_search": env_rate("THROTTLE_PLAYER_SEARCH", "60/minute"),
        # A player's moves in one game: a burst (a chain of boxes taken one after another),
        # then a rate. A person waits for each answer and never comes near either.
        "moves_burst": env_rate("THROTTLE_MOVES_BURST", "10/second"),
        "moves": env_rate("THROTTLE_MOVES", "120/minute"),
        # A player's undo, draw offers, leaving and coming back, rematches in one game:
        # each is published to everyone watching, an undo replays the game.
        "game_actions": env_rate("THROTTLE_GAME_ACTIONS", "30/minute"),
        # Games an account starts: against the CPU (it thinks for every move of its
        # seats), and invitations (each tells the player invited, by e-mail too).
        "cpu_games": env_rate("THROTTLE_CPU_GAMES", "30/hour"),
        "invitations": env_rate("THROTTLE_INVITATIONS", "60/hour"),
        # Players an organiser invites to championships (a large field is invited in an
        # afternoon; each invitation is a notice and may be an e-mail).
        "championship_invitations": env_rate("THROTTLE_CHAMPIONSHIP_INVITATIONS", "300/hour"),
        # An organiser's announcements: each is a notice, and may be an e-mail, to every
        # entrant.
        "announcements": env_rate("THROTTLE_ANNOUNCEMENTS", "20/hour"),
        # Positions replayed for `?move=N` (the game page and its live part), per client.
        "replays": env_rate("THROTTLE_REPLAYS", "300/minute"),
        # Files written for a client: game records, a championship's CSV files.
        "downloads": env_rate("THROTTLE_DOWNLOADS", "120/hour"),
        # Each calendar feed read by one client (a calendar app asks every few minutes).
        "calendars": env_rate("THROTTLE_CALENDARS", "120/hour"),
    },
    # DRF's throttles and the site's (`infrastructure.throttling`) read the address with it.
    "NUM_PROXIES": NUM_PROXIES,
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    # `?format=` belongs to endpoints (the record's json or sgf), not to content negotiation.
    "URL_FORMAT_OVERRIDE": None,
}

# No request the site takes comes near this (the largest, a whole board given in a game's
# options, is a few kilobytes); a larger body is refused unread, 413 under /api/.
DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024

SPECTACULAR_SETTINGS = {
    "TITLE": "Championships API",
    "DESCRIPTION": (
        # Markdown, as the docs' page renders it: addresses and code stay in backticks, or a
        # placeholder such as <game> is read as an HTML tag and vanishes.
        "Board game championships: group stages, playoffs and ratings; each game's rules "
        "are at `/rules/{game}/` (for example `/rules/kropki/`). "
        "Authenticate with `Authorization: Token {key}` (the key from "
        "`POST /api/accounts/token/`). "
        'Every error is `{"error": {"code", "message", "details"}}`.'
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "SCHEMA_PATH_PREFIX": r"/api/",
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "PATH_CONVERTER_OVERRIDES": {"id": ID_SCHEMA, "username": USERNAME_SCHEMA},
    "ENUM_NAME_OVERRIDES": {
        "MatchFormatEnum": "games.outcomes.MATCH_FORMATS",
        "MoveStatusEnum": "games.models.Move.Status",
        "GameStatusEnum": "games.models.Game.Status",
        "ChampionshipStatusEnum": "tournaments.systems.registry.status_choices",
    },
}

# --- Internationalisation -------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ru", "Русский"), ("pl", "Polski")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files ---------------------------------------------------------------
STATIC_URL = "/static/"
# Collected files exist only in production; elsewhere the apps' folders are served directly.
STATIC_ROOT = BASE_DIR / "staticfiles" if PRODUCTION else None
WHITENOISE_USE_FINDERS = not PRODUCTION
WHITENOISE_AUTOREFRESH = not PRODUCTION
STATICFILES_DIRS = [BASE_DIR / "static"]
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "games.package_files.GamePackageStaticFinder",  # what each game's package brings
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# --- Security -------------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
if PRODUCTION:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
# Pages load scripts, styles, images and data from the site itself and nothing else: no
# inline script or style, no eval, no plug-ins, no framing. The boards are inline SVG;
# the API docs' icons are data: images.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
if STRIPE_SECRET_KEY:
    # The buying and cancelling buttons post to the site, which redirects to Stripe's pages.
    CONTENT_SECURITY_POLICY["DIRECTIVES"]["form-action"] += STRIPE_PAGES
if env_bool("BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- Logging --------------------------------------------------------------------
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO") or "INFO"},
}

# --- Live streams -----------------------------------------------------------------
# The public base URL of the stream process (`uvicorn config.asgi:application`) when it is
# on another host than the site, e.g. https://live.example.org; empty: the site's own.
# The pages open their event streams there, and the streams let the site's pages
# (SITE_URL's origin) read them with their cookies.
STREAMS_URL = (env_str("STREAMS_URL") or "").rstrip("/")
if STREAMS_URL and not STREAMS_URL.startswith(("http://", "https://")):
    raise ImproperlyConfigured(
        f"STREAMS_URL must start with http:// or https://; got {STREAMS_URL!r}"
    )
if STREAMS_URL:
    CONTENT_SECURITY_POLICY["DIRECTIVES"]["connect-src"].append(STREAMS_URL)
# A comment frame this often keeps a quiet stream open through proxies (and refreshes a
# seated player's presence).
STREAM_HEARTBEAT_SECONDS = float(env_str("STREAM_HEARTBEAT_SECONDS") or 15)
# A player's game page asks for the game itself when its stream has said nothing for this
# long: an event lost on the way (a restart, a connection that died quietly) costs them at
# most this wait, never the game.
GAME_PAGE_QUIET_SECONDS = float(env_str("GAME_PAGE_QUIET_SECONDS") or 15)
# The most live streams one client holds open at once, per address and per account, over
# every stream process; one more is refused (429). Load tests raise it.
STREAMS_PER_CLIENT = env_int("STREAMS_PER_CLIENT", 20)
if STREAMS_PER_CLIENT < 1:
    raise ImproperlyConfigured(f"STREAMS_PER_CLIENT must be 1 or more; got {STREAMS_PER_CLIENT}")
