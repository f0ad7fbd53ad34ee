"""What every other folder may read and nothing here depends on: where things are on the site
(addresses.py), its languages (from mkdocs.yml), colours and fonts (palette.py) and interface
words (ui.py). Imports nothing else of the core."""
