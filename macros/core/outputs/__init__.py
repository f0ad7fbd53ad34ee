"""Whole files made from the model or the built pages: print documents (poster.py), /llms.txt
(llms_text.py from the model, llms_files.py from the pages), the search index (Pagefind), the
data export and the other site-wide files. Imports views and everything above them; a cache
they use is handed in."""
