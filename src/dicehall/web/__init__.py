"""The only package that knows the browser (Pyodide's ``js`` module). Imported in the browser only."""
