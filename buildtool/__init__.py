"""The build tool behind build.py: standard library only (Python >= 3.11), so it runs before any setup.

    common    the tree's paths, logging, hashing, writing, and the .build/ cache store
    env       the setup: npm ci, the .venv, Chromium, Firefox ESR and WebKitGTK
    appzip    our Python package as a zip, with its start-up modules precompiled by Pyodide
    stdlib    the standard library trimmed to what Pyodide and the app import (traced under Node)
    csp       the Content-Security-Policy: the page's hashes and the hosts' header
    hub       the parts of index.html the app renders: the hub at first paint, the font primer
    site      build(): the whole static site, in named steps
    compress  the precompressed .gz and .br siblings, the size table
    serve     the static server (serve, the browser tests, the benchmarks)
    cli       the commands build.py dispatches to: serve, test, bench

Modules import one another by name (`from buildtool import serve`); nothing here imports dicehall except
hub, which renders with the app's own code.
"""
