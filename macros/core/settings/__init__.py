"""What every other folder may read and nothing here depends on: where things are on the site
(addresses.py), its languages (from mkdocs.yml), colours and fonts (palette.py), interface
words (ui.py), and the recording of what a page reads (reads.py), which the read sites of every
other folder call. Imports nothing else of the core."""
