"""Diagrams: DOT text from the model (dot_text.py), the one list of the site's diagrams
(registry.py), and Graphviz, the one place `dot` runs (graphviz.py; its cache folder is handed
in). Imports data and settings."""
