"""One build: its inputs in one object (build.py), its disk cache and key (cache.py), the finished
pages kept between builds with what each read (page_store.py) and what each read stands for now
(page_inputs.py), and the site-wide files written once every language is built (finish.py). May
import every other folder of the core."""
