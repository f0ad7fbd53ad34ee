"""View data and HTML fragments for pages: a page's context (page.py), the views the macros call
(a module per page type, such as tool_pages.py or measured_page.py, and the figures they share in
diagram_figures.py), the Jinja environment (render.py), search terms and the slots that keep SVG
out of Markdown. Imports diagrams, data and settings; never the build or its cache."""
