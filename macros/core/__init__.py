"""Everything that knows the data and nothing of the site engine, in folders that follow the flow:

    settings/  the site's addresses, languages, colours, fonts and interface words
    data/      data/*.yaml → a checked, frozen model (one check for every id, wherever written)
    diagrams/  the model → DOT text → SVG (the one place `dot` runs)
    views/     the model and diagrams → HTML fragments for pages (Jinja templates, autoescaped)
    outputs/   whole files made from the model or the built pages: posters, llms.txt, search, exports
    build/     one build: its inputs, its disk cache, and the site-wide files written last

A module imports from its own folder and the folders above it in this list, never below;
nothing here imports the adapter or the engine (tests/test_layout.py holds both rules).
"""
