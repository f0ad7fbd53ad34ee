"""View data and HTML fragments for pages: a page's context (page.py), the views the macros call
(views.py, evidence_views.py), the Jinja environment (render.py), search terms and the slots that
keep SVG out of Markdown. Imports diagrams, data and settings; never the build or its cache."""
