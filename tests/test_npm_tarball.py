"""The judges' pinned tarballs: a file that matches its pin is unpacked, one that does not is refused.

A local HTTP server plays the registry, serving a tarball laid out as npm publishes one.
"""

from __future__ import annotations

import base64
import hashlib
import io
import tarfile

import pytest

from scripts.npm_tarball import Tarball, TarballError, unpacked
from scripts.static_server import serve


def npm_tarball(files: dict[str, bytes]) -> bytes:
    """A .tgz with `files` under package/, as `npm pack` writes it."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, body in files.items():
            entry = tarfile.TarInfo(f"package/{name}")
            entry.size = len(body)
            archive.addfile(entry, io.BytesIO(body))
    return buffer.getvalue()


def integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


@pytest.fixture
def registry(tmp_path):
    """A local registry holding checker@1.0.0; yields (its URL, the tarball's bytes)."""
    data = npm_tarball({"package.json": b'{"name": "checker", "version": "1.0.0"}', "dist/checker.jar": b"jar"})
    (tmp_path / "registry" / "checker" / "-").mkdir(parents=True)
    (tmp_path / "registry" / "checker" / "-" / "checker-1.0.0.tgz").write_bytes(data)
    with serve(tmp_path / "registry") as url:
        yield url, data


def test_a_tarball_matching_its_pin_is_unpacked_once(registry, tmp_path):
    url, data = registry
    pinned = Tarball("checker", "1.0.0", integrity(data), registry=url)
    folder = unpacked(pinned, tmp_path / "vendor")
    assert (folder / "dist" / "checker.jar").read_bytes() == b"jar"
    # Installed: a second call needs no registry at all.
    offline = Tarball("checker", "1.0.0", integrity(data), registry="http://127.0.0.1:9/")
    assert unpacked(offline, tmp_path / "vendor") == folder


def test_a_tarball_that_is_not_the_pinned_one_is_refused_and_nothing_is_installed(registry, tmp_path):
    url, data = registry
    pinned = Tarball("checker", "1.0.0", integrity(data + b"other bytes"), registry=url)
    with pytest.raises(TarballError) as refused:
        unpacked(pinned, tmp_path / "vendor")
    message = str(refused.value)
    assert pinned.url in message and integrity(data) in message and pinned.integrity in message
    assert "npm view checker@1.0.0 dist.integrity" in message
    assert not (tmp_path / "vendor" / "checker-1.0.0").exists()


def test_a_registry_that_does_not_answer_is_named(tmp_path):
    pinned = Tarball("checker", "1.0.0", "sha512-x", registry="http://127.0.0.1:9/")
    with pytest.raises(TarballError, match=r"could not download http://127\.0\.0\.1:9/checker/-/checker-1\.0\.0\.tgz"):
        unpacked(pinned, tmp_path / "vendor")
