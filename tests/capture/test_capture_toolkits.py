"""The toolkit x architecture table, parsed from what each CUDA toolkit's own help lists."""

from __future__ import annotations

import pytest

from scripts.capture import toolkits


def test_ptxas_11_8_accepts_kepler_to_hopper_without_arch_specific_variants(sample):
    names = toolkits.parse_ptxas_gpu_names(sample("ptxas-11.8-help-part.txt"))
    assert "sm_35" in names and "sm_90" in names
    assert "sm_90a" not in names
    assert {toolkits.split_target(n)[0] for n in names} == {"compute", "lto", "sm"}


def test_ptxas_12_9_dropped_kepler_and_added_blackwell_families(sample):
    names = toolkits.parse_ptxas_gpu_names(sample("ptxas-12.9-help-part.txt"))
    assert "sm_35" not in names and "sm_50" in names
    assert {"sm_90a", "sm_100a", "sm_120f", "sm_121f"} <= set(names)


def test_nvcc_13_lists_start_at_turing(sample):
    arch = toolkits.parse_gpu_list(sample("nvcc-13.0-list-gpu-arch.txt"))
    code = toolkits.parse_gpu_list(sample("nvcc-13.0-list-gpu-code.txt"))
    assert arch[0] == "compute_75" and code[0] == "sm_75"
    assert "sm_110" in code and "sm_70" not in code


def test_help_without_gpu_names_is_refused():
    with pytest.raises(ValueError):
        toolkits.parse_ptxas_gpu_names("ptxas: usage\n--verbose\n")


def test_table_rows_show_which_toolkit_dropped_an_architecture(sample):
    accepted = {
        "cuda-11.8": toolkits.parse_ptxas_gpu_names(sample("ptxas-11.8-help-part.txt")),
        "cuda-12.9": toolkits.parse_ptxas_gpu_names(sample("ptxas-12.9-help-part.txt")),
        "cuda-13.0": toolkits.parse_gpu_list(
            sample("nvcc-13.0-list-gpu-arch.txt") + sample("nvcc-13.0-list-gpu-code.txt")
        ),
    }
    rows = {row["sm"]: row for row in toolkits.architecture_rows(accepted)}
    assert rows[70]["name"] == "Volta"
    assert rows[70]["accepted"]["cuda-12.9"] == ["sm_70", "compute_70", "lto_70"]
    assert rows[70]["accepted"]["cuda-13.0"] == []
    assert rows[90]["name"] == "Hopper" and rows[90]["compute_capability"] == "9.0"
    assert rows[89]["name"] == "Ada"
    assert rows[110]["name"] is None  # not named by the sources consulted, so not guessed


@pytest.mark.parametrize(
    ("name", "parts"),
    [("sm_90a", ("sm", 90, "a")), ("compute_121f", ("compute", 121, "f")), ("lto_75", ("lto", 75, ""))],
)
def test_target_names_split_into_kind_number_and_suffix(name, parts):
    assert toolkits.split_target(name) == parts


def test_compute_capability_of_three_digit_sm():
    assert toolkits.compute_capability(121) == "12.1"
