"""The build of the site, start to finish. site_build.py's `build_site` is the one place it
happens, as the list of its steps: reuse a site built from the same inputs (snapshots.py), load,
draw the diagrams, have the engine build each language's pages, print (pdfs.py), merge, finish
(finish.py), index for search, publish (publish.py); live.py runs it for `make serve`.

What the steps share: the build's inputs in one object (build.py), its disk cache and key
(cache.py, inputs.py), the finished pages kept between builds with what each read (page_store.py)
and what each read stands for now (page_inputs.py). May import every other folder of the core."""
