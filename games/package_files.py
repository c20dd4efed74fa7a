"""The static files and templates a game's package brings: `<package>/static/` and
`<package>/templates/`, found for every game in play as an app's would be.

Files are namespaced by the game's name inside those folders (`<game>/composer.js`,
`<game>/panel.html`), so two games never shadow each other.
"""

from collections.abc import Iterator
from pathlib import Path

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.utils import get_files
from django.core.files.storage import FileSystemStorage
from django.template.loaders import filesystem

from games import registry


def _folders(kind: str) -> list[Path]:
    folders = (registry.directory(name) / kind for name in registry.names())
    return [folder for folder in folders if folder.is_dir()]


class GamePackageStaticFinder(finders.BaseFinder):
    """Finds `<package>/static/…` of every game in play (for runserver and collectstatic)."""

    def check(self, **kwargs) -> list:
        return []

    def find(self, path: str, find_all: bool = False, **kwargs):
        if kwargs:  # the older spelling of find_all
            find_all = self._check_deprecated_find_param(find_all=find_all, **kwargs)
        matches = []
        for folder in _folders("static"):
            root = folder.resolve()
            if str(root) not in finders.searched_locations:
                finders.searched_locations.append(str(root))
            candidate = (root / path).resolve()
            # resolve() and the parents check keep "../" paths inside the folder.
            if candidate.is_file() and root in candidate.parents:
                if not find_all:
                    return str(candidate)
                matches.append(str(candidate))
        return matches

    def list(self, ignore_patterns) -> Iterator[tuple[str, FileSystemStorage]]:
        for folder in _folders("static"):
            storage = FileSystemStorage(location=str(folder))
            for path in get_files(storage, ignore_patterns):
                yield path, storage


class GamePackageTemplateLoader(filesystem.Loader):
    """Loads templates from `<package>/templates/` of every game in play."""

    def get_dirs(self) -> list[Path]:
        return _folders("templates")
