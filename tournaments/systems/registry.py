"""The championship systems in play, each declared by its package.

The settings' `CHAMPIONSHIP_SYSTEMS` lists the packages (tournaments/systems/<name>, or any
other, a test's own); each package's `system.py` gives `SYSTEM` and `STAGES`. The playoff
is a stage of the core that systems end with (tournaments/services/playoff.py). Generic code
asks this module what a system or a stage does and never names one.
"""

from functools import cache
from importlib import import_module

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from tournaments.systems.base import StageKind, System

BUILT_IN = (
    "tournaments.systems.groups",
    "tournaments.systems.swiss",
    "tournaments.systems.double_elimination",
    "tournaments.systems.arena",
)
# The core's own stages, which any system may play after its own.
CORE_STAGES = ("tournaments.services.playoff",)

# The system a championship is created with when none is named.
DEFAULT_SYSTEM = "groups"

REGISTRATION = "registration"
FINISHED = "finished"


def packages() -> tuple[str, ...]:
    return tuple(getattr(settings, "CHAMPIONSHIP_SYSTEMS", BUILT_IN))


def system_name(package: str) -> str:
    """A system's API name is its package's last part (tournaments.systems.swiss → swiss)."""
    return package.rsplit(".", 1)[-1]


@cache
def _declared(listed: tuple[str, ...]) -> tuple[dict[str, System], dict[str, StageKind]]:
    systems: dict[str, System] = {}
    stages: dict[str, StageKind] = {}
    for package in listed:
        module = import_module(f"{package}.system")
        system: System = module.SYSTEM
        if system.name != system_name(package):
            raise ValueError(f"{package}: its declaration is of {system.name!r}")
        systems[system.name] = system
        for stage in module.STAGES:
            stages[stage.kind] = stage
    for package in CORE_STAGES:
        for stage in import_module(package).STAGES:
            stages[stage.kind] = stage
    for system in systems.values():
        if system.first_stage not in stages:
            raise ValueError(f"{system.name}: no stage {system.first_stage!r} is declared")
    return systems, stages


def _systems() -> dict[str, System]:
    return _declared(packages())[0]


def _stages() -> dict[str, StageKind]:
    return _declared(packages())[1]


def systems() -> tuple[System, ...]:
    """Every system in play, in the settings' order."""
    return tuple(_systems().values())


def names() -> tuple[str, ...]:
    return tuple(_systems())


def system(name: str) -> System:
    """The system called `name`; KeyError when none is in play."""
    return _systems()[name]


def stage(kind: str) -> StageKind:
    """The stage kind called `kind`; KeyError when none is in play."""
    return _stages()[kind]


def stages() -> tuple[StageKind, ...]:
    return tuple(_stages().values())


def knockout_stages() -> tuple[str, ...]:
    """The stages whose matches need a winner."""
    return tuple(kind for kind, declared in _stages().items() if declared.knockout)


def playing_statuses() -> tuple[str, ...]:
    """A championship's statuses while it is played: the stage kinds."""
    return tuple(_stages())


def system_choices() -> list[tuple[str, str]]:
    return [(declared.name, declared.label) for declared in systems()]


def description_choices() -> list[tuple[str, str]]:
    """The systems as the creation form offers them."""
    return [(declared.name, declared.description) for declared in systems()]


def stage_choices() -> list[tuple[str, str]]:
    return [(declared.kind, declared.title) for declared in stages()]


def status_choices() -> list[tuple[str, str]]:
    """Registration, each stage's status while it is played, finished."""
    return [
        (REGISTRATION, _("Registration")),
        *((declared.kind, declared.status_label) for declared in stages()),
        (FINISHED, _("Finished")),
    ]


def status_names() -> list[str]:
    return [name for name, _label in status_choices()]


def url_patterns(kind: str) -> list:
    """The systems' own addresses of one kind ("api_urlpatterns", "page_urlpatterns")."""
    found = []
    for declared in systems():
        if declared.urls is not None:
            found += getattr(import_module(declared.urls), kind, [])
    return found


def load() -> None:
    """Read every declaration now (at start-up), so a broken one fails at once."""
    systems()
