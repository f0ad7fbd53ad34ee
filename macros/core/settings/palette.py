"""Layer colours: one per layer, stepped in lightness so bands stay distinct in grayscale.

Colours go by a layer's position in the stack, so a new layer id still gets a colour.
"""

from __future__ import annotations

# (fill, text, border) from the top layer to the bottom; lightness ≈ 95, 86, 77, 67, 56, 42, 19.
LAYER_COLOURS = [
    ("#eaf2fb", "#10253f", "#6b8fb8"),
    ("#bfe0c6", "#10301a", "#4f8a5c"),
    ("#e9b872", "#3a2500", "#9a6a1f"),
    ("#8fc43a", "#172600", "#4d7a0c"),
    ("#9a8ac9", "#140d33", "#5b4c94"),
    ("#3e6a8a", "#ffffff", "#1f4460"),
    ("#2f2f2f", "#ffffff", "#000000"),
]
OFF_STACK = ("#f4f4f4", "#222222", "#8a8a8a")  # platforms, artifacts and anything without a layer
FONT = "Noto Sans CJK SC"
# Code in the PDFs names its face too: the generic `monospace` is resolved by fontconfig from
# the locale (DejaVu Sans Mono under C, Noto Sans Mono CJK JP under ja_JP), which made the same
# commit print different font subsets on differently configured machines.
MONO_FONT = "Noto Sans Mono CJK SC"


def layer_colours(layer_ids: list[str], layer_id: str | None) -> tuple[str, str, str]:
    """(fill, text, border) for a layer id, given the stack's layer order."""
    if layer_id is None or layer_id not in layer_ids:
        return OFF_STACK
    return LAYER_COLOURS[layer_ids.index(layer_id) % len(LAYER_COLOURS)]
