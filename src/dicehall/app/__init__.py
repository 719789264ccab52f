"""The application shell: sessions (a match with its seats), screens, persistence and the page API.

Pure Python: the browser is reached only through ``dicehall.web``; tests drive the app under CPython.
"""
