"""Every environment variable the project reads, in one place, each with the process boundary it
crosses: a variable is used only where one process must tell another something that no option or
argument can reach (a command starting MkDocs, a test starting a build). Everything else is a typed
option of the site (options.py) or an argument.
"""

from __future__ import annotations

# CI or a fork's deploy → mkdocs.yml (`!ENV`): the address the site is published at.
SITE_URL = "SITE_URL"
# The build → MkDocs: dates in the output come from the last commit, not the clock.
SOURCE_DATE_EPOCH = "SOURCE_DATE_EPOCH"
# Tests and the benchmark → a build: another data folder than mkdocs.yml's, a cache folder of its
# own, and a file to count `dot` runs in.
DATA_DIR = "GSM_DATA_DIR"
CACHE_DIR = "GSM_CACHE_DIR"
DOT_COUNTER = "GSM_DOT_COUNTER"
# The build (core/pipeline/site_build.py) → each language's MkDocs process: build this language
# only (it saves its share of the site-wide files beside its site folder).
BUILD_LANGUAGE = "GSM_BUILD_LANGUAGE"
# make serve → its MkDocs builders: leave /llms-full.txt's text to the server, which writes the
# site-wide files once the new pages are served.
SEARCH_LATER = "GSM_SEARCH_LATER"
# --verify-reuse N → each language's MkDocs: render N pages it could reuse, at random, and fail
# if one differs from the stored copy (an input the build key misses).
VERIFY_REUSE = "GSM_VERIFY_REUSE"

VARIABLES = (
    SITE_URL,
    SOURCE_DATE_EPOCH,
    DATA_DIR,
    CACHE_DIR,
    DOT_COUNTER,
    BUILD_LANGUAGE,
    SEARCH_LATER,
    VERIFY_REUSE,
)
