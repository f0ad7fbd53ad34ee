"""One build: its inputs in one object (build.py), its disk cache and key (cache.py), rendered
record pages kept in that cache (fragments.py), and the site-wide files written once every
language is built (finish.py). May import every other folder of the core."""
