"""The small fixture data set (tests/small_site.py) is complete in kind and validates like the real data.

Every test that builds an altered site builds it; a kind missing from it would be a kind those
tests never see.
"""

from __future__ import annotations

import subprocess
import sys

from small_site import CHAIN_GROUPS, make_small_project, small_model

from macros.core.data.records import FILES


def test_the_small_project_validates_with_no_error_or_warning(tmp_path):
    project = make_small_project(tmp_path / "project")
    done = subprocess.run(
        [sys.executable, "-m", "scripts", "validate"], cwd=project, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "(0 warning(s))" in done.stdout, done.stdout + done.stderr


def test_the_small_data_set_has_every_kind_of_record_and_is_small():
    small = small_model()
    empty = [stem for stem in FILES if not getattr(small, stem)]
    assert not empty, f"the small data set has no {empty}"
    assert 10 <= len(small.tools) <= 60 and len(small.layers) >= 5
    chains = small.chains.values()
    assert any(chain.group in CHAIN_GROUPS for chain in chains) and any(chain.group is None for chain in chains)
    assert small.evidence.artifacts, "no compiler excerpt: the chain pages' evidence would go untested"
    assert all(small.tools_in_layer(layer) for layer in small.layers), "a layer with no tool"
