"""npm packages fetched straight from the npm registry as tarballs pinned by their sha512 integrity.

The Nu HTML checker is a single jar, so the tests take it this way and need neither Node.js nor
npm; npm itself comes this way for Lighthouse's lock (scripts/judges.py says why).
"""

from __future__ import annotations

import base64
import hashlib
import io
import shutil
import tarfile
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

REGISTRY = "https://registry.npmjs.org/"
ATTEMPTS = 3


class TarballError(RuntimeError):
    """A pinned tarball could not be fetched or did not match its pin: the message says which and why."""


@dataclass(frozen=True)
class Tarball:
    """One published version of an npm package, pinned by the integrity the registry lists for it."""

    name: str
    version: str
    integrity: str  # "sha512-<base64>", as `npm view NAME@VERSION dist.integrity` prints it
    registry: str = REGISTRY

    @property
    def url(self) -> str:
        return f"{self.registry}{self.name}/-/{self.name}-{self.version}.tgz"

    @property
    def folder_name(self) -> str:
        return f"{self.name}-{self.version}"


def _download(url: str) -> bytes:
    for attempt in range(1, ATTEMPTS + 1):
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                return response.read()
        except (urllib.error.URLError, TimeoutError) as error:
            if attempt == ATTEMPTS:
                raise TarballError(f"could not download {url}: {error}") from None
            time.sleep(attempt)  # a brief network hiccup; the pin makes a retry safe
    raise AssertionError("unreachable")


def _check(tarball: Tarball, data: bytes) -> None:
    algorithm, _, expected = tarball.integrity.partition("-")
    if algorithm != "sha512":
        raise TarballError(f"{tarball.name}@{tarball.version}: pin a sha512 integrity, not {algorithm!r}")
    actual = base64.b64encode(hashlib.sha512(data).digest()).decode()
    if actual != expected:
        raise TarballError(
            f"{tarball.url} is not the pinned file: its integrity is sha512-{actual}, the pin says "
            f"{tarball.integrity}. Check `npm view {tarball.name}@{tarball.version} dist.integrity`."
        )


def _extract(data: bytes, into: Path) -> None:
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for member in archive.getmembers():
            # npm tarballs keep everything under package/; refuse anything that would land elsewhere.
            parts = Path(member.name).parts
            if not parts or parts[0] != "package" or ".." in parts or not (member.isfile() or member.isdir()):
                raise TarballError(f"unexpected entry in the tarball: {member.name}")
        # The "data" filter where this Python has it (3.11.4 and later; Debian 12's 3.11.2 has not):
        # the check above already keeps every entry a plain file or folder under package/.
        if hasattr(tarfile, "data_filter"):
            archive.extractall(into, filter="data")
        else:
            archive.extractall(into)


def unpacked(tarball: Tarball, into: Path) -> Path:
    """The folder holding the package's files (npm's package/), fetched and checked first when missing."""
    folder = into / tarball.folder_name
    if (folder / "package.json").exists():
        return folder
    data = _download(tarball.url)
    _check(tarball, data)
    into.mkdir(parents=True, exist_ok=True)
    # Unpacked beside its final place and renamed into it, so a broken download never looks installed.
    with tempfile.TemporaryDirectory(dir=into, prefix=".unpacking-") as scratch:
        _extract(data, Path(scratch))
        shutil.rmtree(folder, ignore_errors=True)
        (Path(scratch) / "package").rename(folder)
    return folder
