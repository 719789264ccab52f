"""The canvas UI toolkit: display lists, scenes, widgets, theme, animation and translations.

Nothing here imports the browser: scenes draw into a DisplayList that the JavaScript host paints, so
every scene runs and is tested under CPython.
"""
